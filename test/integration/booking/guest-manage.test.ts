import { beforeAll, describe, expect, it } from 'vitest'

import { MAX_BODY_BYTES } from '../../../src/plugin/shared/http/json-body.js'
import { reservationStream } from '../../../src/events/types.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { restRequest } from '../../helpers/payload.js'
import { getJson, type JsonResponse, postJson, withQuery } from '../../support/http.js'
import { guestTokens } from '../../support/guest-tokens.js'
import { signedInUsers } from '../../support/signed-in-users.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { errorPaths } from '../support/plugin-http.js'

type Id = number | string

const HOUR = 3_600_000
const DAY = 24 * HOUR
const GUEST = { email: 'guest@example.test', name: 'Gail Guest' }

/** `days` from today (UTC) at `hour`:00 UTC. */
const dayAt = (days: number, hour: number): string => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + hour * HOUR).toISOString()

/** A response with the headers a guest's browser would act on. */
const withHeaders = async (response: Response): Promise<{ cacheControl: null | string; referrerPolicy: null | string } & JsonResponse> => ({
  body: await response.json(),
  cacheControl: response.headers.get('cache-control'),
  referrerPolicy: response.headers.get('referrer-policy'),
  status: response.status,
})

/**
 * "Manage my booking" (README "Manage my booking"): a guest reads and moves their booking with the
 * token their e-mail's link carries, on the terms cancel has; nothing without it.
 */
