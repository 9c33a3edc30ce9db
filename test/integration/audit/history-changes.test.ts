import { beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { getJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, http } from '../support/plugin-http.js'

type Id = number | string

const STAFF_NOTE = 'Pays late, ask for a deposit'

describe.each(testDatabaseKinds())('what changed, in the history (%s)', (kind) => {
  const site = usePayloadOn(kind, {})
  const users: Record<'admin' | 'alice', { id: Id; token: string }> = {} as never
  const ids: Record<'desk' | 'loft' | 'service', Id> = {} as never

  const history = (reservationId: string, token: string) =>
    getJson(site.payload, withQuery('/api/reserve/history', { reservationId }), token)

  /** Alice's booking, moved by staff to another day and room for more guests, a staff note added, then confirmed. */
  const movedBooking = async (startTime: string) => {
    const booked = await http(site.payload, '/api/reservations', {
      body: { customer: users.alice.id, guestCount: 2, notes: 'Window seat', resource: ids.desk, service: ids.service, startTime },
      method: 'POST',
      token: users.alice.token,
    })
    expect(booked.status).toBe(201)
    const id = String(booked.body.doc.id)
    const moved = await http(site.payload, `/api/reservations/${id}`, {
      body: { guestCount: 4, notes: STAFF_NOTE, resource: ids.loft, startTime: '2031-05-07T12:00:00.000Z' },
      method: 'PATCH',
      token: users.admin.token,
    })
    expect(moved.status).toBe(200)
    const confirmed = await http(site.payload, `/api/reservations/${id}`, { body: { status: 'confirmed' }, method: 'PATCH', token: users.admin.token })
    expect(confirmed.status).toBe(200)
    return id
  }

  beforeAll(async () => {
    for (const [name, role] of [
      ['admin', 'admin'],
      ['alice', 'customer'],
    ] as const) {
      const email = `${name}@changes.test`
      const user = await site.payload.create({ collection: 'users', data: { email, password: 'secret-password', role } })
      users[name] = { id: user.id, token: await login(site.payload, { email, password: 'secret-password' }) }
    }
    ids.service = (await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Hour' } })).id
    for (const name of ['desk', 'loft'] as const) {
      ids[name] = (await site.payload.create({ collection: 'resources', data: { name, quantity: 5, services: [ids.service] } })).id
      await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: ids[name] } })
    }
  })

  it('tells staff each changed field with its old and new value: the move, the guests, the notes, the status', async () => {
    const id = await movedBooking('2031-05-06T08:00:00.000Z')
    const { body, status } = await history(id, users.admin.token)
    expect(status).toBe(200)
    expect(body.events.map((event: { type: string }) => event.type)).toEqual([
      'ReservationBooked',
      'ReservationDetailsUpdated',
      'ReservationRescheduled',
      'ReservationStatusChanged',
    ])
    const [booked, details, moved, confirmed] = body.events
    expect(booked.changes).toEqual([])
    expect(details.changes).toEqual([{ field: 'notes', from: 'Window seat', to: STAFF_NOTE }])
    expect(moved.changes).toEqual([
      { field: 'startTime', from: '2031-05-06T08:00:00.000Z', to: '2031-05-07T12:00:00.000Z' },
      { field: 'endTime', from: '2031-05-06T09:00:00.000Z', to: '2031-05-07T13:00:00.000Z' },
      { field: 'resource', from: ids.desk, to: ids.loft },
      { field: 'guestCount', from: 2, to: 4 },
    ])
    // The event itself carries the schedule it replaced, as the decider recorded it.
    expect(moved.data.previous).toMatchObject({ guestCount: 2, resource: ids.desk, startTime: '2031-05-06T08:00:00.000Z' })
    expect(confirmed.changes).toEqual([{ field: 'status', from: 'pending', to: 'confirmed' }])
  })

  it('reads a move written by an older version, without the old schedule, from the stream up to it', async () => {
    const id = await movedBooking('2031-05-08T08:00:00.000Z')
    const { store } = ledgerServices.of(site.payload)
    const stream = `reserve-reservation-${id}`
    const head = (await store.readStream(stream)).at(-1)!
    const reservation = await site.payload.findByID({ collection: 'reservations', depth: 0, id })
    const plan = {
      claims: [{ intervals: [{ end: Date.parse('2031-05-09T10:00:00.000Z'), start: Date.parse('2031-05-09T09:00:00.000Z'), units: 1 }], resource: String(ids.loft) }],
      endTime: '2031-05-09T10:00:00.000Z',
      guestCount: 4,
      items: [],
      resource: ids.loft,
      service: ids.service,
      startTime: '2031-05-09T09:00:00.000Z',
    }
    await store.append({
      events: [{ data: { ...plan, reservationId: id }, metadata: { ...head.metadata, actor: { kind: 'system', name: 'older-version' } }, type: 'ReservationRescheduled' }],
      expectedRevision: head.revision,
      stream,
    })
    const older = (await history(id, users.admin.token)).body.events.at(-1)
    expect(older.changes).toEqual([
      { field: 'startTime', from: reservation.startTime, to: '2031-05-09T09:00:00.000Z' },
      { field: 'endTime', from: reservation.endTime, to: '2031-05-09T10:00:00.000Z' },
    ])
    expect(older.data.previous).toMatchObject({ guestCount: 4, startTime: reservation.startTime })
  })

  it('shows a customer their own history without the staff notes: no values, no changes, no notes-only event', async () => {
    const id = await movedBooking('2031-05-10T08:00:00.000Z')
    const { body, status } = await history(id, users.alice.token)
    expect(status).toBe(200)
    expect(body.events.map((event: { type: string }) => event.type)).toEqual([
      'ReservationBooked',
      'ReservationRescheduled',
      'ReservationStatusChanged',
    ])
    const text = JSON.stringify(body)
    expect(text).not.toContain(STAFF_NOTE)
    expect(text).not.toContain('Window seat')
    expect(text).not.toContain('"notes"')
    expect(body.events[1].changes.map((change: { field: string }) => change.field)).toEqual(['startTime', 'endTime', 'resource', 'guestCount'])
    // Staff still read the notes of the same reservation.
    expect(JSON.stringify((await history(id, users.admin.token)).body)).toContain(STAFF_NOTE)
  })

  it('draws the calendar as it was with the booker and relations of each reservation then', async () => {
    const before = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const id = await movedBooking('2031-05-12T08:00:00.000Z')
    const asOf = await getJson(
      site.payload,
      withQuery('/api/reserve/as-of', { at: new Date(before).toISOString(), end: '2031-05-08T00:00:00.000Z', resource: String(ids.loft), start: '2031-05-07T00:00:00.000Z' }),
      users.admin.token,
    )
    // Before the booking the loft held only the earlier tests' reservations, not this one.
    expect(asOf.body.reservations.map((reservation: { id: string }) => reservation.id)).not.toContain(id)
    const now = await getJson(
      site.payload,
      withQuery('/api/reserve/as-of', { at: new Date().toISOString(), end: '2031-05-08T00:00:00.000Z', resource: String(ids.loft), start: '2031-05-07T00:00:00.000Z' }),
      users.admin.token,
    )
    expect(now.body.reservations.find((reservation: { id: string }) => reservation.id === id)).toEqual({
      customer: users.alice.id,
      endTime: '2031-05-07T13:00:00.000Z',
      // This site adds no fields of its own.
      fields: {},
      // As the collection's read gives it: the group's fields, unset.
      guest: { email: null, name: null, phone: null },
      guestCount: 4,
      id,
      items: [],
      resource: ids.loft,
      service: ids.service,
      startTime: '2031-05-07T12:00:00.000Z',
      status: 'confirmed',
    })
  })
})
