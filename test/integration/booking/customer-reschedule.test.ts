import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { getJson, postJson, sendJson, withQuery } from '../../support/http.js'
import { signedInUsers } from '../../support/signed-in-users.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { errorPaths } from '../support/plugin-http.js'
import { reservationStream } from '../../../src/events/types.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** `days` from today (UTC) at `hour`:00 UTC. */
const dayAt = (days: number, hour: number): string => {
  const midnight = Math.floor(Date.now() / DAY) * DAY
  return new Date(midnight + days * DAY + hour * HOUR).toISOString()
}

type Id = number | string

/**
 * A signed-in customer moves their own booking with PATCH /api/reservations/:id, under the
 * rules a booking passes (README "Customers", docs/ARCHITECTURE.md "Rules and access").
 */
describe.each(testDatabaseKinds())('a customer moves their own booking (%s)', (kind) => {
  const site = usePayloadOn(kind, {
    bookingWindow: { maxAdvanceDays: 30, minNoticeMinutes: 0 },
    cancellationNoticePeriod: 24,
    timezone: 'UTC',
  })
  const users: Record<'admin' | 'alice' | 'bob', { id: Id; token: string }> = {} as never
  const ids: Record<'closed' | 'desk' | 'hour' | 'loft' | 'retired', Id> = {} as never

  const book = async (startTime: string, token: string, service: Id = ids.hour, customer?: Id) => {
    const response = await postJson(site.payload, '/api/reserve/book', { ...(customer ? { customer } : {}), resource: ids.desk, service, startTime }, token)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return String(response.body.id)
  }
  const patch = (id: string, body: Record<string, unknown>, token: string) =>
    sendJson(site.payload, 'PATCH', `/api/reservations/${id}?depth=0`, body, token)
  const stored = async (id: string) => (await getJson(site.payload, `/api/reservations/${id}?depth=0`, users.admin.token)).body

  beforeAll(async () => {
    Object.assign(users, await signedInUsers(site.payload, { admin: 'admin', alice: 'customer', bob: 'customer' }, 'reschedule.test'))
    const service = async (name: string) => (await site.payload.create({ collection: 'services', data: { duration: 60, name } })).id
    ids.hour = await service('Hour')
    ids.retired = await service('Soon retired')
    const services = [ids.hour, ids.retired]
    // Working hours 08:00–20:00 UTC every day; one booking at a time.
    const hours = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, endTime: '20:00', startTime: '08:00' }))
    for (const [name, active] of [
      ['desk', true],
      ['loft', true],
      ['closed', false],
    ] as const) {
      ids[name] = (await site.payload.create({ collection: 'resources', data: { active, name, quantity: 1, services } })).id
      await site.payload.create({ collection: 'schedules', data: { name: `${name} hours`, recurringSlots: hours, resource: ids[name] } })
    }
  })

  it('moves the booking (200): the ledger records the move and the history shows it to the customer', async () => {
    const id = await book(dayAt(3, 10), users.alice.token)
    const moved = await patch(id, { startTime: dayAt(4, 11) }, users.alice.token)
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.doc).toMatchObject({ endTime: dayAt(4, 12), startTime: dayAt(4, 11), status: 'pending' })
    expect(await stored(id)).toMatchObject({ endTime: dayAt(4, 12), resource: ids.desk, startTime: dayAt(4, 11) })

    const onLoft = await patch(id, { resource: ids.loft, startTime: dayAt(5, 9) }, users.alice.token)
    expect(onLoft.status, JSON.stringify(onLoft.body)).toBe(200)
    expect(await stored(id)).toMatchObject({ resource: ids.loft, startTime: dayAt(5, 9) })

    const history = await getJson(site.payload, withQuery('/api/reserve/history', { reservationId: id }), users.alice.token)
    expect(history.status).toBe(200)
    expect(history.body.events.map((event: { type: string }) => event.type)).toEqual(['ReservationBooked', 'ReservationRescheduled', 'ReservationRescheduled'])
    expect(history.body.events[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'startTime', from: dayAt(3, 10), to: dayAt(4, 11) },
        { field: 'endTime', from: dayAt(3, 11), to: dayAt(4, 12) },
      ]),
    )
    const ledger = await site.payload.find({ collection: 'reservation-events', limit: 10, sort: 'revision', where: { stream: { equals: reservationStream(id) } } })
    expect(ledger.docs.map((event) => event.type)).toEqual(['ReservationBooked', 'ReservationRescheduled', 'ReservationRescheduled'])
  })

  it("refuses another customer's booking and leaves it where it was", async () => {
    const id = await book(dayAt(3, 14), users.bob.token)
    const refused = await patch(id, { startTime: dayAt(4, 14) }, users.alice.token)
    expect(refused.status).toBe(403)
    expect((await stored(id)).startTime).toBe(dayAt(3, 14))
  })

  it('refuses a move outside the schedule, outside the booking window and within the notice period (400 on startTime)', async () => {
    const id = await book(dayAt(6, 10), users.alice.token)
    for (const startTime of [dayAt(6, 20), dayAt(6, 5), dayAt(40, 10)]) {
      const refused = await patch(id, { startTime }, users.alice.token)
      expect(refused.status, startTime).toBe(400)
      expect(errorPaths(refused.body)).toEqual(['startTime'])
    }
    // Staff booked it for her two hours ahead: inside the 24-hour notice period only staff move it.
    const soon = await book(new Date(Math.ceil((Date.now() + 2 * HOUR) / HOUR) * HOUR).toISOString(), users.admin.token, ids.hour, users.alice.id)
    const late = await patch(soon, { startTime: dayAt(7, 10) }, users.alice.token)
    expect(late.status).toBe(400)
    expect(errorPaths(late.body)).toEqual(['startTime'])
    expect(late.body.errors[0].data.errors[0].message).toMatch(/at least 24 hours before they start/)
    expect((await stored(id)).startTime).toBe(dayAt(6, 10))
  })

  it('refuses a slot that is taken (409)', async () => {
    await book(dayAt(8, 10), users.bob.token)
    const id = await book(dayAt(8, 12), users.alice.token)
    const taken = await patch(id, { startTime: dayAt(8, 10) }, users.alice.token)
    expect(taken.status).toBe(409)
    expect((await stored(id)).startTime).toBe(dayAt(8, 12))
  })

  it('refuses a move onto an inactive resource, and of a booking whose service was retired (400)', async () => {
    const id = await book(dayAt(9, 10), users.alice.token)
    const closed = await patch(id, { resource: ids.closed }, users.alice.token)
    expect(closed.status).toBe(400)
    expect(errorPaths(closed.body)).toEqual(['resource'])

    const retired = await book(dayAt(9, 14), users.alice.token, ids.retired)
    await site.payload.update({ collection: 'services', data: { active: false }, id: ids.retired })
    const refused = await patch(retired, { startTime: dayAt(9, 16) }, users.alice.token)
    expect(refused.status).toBe(400)
    expect(errorPaths(refused.body)).toEqual(['service'])
    expect(await stored(retired)).toMatchObject({ resource: ids.desk, startTime: dayAt(9, 14) })
  })

  it('refuses every field a customer does not choose when moving (403 on it), the move included', async () => {
    const id = await book(dayAt(10, 10), users.alice.token)
    for (const [field, value] of [
      ['service', ids.retired],
      ['guestCount', 2],
      ['notes', 'VIP, no charge'],
      ['customer', users.bob.id],
      ['guest', { email: 'x@example.test', name: 'X' }],
      ['items', [{ resource: ids.loft }]],
    ] as const) {
      const refused = await patch(id, { [field]: value, startTime: dayAt(10, 12) }, users.alice.token)
      expect(refused.status, field).toBe(403)
      expect(errorPaths(refused.body)).toEqual([field])
    }
    const confirm = await patch(id, { status: 'confirmed' }, users.alice.token)
    expect(confirm.status).toBe(403)
    expect(errorPaths(confirm.body)).toEqual(['status'])
    expect(await stored(id)).toMatchObject({ guestCount: 1, notes: null, service: ids.hour, startTime: dayAt(10, 10), status: 'pending' })
    const ledger = await site.payload.find({ collection: 'reservation-events', where: { stream: { equals: reservationStream(id) } } })
    expect(ledger.docs.map((event) => event.type)).toEqual(['ReservationBooked'])
  })
})
