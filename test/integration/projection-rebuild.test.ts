import { describe, expect, it } from 'vitest'

import { getRuntime } from '../../src/plugin/runtime.js'
import { rebuildReservations } from '../../src/projections/rebuild.js'
import { testDatabaseKinds } from '../helpers/databases.js'
import { seedBookable } from '../support/reserve-payload.js'
import { usePayloadOn } from '../support/suite-payload.js'

describe.each(testDatabaseKinds())('the reservations projection (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })

  const snapshot = async () => {
    const { docs } = await site.payload.db.find({ collection: 'reservations', limit: 0, pagination: false, sort: 'id' })
    // `_uuid` is a row key Payload gives a group it saved itself; it is no part of the reservation.
    return JSON.parse(JSON.stringify(docs, (key, value: unknown) => (key === '_uuid' ? undefined : value))) as typeof docs
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

    const history = await getRuntime(site.payload).ledger.history(String(booked.id))
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
    const runtime = getRuntime(site.payload)
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

  it('leaves every document in place when a rebuild fails halfway, and a finished rebuild sets them right', async () => {
    const { resource, service } = await seedBookable(site.payload, { quantity: 20 })
    for (let n = 0; n < 12; n++) {
      await site.payload.create({
        collection: 'reservations',
        data: { resource: resource.id, service: service.id, startTime: `2030-10-${String(n + 1).padStart(2, '0')}T09:00:00.000Z` },
      })
    }
    const before = await snapshot()
    // Every document says something the ledger does not: the rebuild has work on each.
    for (const doc of before) {
      await site.payload.db.updateOne({ collection: 'reservations', data: { notes: 'tampered' }, id: doc.id, returning: false })
    }
    const runtime = getRuntime(site.payload)
    // Document writes of either kind fail from halfway on.
    const { create, updateOne } = site.payload.db
    let writes = 0
    const failHalfway = <A extends { collection: string }, R>(write: (args: A) => Promise<R>) =>
      (args: A): Promise<R> =>
        args.collection === 'reservations' && ++writes > before.length / 2
          ? Promise.reject(new Error('database went away halfway through the rebuild'))
          : write.call(site.payload.db, args)
    site.payload.db.create = failHalfway(create)
    site.payload.db.updateOne = failHalfway(updateOne)
    try {
      await expect(
        rebuildReservations(site.payload, { collection: 'reservations', projector: runtime.projector, store: runtime.store }),
      ).rejects.toThrow(/halfway/)
    } finally {
      Object.assign(site.payload.db, { create, updateOne })
    }
    expect((await snapshot()).map((doc) => doc.id)).toEqual(before.map((doc) => doc.id))

    await rebuildReservations(site.payload, { collection: 'reservations', projector: runtime.projector, store: runtime.store })
    expect(await snapshot()).toEqual(before)
  })

  it('repairs a torn document at its own revision, deletes one the ledger never had, and leaves a correct one unwritten', async () => {
    const { resource, service } = await seedBookable(site.payload, { quantity: 20 })
    const torn = await site.payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2030-11-03T09:00:00.000Z' },
    })
    const untouched = await site.payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2030-11-04T09:00:00.000Z' },
    })
    const expected = await snapshot()
    // Another write's times and item rows, at the same revision.
    // A copy: the adapter writes row keys into the data it is given.
    const stored = structuredClone(expected.find((doc) => doc.id === torn.id)!)
    await site.payload.db.updateOne({
      collection: 'reservations',
      data: { ...stored, endTime: '2030-11-03T15:00:00.000Z', items: [{ id: `${torn.id}-0`, resource: resource.id }] },
      id: torn.id,
      returning: false,
    })
    await site.payload.db.create({
      collection: 'reservations',
      data: {
        createdAt: '2030-01-01T00:00:00.000Z',
        id: 'no-such-reservation',
        resource: resource.id,
        service: service.id,
        startTime: '2030-11-05T09:00:00.000Z',
        status: 'pending',
        updatedAt: '2030-01-01T00:00:00.000Z',
      },
    })
    const updateOne = site.payload.db.updateOne.bind(site.payload.db)
    const written: string[] = []
    site.payload.db.updateOne = (args) => {
      written.push(String(args.id))
      return updateOne(args)
    }
    try {
      const runtime = getRuntime(site.payload)
      await rebuildReservations(site.payload, { collection: 'reservations', projector: runtime.projector, store: runtime.store })
    } finally {
      site.payload.db.updateOne = updateOne
    }
    expect(await snapshot()).toEqual(expected)
    expect(written).toContain(String(torn.id))
    expect(written).not.toContain(String(untouched.id))
  })
})
