import type { Payload } from 'payload'

import { createClient } from '@libsql/client'
import { readFile } from 'node:fs/promises'
import { payloadReserve } from 'payload-reserve'
import pg from 'pg'
import { Readable, Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { AdoptReport } from '../../../src/plugin/features/adopt/adopt-reservations.js'

import { describeAdoptReport } from '../../../src/cli/adopt.js'
import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { reservationStream } from '../../../src/events/types.js'
import { exportLedger } from '../../../src/ledger-io/export.js'
import { LEDGER_FORMAT_VERSION } from '../../../src/ledger-io/format.js'
import { importLedger } from '../../../src/ledger-io/import.js'
import { adoptReservations } from '../../../src/plugin/features/adopt/adopt-reservations.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { rebuildReservations } from '../../../src/projections/rebuild.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, startPayload, stopPayload } from '../../helpers/payload.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { monthEventsOf } from '../../support/month-streams.js'
import { startReservePayload } from '../../support/reserve-payload.js'

type Doc = Record<string, any> & { id: number | string }

/** payload-reserve's vocabularies (its defaults), kept so the stored select values stay valid. */
const KEPT_VOCABULARIES = {
  leaveTypes: ['vacation', 'sick', 'personal', 'closure', 'other'],
  resourceTypes: ['staff', 'equipment', 'room'],
}