describe.each(testDatabaseKinds())('a guest manages their booking with its token (%s)', (kind) => {
  const { remember, tokens } = guestTokens()
  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    bookingWindow: { maxAdvanceDays: 30, minNoticeMinutes: 0 },
    cancellationNoticePeriod: 24,
    hooks: { afterBookingCreate: [remember] },
    timezone: 'UTC',
  })
  const users: Record<'admin' | 'alice' | 'bob', { id: Id; token: string }> = {} as never
  const ids: Record<'desk' | 'hour', Id> = {} as never

  const read = async (query: Record<string, string | undefined>, token?: string) =>
    withHeaders(await restRequest(site.payload, withQuery('/api/reserve/guest-booking', query), token ? { headers: { Authorization: `JWT ${token}` } } : {}))
  const reschedule = async (body: unknown, token?: string) =>
    withHeaders(
      await restRequest(site.payload, '/api/reserve/reschedule', {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
        method: 'POST',
      }),
    )
  const stored = async (id: string) => (await getJson(site.payload, `/api/reservations/${id}?depth=0`, users.admin.token)).body
  const ledgerTypes = async (id: string) =>
    (await site.payload.find({ collection: 'reservation-events', limit: 20, sort: 'revision', where: { stream: { equals: reservationStream(id) } } })).docs.map(
      (event) => event.type,
    )

  /** A guest's booking, anonymous unless `as` is given, and its token. */
  const guestBooks = async (startTime: string, as?: string) => {
    const response = await postJson(site.payload, '/api/reserve/book', { guest: GUEST, resource: ids.desk, service: ids.hour, startTime }, as)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const id = String(response.body.id)
    return { id, token: tokens.get(id)! }
  }

  beforeAll(async () => {
    Object.assign(users, await signedInUsers(site.payload, { admin: 'admin', alice: 'customer', bob: 'customer' }, 'manage.test'))
    ids.hour = (await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Hour' } })).id
    ids.desk = (await site.payload.create({ collection: 'resources', data: { name: 'Desk', quantity: 1, services: [ids.hour], timezone: 'Europe/Berlin' } })).id
    const hours = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, endTime: '20:00', startTime: '08:00' }))
    await site.payload.create({ collection: 'schedules', data: { name: 'Desk hours', recurringSlots: hours, resource: ids.desk } })
  })

  it('reads the booking by its token: the document without the token, names, zone, what the guest may do until when; never cached', async () => {
    const { id, token } = await guestBooks(dayAt(3, 10))
    const answer = await read({ reservationId: id, token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer).toMatchObject({ cacheControl: 'no-store', referrerPolicy: 'no-referrer' })
    expect(answer.body).toEqual({
      cancelled: false,
      reservation: expect.objectContaining({ guest: { ...GUEST, phone: null }, id, startTime: dayAt(3, 10), status: 'pending' }),
      resource: { id: ids.desk, name: 'Desk', timezone: 'Europe/Berlin' },
      rules: {
        cancel: true,
        changeUntil: dayAt(2, 10),
        earliestStart: expect.any(String),
        latestStart: expect.any(String),
        noticePeriodHours: 24,
        reschedule: true,
      },
      service: { duration: 60, id: ids.hour, name: 'Hour' },
    })
    expect(Date.parse(answer.body.rules.latestStart) - Date.parse(answer.body.rules.earliestStart)).toBe(30 * DAY)
    expect(answer.body.reservation).not.toHaveProperty('cancellationToken')
    expect(JSON.stringify(answer.body)).not.toContain(token)
  })

  it('refuses a missing, wrong or other booking’s token and an unknown id alike (403 Forbidden, never cached); bad input 400', async () => {
    const { id } = await guestBooks(dayAt(3, 12))
    const other = await guestBooks(dayAt(3, 14))
    for (const query of [{ reservationId: id }, { reservationId: id, token: 'wrong' }, { reservationId: id, token: other.token }, { reservationId: '987654', token: other.token }]) {
      expect(await read(query), JSON.stringify(query)).toEqual({ body: { message: 'Forbidden' }, cacheControl: 'no-store', referrerPolicy: 'no-referrer', status: 403 })
    }
    expect((await read({ reservationId: id }, users.alice.token)).status).toBe(403)
    expect((await read({})).body).toEqual({ message: 'reservationId is required' })
    const listed = await withHeaders(await restRequest(site.payload, `/api/reserve/guest-booking?reservationId[]=${id}&token=x`))
    expect(listed).toMatchObject({ body: { message: 'reservationId must be a string' }, status: 400 })
  })

  it('lets the signed-in customer read their own booking without a token, and privileged staff any (exempt from the notice period)', async () => {
    const booked = await postJson(site.payload, '/api/reserve/book', { resource: ids.desk, service: ids.hour, startTime: dayAt(4, 10) }, users.alice.token)
    const id = String(booked.body.id)
    const own = await read({ reservationId: id }, users.alice.token)
    expect(own.status).toBe(200)
    expect(own.body.rules).toMatchObject({ cancel: true, changeUntil: dayAt(3, 10), reschedule: true })
    expect((await read({ reservationId: id }, users.bob.token)).status).toBe(403)
    const staff = await read({ reservationId: id }, users.admin.token)
    expect(staff.body.rules).toEqual({ cancel: true, changeUntil: null, earliestStart: null, latestStart: null, noticePeriodHours: 24, reschedule: true })
    expect((await read({ reservationId: '987654' }, users.admin.token))).toMatchObject({ body: { message: 'Reservation not found' }, status: 404 })
  })

  it('moves the booking by its token (200, no token in the answer): the ledger records it and the old time is free again', async () => {
    const { id, token } = await guestBooks(dayAt(5, 10))
    const moved = await reschedule({ reservationId: id, startTime: dayAt(6, 11), token })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved).toMatchObject({ cacheControl: 'no-store', referrerPolicy: 'no-referrer' })
    expect(moved.body).toMatchObject({ endTime: dayAt(6, 12), id, startTime: dayAt(6, 11), status: 'pending' })
    expect(moved.body).not.toHaveProperty('cancellationToken')
    expect(JSON.stringify(moved.body)).not.toContain(token)
    expect(await stored(id)).toMatchObject({ endTime: dayAt(6, 12), startTime: dayAt(6, 11) })
    expect(await ledgerTypes(id)).toEqual(['ReservationBooked', 'ReservationRescheduled'])
    // The desk holds one booking at a time: another guest now gets the old time, and not the new one.
    await guestBooks(dayAt(5, 10))
    expect((await postJson(site.payload, '/api/reserve/book', { guest: GUEST, resource: ids.desk, service: ids.hour, startTime: dayAt(6, 11) })).status).toBe(409)
    // The same token still reads it at its new time, and cancels it.
    expect((await read({ reservationId: id, token })).body.reservation.startTime).toBe(dayAt(6, 11))
    const cancelled = await postJson(site.payload, '/api/reserve/cancel', { reservationId: id, token })
    expect(cancelled.body.status).toBe('cancelled')
    const after = await read({ reservationId: id, token })
    expect(after.body).toMatchObject({ cancelled: true, reservation: { status: 'cancelled' }, rules: { cancel: false, reschedule: false } })
    const again = await reschedule({ reservationId: id, startTime: dayAt(7, 10), token })
    expect(again.status).toBe(400)
    expect(errorPaths(again.body)).toEqual(['startTime'])
  })

  it('refuses a wrong, missing or other booking’s token (403) and changes nothing', async () => {
    const { id } = await guestBooks(dayAt(8, 10))
    const other = await guestBooks(dayAt(8, 14))
    for (const token of [undefined, 'wrong', other.token]) {
      expect(await reschedule({ reservationId: id, startTime: dayAt(9, 10), token })).toMatchObject({ body: { message: 'Forbidden' }, status: 403 })
    }
    expect((await reschedule({ reservationId: id, startTime: dayAt(9, 10) }, users.alice.token)).status).toBe(403)
    expect((await reschedule({ reservationId: '987654', startTime: dayAt(9, 10), token: other.token })).status).toBe(403)
    expect((await stored(id)).startTime).toBe(dayAt(8, 10))
    expect((await stored(other.id)).startTime).toBe(dayAt(8, 14))
    expect(await ledgerTypes(id)).toEqual(['ReservationBooked'])
  })

  it('refuses what a customer’s own move is refused: a taken time (409), outside the schedule or booking window, inside the notice period (400)', async () => {
    const { id, token } = await guestBooks(dayAt(10, 10))
    await guestBooks(dayAt(10, 14))
    const taken = await reschedule({ reservationId: id, startTime: dayAt(10, 14), token })
    expect(taken.status).toBe(409)
    expect(errorPaths(taken.body)).toEqual(['startTime'])
    for (const startTime of [dayAt(11, 20), dayAt(11, 5), dayAt(40, 10)]) {
      const refused = await reschedule({ reservationId: id, startTime, token })
      expect(refused.status, startTime).toBe(400)
      expect(errorPaths(refused.body)).toEqual(['startTime'])
    }
    expect((await stored(id)).startTime).toBe(dayAt(10, 10))

    // Staff booked a guest two hours ahead: inside the 24-hour notice period the guest may not move or cancel it.
    const soon = await guestBooks(new Date(Math.ceil((Date.now() + 2 * HOUR) / HOUR) * HOUR).toISOString(), users.admin.token)
    expect((await read({ reservationId: soon.id, token: soon.token })).body.rules).toMatchObject({ cancel: false, reschedule: false })
    const late = await reschedule({ reservationId: soon.id, startTime: dayAt(12, 10), token: soon.token })
    expect(late.status).toBe(400)
    expect(late.body.errors[0].data.errors[0].message).toMatch(/at least 24 hours before they start/)
  })

  it('refuses hostile input with its own text: ids that are no text, a missing or bad startTime, a resource list, a huge or malformed body', async () => {
    const { id, token } = await guestBooks(dayAt(13, 10))
    const cases: [unknown, number, string][] = [
      [{ startTime: dayAt(14, 10), token }, 400, 'reservationId is required'],
      [{ reservationId: { $ne: null }, startTime: dayAt(14, 10), token }, 400, 'reservationId must be a string'],
      [{ reservationId: [id], startTime: dayAt(14, 10), token }, 400, 'reservationId must be a string'],
      [{ reservationId: id, token }, 400, 'startTime is required, as an ISO 8601 instant'],
      [{ reservationId: id, startTime: 'tomorrow', token }, 400, 'startTime is required, as an ISO 8601 instant'],
      [{ reservationId: id, startTime: '2030-02-30T10:00:00Z', token }, 400, 'startTime is required, as an ISO 8601 instant'],
      [{ reservationId: id, resource: [ids.desk], startTime: dayAt(14, 10), token }, 400, 'resource must be a single id'],
      ['[]', 400, 'Request body must be a JSON object'],
      [{ notes: 'x'.repeat(MAX_BODY_BYTES), reservationId: id, startTime: dayAt(14, 10), token }, 413, 'Request body is too large (at most 100,000 characters)'],
    ]
    for (const [body, status, message] of cases) {
      expect(await reschedule(body), message).toMatchObject({ body: { message }, status })
    }
    expect((await stored(id)).startTime).toBe(dayAt(13, 10))
    expect(await ledgerTypes(id)).toEqual(['ReservationBooked'])
  })
})
