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
    return docs
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
})