/** The schema step as a user runs it: the shipped SQL file in one session (`psql -f`, `sqlite3 db < file`). */
const runSchemaStep = async (database: TestDatabase): Promise<void> => {
  const sql = await readFile(new URL(`../../../docs/adopt/${database.kind}.sql`, import.meta.url), 'utf8')
  if (database.kind === 'sqlite') {
    const client = createClient({ url: database.uri })
    try {
      await client.executeMultiple(sql)
    } finally {
      client.close()
    }
    return
  }
  const client = new pg.Client({ connectionString: database.uri })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** The collection as stored, without the row keys Payload gives groups it saved itself. */
const snapshot = async (payload: Payload): Promise<Doc[]> => {
  const { docs } = await payload.db.find({ collection: 'reservations', limit: 0, pagination: false, sort: 'id' })
  return JSON.parse(JSON.stringify(docs, (key, value: unknown) => (key === '_uuid' ? undefined : value))) as Doc[]
}

describe.each(testDatabaseKinds())('adopting a payload-reserve reservations collection (%s)', (kind) => {
  let database: TestDatabase
  let site: Payload | undefined
  /** The documents as payload-reserve left them, by name. */
  const before: Record<'cancelled' | 'first' | 'guest' | 'overlapping', Doc> = {} as never
  let guestToken = ''
  let service: number | string
  let chair: number | string
  let adminToken = ''

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })

  afterAll(async () => {
    if (site) {
      await stopPayload(site)
    }
    await database?.drop()
  })

  it('starts from a database payload-reserve wrote: two reservations overlapping on a resource whose capacity was lowered since', async () => {
    const old = await startPayload({ database, plugins: [payloadReserve({ allowGuestBooking: true, userCollection: 'users' })] })
    try {
      const create = (collection: string, data: Record<string, unknown>) => old.create({ collection: collection as 'users', data: data as never }) as Promise<Doc>
      await create('users', { email: 'admin@example.test', password: 'secret-password', role: 'admin' })
      const customer = await create('users', { email: 'ada@example.test', password: 'secret-password', role: 'customer' })
      service = (await create('services', { duration: 60, durationType: 'fixed', name: 'Cut' })).id
      chair = (await create('resources', { name: 'Chair', quantity: 2, services: [service] })).id
      await create('schedules', {
        exceptions: [{ date: '2031-01-13' }],
        name: 'Every day',
        recurringSlots: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, endTime: '18:00', startTime: '08:00' })),
        resource: chair,
        scheduleType: 'recurring',
      })
      const book = (startTime: string, extra: Record<string, unknown> = { customer: customer.id }) =>
        create('reservations', { resource: chair, service, startTime, ...extra })
      const first = await book('2031-01-06T10:00:00.000Z')
      await old.update({ collection: 'reservations' as 'users', data: { status: 'confirmed' } as never, id: first.id })
      await book('2031-01-06T10:30:00.000Z')
      const cancelled = await book('2031-01-06T13:00:00.000Z')
      await old.update({
        collection: 'reservations' as 'users',
        data: { cancellationReason: 'Rain', status: 'cancelled' } as never,
        id: cancelled.id,
      })
      await book('2031-01-06T15:00:00.000Z', { guest: { email: 'grace@example.test', name: 'Grace' } })
      // The chair is down to one: the two 10:xx bookings now overlap beyond its capacity.
      await old.update({ collection: 'resources' as 'users', data: { quantity: 1 } as never, id: chair })
      const { docs } = await old.find({ collection: 'reservations' as 'users', depth: 0, overrideAccess: true, sort: 'createdAt' })
      ;[before.first, before.overlapping, before.cancelled, before.guest] = docs as Doc[]
      guestToken = String(((await old.db.findOne({ collection: 'reservations', where: { id: { equals: before.guest.id } } })) as Doc).cancellationToken)
    } finally {
      await stopPayload(old)
    }
    expect(before.first).toMatchObject({ status: 'confirmed' })
    expect(before.cancelled).toMatchObject({ cancellationReason: 'Rain', status: 'cancelled' })
    expect(guestToken).toMatch(/^[\w-]{20,}$/)
  })

  it('the schema step and the first start with this plugin keep every document, ids included (as text)', async () => {
    await runSchemaStep(database)
    site = await startReservePayload(database, { allowGuestBooking: true, ...KEPT_VOCABULARIES })
    adminToken = await login(site, { email: 'admin@example.test', password: 'secret-password' })
    const docs = await snapshot(site)
    expect(docs.map(({ id }) => id).sort()).toEqual(Object.values(before).map(({ id }) => String(id)).sort())
    const cancelled = docs.find(({ id }) => id === String(before.cancelled.id))
    expect(cancelled).toMatchObject({ notes: 'Cancellation reason: Rain', status: 'cancelled' })
    const { docs: schedules } = await site.find({ collection: 'schedules', depth: 0 })
    expect(schedules[0]).toMatchObject({ exceptions: [{ date: '2031-01-13', type: 'other' }] })
  })

  it('a dry run reports the conflict and writes nothing', async () => {
    const payload = site!
    const documents = await snapshot(payload)
    const report = await adoptReservations(payload, ledgerServices, { dryRun: true })
    expect(report).toMatchObject({
      adopted: Object.values(before).map(({ id }) => String(id)),
      conflicts: [{ id: String(before.overlapping.id), overlaps: [String(before.first.id)] }],
      dryRun: true,
      failed: [],
      skipped: 0,
      total: 4,
    })
    expect(describeAdoptReport(report)).toEqual([
      expect.stringContaining('(dry run, nothing written): 4 documents in reservations: would adopt 4, 1 of them over capacity'),
      expect.stringContaining(`conflict: ${before.overlapping.id} overlaps ${before.first.id} beyond capacity`),
    ])
    const { store } = ledgerServices.of(payload)
    expect(await store.readAll({ limit: 10 })).toEqual([])
    expect(await snapshot(payload)).toEqual(documents)
  })

  let adopted: AdoptReport
  it('adopts each document as one ReservationAdopted at its own time, the earlier of an overlap claiming the time', async () => {
    const payload = site!
    const progress: number[] = []
    adopted = await adoptReservations(payload, ledgerServices, { onProgress: ({ done }) => progress.push(done) })
    expect(progress).toEqual([1, 2, 3, 4])
    expect(adopted).toMatchObject({
      conflicts: [{ id: String(before.overlapping.id), overlaps: [String(before.first.id)] }],
      dryRun: false,
      failed: [],
      skipped: 0,
      total: 4,
    })
    const { ledger, store } = ledgerServices.of(payload)
    for (const doc of Object.values(before)) {
      const events = await ledger.history(String(doc.id))
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({
        data: { collection: 'reservations', createdAt: doc.createdAt, status: doc.status, updatedAt: doc.updatedAt },
        metadata: { actor: { kind: 'system', name: 'adopt' }, at: doc.createdAt, reason: 'adopted from reservations' },
        type: 'ReservationAdopted',
      })
    }
    expect((await ledger.history(String(before.overlapping.id)))[0].data).toMatchObject({ overCapacity: [String(before.first.id)] })
    // Blocking reservations claim the chair, the overlapping one beyond its capacity; the cancelled one claims nothing.
    const claims = (await monthEventsOf(store, String(chair))).flat().map((event) => event.data.reservationId)
    expect(claims.sort()).toEqual([before.first.id, before.overlapping.id, before.guest.id].map(String).sort())
    // The documents are what they were: same ids, times, statuses and time stamps, now at their stream's revision.
    const docs = await snapshot(payload)
    for (const doc of Object.values(before)) {
      expect(docs.find(({ id }) => id === String(doc.id))).toMatchObject({
        createdAt: doc.createdAt,
        endTime: doc.endTime,
        ledgerRevision: 0,
        startTime: doc.startTime,
        status: doc.status,
        updatedAt: doc.updatedAt,
      })
    }
    expect(await store.streamRevision(reservationStream(String(before.cancelled.id)))).toBe(0)
  })

  it('a second run adopts nothing new', async () => {
    const payload = site!
    const documents = await snapshot(payload)
    const events = await ledgerServices.of(payload).store.readAll({ limit: 1000 })
    expect(await adoptReservations(payload, ledgerServices)).toMatchObject({ adopted: [], conflicts: [], failed: [], skipped: 4, total: 4 })
    expect(await ledgerServices.of(payload).store.readAll({ limit: 1000 })).toEqual(events)
    expect(await snapshot(payload)).toEqual(documents)
  })

  it('bookings see the adopted reservations: 409 where one holds the time, 201 in a cancelled one’s', async () => {
    const payload = site!
    const book = (startTime: string) => postJson(payload, '/api/reserve/book', { guest: { email: 'new@example.test', name: 'New' }, resource: chair, service, startTime })
    expect((await book('2031-01-06T10:00:00.000Z')).status).toBe(409)
    expect((await book('2031-01-06T11:00:00.000Z')).status).toBe(409)
    expect((await book('2031-01-06T15:00:00.000Z')).status).toBe(409)
    expect((await book('2031-01-06T13:00:00.000Z')).status).toBe(201)
    // The guest's cancellation link from payload-reserve still works, and frees the time.
    const cancelled = await postJson(payload, '/api/reserve/cancel', { reservationId: String(before.guest.id), token: guestToken })
    expect(cancelled).toMatchObject({ body: { status: 'cancelled' }, status: 200 })
    expect((await book('2031-01-06T15:00:00.000Z')).status).toBe(201)
    const history = await getJson(payload, withQuery('/api/reserve/history', { reservationId: String(before.guest.id) }), adminToken)
    expect(history.body.events.map(({ type }: { type: string }) => type)).toEqual(['ReservationAdopted', 'ReservationStatusChanged'])
  })

  it('rebuilding from the ledger leaves the collection as it is', async () => {
    const payload = site!
    const runtime = ledgerServices.of(payload)
    const documents = await snapshot(payload)
    expect(documents).toHaveLength(6)
    await rebuildReservations(payload, { collection: 'reservations', projector: runtime.projector, store: runtime.store })
    expect(await snapshot(payload)).toEqual(documents)
  })

  it('exports the adopted ledger as a file of the current version that imports whole', async () => {
    const { store } = ledgerServices.of(site!)
    let text = ''
    const sink = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk)
        done()
      },
    })
    await exportLedger(store, sink)
    expect(JSON.parse(text.split('\n')[0])).toMatchObject({ format: 'payload-reserve-ledger', version: LEDGER_FORMAT_VERSION })
    const target = createMemoryEventStore()
    await importLedger(target, Readable.from([text]))
    const adoptedEvents = (await target.readAll({ limit: 1000 })).filter(({ type }) => type === 'ReservationAdopted')
    expect(adoptedEvents.map(({ data }) => data.reservationId).sort()).toEqual(Object.values(before).map(({ id }) => String(id)).sort())
    const kept = (events: Array<{ data: unknown; metadata: unknown; revision: number; type: string }>) =>
      events.map(({ data, metadata, revision, type }) => ({ data, metadata, revision, type }))
    const stream = reservationStream(String(before.first.id))
    expect(kept(await target.readStream(stream))).toEqual(kept(await store.readStream(stream)))
  })
})
