import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { rebuildReservations } from '../../../src/projections/rebuild.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { seedBookable } from '../../support/reserve-payload.js'
import { spawnNode } from '../../support/spawn-node.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Doc = Record<string, unknown> & { id: number | string }

describe.each(testDatabaseKinds())('the reservations projection (%s)', (kind) => {
  // Catch-up would repair the documents these tests tamper with: only the code under test may.
  const site = usePayloadOn(kind, { allowGuestBooking: true, catchUp: { graceMs: 3_600_000, intervalMs: 3_600_000 } })

  const snapshot = async (): Promise<Doc[]> => {
    const { docs } = await site.payload.db.find({ collection: 'reservations', limit: 0, pagination: false, sort: 'id' })
    // `_uuid` is a row key Payload gives a group it saved itself; it is no part of the reservation.
    return JSON.parse(JSON.stringify(docs, (key, value: unknown) => (key === '_uuid' ? undefined : value))) as Doc[]
  }

  const rebuild = () => {
    const runtime = ledgerServices.of(site.payload)
    return rebuildReservations(site.payload, { collection: 'reservations', projector: runtime.projector, store: runtime.store })
  }

  /** Books `count` hourly reservations from `from`, each also holding `second` as an item where given. */
  const book = async (count: number, from: string, second?: number | string) => {
    const { resource, service } = await seedBookable(site.payload, { quantity: 1 })
    if (second !== undefined) {
      // The item's resource offers this service too, as it must to be booked with it.
      const offered = await site.payload.findByID({ collection: 'resources', depth: 0, id: second })
      await site.payload.update({ collection: 'resources', data: { services: [...(offered.services as Array<number | string>), service.id] }, id: second })
    }
    const ids: Array<number | string> = []
    for (let n = 0; n < count; n++) {
      const { id } = await site.payload.create({
        collection: 'reservations',
        data: {
          ...(second === undefined ? {} : { items: [{ resource: second }] }),
          resource: resource.id,
          service: service.id,
          startTime: new Date(Date.parse(from) + n * 3_600_000).toISOString(),
        },
      })
      ids.push(id)
    }
    return { ids, resource, service }
  }

  /** Writes `change` straight into a document, past the ledger, at its own revision. */
  const tamper = (doc: Doc, change: Record<string, unknown>) =>
    site.payload.db.updateOne({
      collection: 'reservations',
      // The whole document: an update with item rows is an upsert of every column. A copy, as
      // the adapter writes row keys into the data it is given.
      data: { ...structuredClone(doc), ...change },
      id: doc.id,
      returning: false,
    })

  const tamperAll = async (docs: Doc[], change: Record<string, unknown>) => {
    for (const doc of docs) {
      await tamper(doc, change)
    }
    return snapshot()
  }

  type Write = (args: {
    collection: string
    data?: { id?: unknown }
    id?: unknown
    where?: { id?: { equals?: unknown } }
  }) => Promise<unknown>
  const WRITES = ['create', 'deleteOne', 'updateOne'] as const

  /**
   * Runs `run` with every document write of the reservations collection through Payload's
   * database adapter passed to `intercept` (with the reservation id and the real write).
   */
  const interceptWrites = async (
    intercept: (id: string, write: () => Promise<unknown>) => Promise<unknown>,
    run: () => Promise<unknown>,
  ) => {
    const db = site.payload.db as unknown as Record<(typeof WRITES)[number], Write>
    const originals = { create: db.create, deleteOne: db.deleteOne, updateOne: db.updateOne }
    for (const name of WRITES) {
      db[name] = (args) =>
        args.collection === 'reservations'
          ? intercept(String(args.id ?? args.data?.id ?? args.where?.id?.equals), () => originals[name].call(site.payload.db, args))
          : originals[name].call(site.payload.db, args)
    }
    try {
      await run()
    } finally {
      Object.assign(db, originals)
    }
  }

  /** The ids of the documents written (created, updated, deleted) while `run` runs. */
  const writesDuring = async (run: () => Promise<unknown>): Promise<string[]> => {
    const written: string[] = []
    await interceptWrites((id, write) => (written.push(id), write()), run)
    return written
  }

  it('keeps every status change as an event with actor, time and reason, readable in order', async () => {
    const { resource, service } = await seedBookable(site.payload)
    const staff = await site.payload.create({
      collection: 'users',
      data: { email: 'staff-history@example.test', password: 'secret-pass-1', role: 'staff' },
    })
    const booked = await site.payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2030-07-01T09:00:00.000Z' },
    })
    await site.payload.update({
      collection: 'reservations',
      context: { reason: 'confirmed by phone' },
      data: { status: 'confirmed' },
      id: booked.id,
      user: staff,
    })
    await site.payload.update({ collection: 'reservations', data: { status: 'completed' }, id: booked.id, user: staff })

    const history = await ledgerServices.of(site.payload).ledger.history(String(booked.id))
    expect(history.map((event) => [event.revision, event.type])).toEqual([
      [0, 'ReservationBooked'],
      [1, 'ReservationStatusChanged'],
      [2, 'ReservationStatusChanged'],
    ])
    expect(history[1].data).toMatchObject({ from: 'pending', to: 'confirmed' })
    expect(history[1].metadata).toMatchObject({
      actor: { collection: 'users', id: String(staff.id), kind: 'user' },
      correlationId: booked.id,
      reason: 'confirmed by phone',
    })
    expect(history[0].metadata.actor).toEqual({ kind: 'system', name: 'local-api' })
    for (const event of history) {
      expect(Date.parse(event.metadata.at)).toBeGreaterThan(Date.now() - 60_000)
    }
    const doc = await site.payload.findByID({ collection: 'reservations', id: booked.id })
    expect(doc.status).toBe('completed')
    expect(doc.ledgerRevision).toBe(2)
  })

  it('rebuilds the collection from the ledger into identical documents', async () => {
    const { resource, service } = await seedBookable(site.payload, { quantity: 3 })
    const ids: Array<number | string> = []
    for (let day = 1; day <= 6; day++) {
      const doc = await site.payload.create({
        collection: 'reservations',
        data: {
          ...(day === 6 ? { guest: { email: 'g@example.test', name: 'Guest Six' } } : {}),
          notes: `day ${day}`,
          resource: resource.id,
          service: service.id,
          startTime: `2030-08-0${day}T09:00:00.000Z`,
        },
      })
      ids.push(doc.id)
    }
    await site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: ids[0] })
    await site.payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id: ids[1] })
    await site.payload.update({ collection: 'reservations', data: { startTime: '2030-08-20T13:30:00.000Z' }, id: ids[2] })
    await site.payload.update({ collection: 'reservations', data: { notes: 'moved to the window seat' }, id: ids[3] })
    await site.payload.delete({ collection: 'reservations', id: ids[4] })

    const moved = await site.payload.findByID({ collection: 'reservations', id: ids[2] })
    expect(moved.endTime).toBe('2030-08-20T14:30:00.000Z')

    const before = await snapshot()
    expect(before.map((doc) => doc.id)).not.toContain(ids[4])
    const runtime = ledgerServices.of(site.payload)
    const progress: number[] = []
    const result = await rebuildReservations(
      site.payload,
      { collection: 'reservations', projector: runtime.projector, store: runtime.store },
      ({ done }) => progress.push(done),
    )
    expect(result.done).toBe(result.total)
    expect(progress.at(-1)).toBe(result.total)
    expect(await snapshot()).toEqual(before)
  })

  it('deletes the document of a reservation its stream says is deleted, and one the ledger never had', async () => {
    const { ids } = await book(2, '2030-12-01T09:00:00.000Z')
    const deleted = (await snapshot()).find((doc) => doc.id === ids[1])!
    await site.payload.delete({ collection: 'reservations', id: ids[1] })
    const expected = await snapshot()
    // Both written past the ledger; copies, as the adapter writes row keys into the data it is given.
    await site.payload.db.create({ collection: 'reservations', data: structuredClone(deleted) })
    await site.payload.db.create({ collection: 'reservations', data: { ...structuredClone(deleted), id: 'no-such-reservation' } })
    expect((await snapshot()).map((doc) => doc.id)).toEqual(expect.arrayContaining([ids[1], 'no-such-reservation']))

    await rebuild()
    expect(await snapshot()).toEqual(expected)
  })

  it('repairs a torn document at its own revision, and leaves one that says what the ledger says unwritten', async () => {
    const other = await seedBookable(site.payload, { quantity: 20 })
    const {
      ids: [torn, untouched],
      resource,
    } = await book(2, '2030-11-03T09:00:00.000Z', other.resource.id)
    const expected = await snapshot()
    // Another write's times and item row (its derived row id, another resource), same revision.
    const expectedDoc = expected.find((doc) => doc.id === torn)!
    await tamper(expectedDoc, {
      endTime: '2030-11-03T15:00:00.000Z',
      items: [{ id: `${torn}-0`, resource: resource.id }],
      startTime: '2030-11-03T14:00:00.000Z',
    })
    const tornDoc = (await snapshot()).find((doc) => doc.id === torn)!
    expect(tornDoc.ledgerRevision).toBe(expectedDoc.ledgerRevision)
    expect(tornDoc).not.toEqual(expectedDoc)

    const { projector } = ledgerServices.of(site.payload)
    const written = await writesDuring(async () => {
      await projector.project(String(torn))
      await projector.project(String(untouched))
    })
    expect(written).toEqual([String(torn)])
    expect(await snapshot()).toEqual(expected)
  })

  it('leaves every document in place when a document write fails halfway through a rebuild; a finished rebuild sets them right', async () => {
    const other = await seedBookable(site.payload, { quantity: 20 })
    await book(12, '2030-10-01T09:00:00.000Z', other.resource.id)
    const before = await snapshot()
    // Every document says something the ledger does not: the rebuild has a write to make for each.
    const tampered = await tamperAll(before, { items: [], notes: 'tampered' })
    const half = Math.floor(before.length / 2)
    let writes = 0
    await expect(
      interceptWrites(
        (_, write) => (++writes > half ? Promise.reject(new Error('database went away halfway through the rebuild')) : write()),
        rebuild,
      ),
    ).rejects.toThrow(/halfway/)

    const after = await snapshot()
    expect(after.map((doc) => doc.id)).toEqual(before.map((doc) => doc.id))
    // Each as the ledger says (the writes that went through) or as it was.
    expect(after.filter((doc, index) => isDeepStrictEqual(doc, before[index]))).toHaveLength(half)
    expect(after.filter((doc, index) => isDeepStrictEqual(doc, tampered[index]))).toHaveLength(before.length - half)

    await rebuild()
    expect(await snapshot()).toEqual(before)
  })

  it('leaves every document in place when the rebuild process is killed halfway; a finished rebuild sets them right', async () => {
    await book(300, '2031-01-01T00:00:00.000Z')
    const before = await snapshot()
    const tampered = await tamperAll(before, { notes: 'tampered' })
    const stillTampered = async () =>
      (await site.payload.db.count({ collection: 'reservations', where: { notes: { equals: 'tampered' } } })).totalDocs

    const node = spawnNode('test/support/rebuild-node.ts', { NODE_DATABASE_KIND: kind, NODE_DATABASE_URI: site.database.uri })
    let ended = false
    void node.exited.then(() => (ended = true))
    await node.waitFor('rebuild: 0/')
    // Killed once it has rewritten some documents, wherever it is by then.
    while (!ended && (await stillTampered()) > before.length - 50) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    node.process.kill('SIGKILL')
    expect(await node.exited).toBe('SIGKILL')
    expect(node.lines.filter((line) => line.startsWith('rebuild: done'))).toEqual([])

    const after = await snapshot()
    expect(after.map((doc) => doc.id)).toEqual(before.map((doc) => doc.id))
    const rebuilt = after.filter((doc, index) => isDeepStrictEqual(doc, before[index])).length
    const untouched = after.filter((doc, index) => isDeepStrictEqual(doc, tampered[index])).length
    expect(rebuilt + untouched).toBe(before.length)
    // It was killed mid-way: some documents rewritten, some not reached.
    expect(rebuilt).toBeGreaterThanOrEqual(50)
    expect(untouched).toBeGreaterThan(0)

    await rebuild()
    expect(await snapshot()).toEqual(before)
  })
})
