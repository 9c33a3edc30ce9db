import { createHash, timingSafeEqual } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { login, restRequest } from '../../helpers/payload.js'
import { guestTokens } from '../../support/guest-tokens.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

// The cancel endpoint's token check must go through crypto's constant-time comparison; the spy
// sees every call the plugin makes (Payload's own copy of node:crypto is not affected).
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>()
  return { ...actual, default: actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) }
})

const PASSWORD = 'security-password'
const GUEST_BOOKINGS = 30

type Actor = 'admin' | 'anonymous' | 'customerA' | 'customerB' | 'staff'
const ACTORS: Actor[] = ['anonymous', 'customerA', 'customerB', 'staff', 'admin']

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

/** Whether a JSON answer has a token field at any depth, even an empty one. */
const hasTokenField = (answer: string): boolean => {
  const visit = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.some(visit)
      : typeof value === 'object' && value !== null
        ? Object.entries(value).some(([key, inner]) => /^cancellationToken/.test(key) || visit(inner))
        : false
  try {
    return visit(JSON.parse(answer))
  } catch {
    return false
  }
}

describe.each(testDatabaseKinds())('guest tokens and who may call each /api/reserve endpoint (%s)', (kind) => {
  const jwt: Partial<Record<Actor, string>> = {}
  const userIds: Partial<Record<Actor, number | string>> = {}
  const { remember, tokens } = guestTokens()
  /** Every response body this suite received, to look for tokens and digests afterwards. */
  const answers: string[] = []
  let ids: { resource: number | string; service: number | string }
  let hour = 0

  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    catchUp: { graceMs: 300, intervalMs: 3_600_000 },
    hooks: {
      afterBookingCreate: [remember],
    },
  })

  const call = async (actor: Actor, method: string, path: string, body?: unknown) => {
    const token = jwt[actor]
    const response = await restRequest(site.payload, path, {
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
      method,
    })
    const text = await response.text()
    answers.push(text)
    return { body: text === '' ? null : (JSON.parse(text) as any), status: response.status }
  }

  /** A new start time for every booking, so that none conflicts with another. */
  const nextStart = () => new Date(Date.parse('2030-10-01T00:00:00.000Z') + hour++ * 3_600_000).toISOString()

  const guestBooking = async () => {
    const { body, status } = await call('anonymous', 'POST', '/api/reserve/book', {
      guest: { email: 'guest@security.test', name: 'Guest' },
      resource: ids.resource,
      service: ids.service,
      startTime: nextStart(),
    })
    expect(status).toBe(201)
    return String(body.id)
  }

  /** A reservation of customer A, booked by staff. */
  const bookingOfA = async () => {
    const { body, status } = await call('admin', 'POST', '/api/reserve/book', {
      customer: userIds.customerA,
      resource: ids.resource,
      service: ids.service,
      startTime: nextStart(),
    })
    expect(status).toBe(201)
    return String(body.id)
  }

  beforeAll(async () => {
    const roles: Array<[Actor, string]> = [
      ['customerA', 'customer'],
      ['customerB', 'customer'],
      ['staff', 'staff'],
      ['admin', 'admin'],
    ]
    for (const [actor, role] of roles) {
      const email = `${actor.toLowerCase()}@security.test`
      userIds[actor] = (await site.payload.create({ collection: 'users', data: { email, password: PASSWORD, role } })).id
      jwt[actor] = await login(site.payload, { email, password: PASSWORD })
    }
    const service = await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Security' } })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Security', quantity: 1, services: [service.id] } })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    ids = { resource: resource.id, service: service.id }
  })

  describe('guest cancellation tokens', () => {
    let booked: string[] = []

    beforeAll(async () => {
      booked = []
      for (let i = 0; i < GUEST_BOOKINGS; i++) {
        booked.push(await guestBooking())
      }
    })

    beforeEach(() => {
      vi.mocked(timingSafeEqual).mockClear()
    })

    it('are at least 128 random bits, base64url, a new one per booking', () => {
      const issued = booked.map((id) => tokens.get(id))
      expect(issued.every((token) => typeof token === 'string' && /^[A-Za-z0-9_-]+$/.test(token))).toBe(true)
      for (const token of issued as string[]) {
        expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
      }
      expect(new Set(issued).size).toBe(GUEST_BOOKINGS)
    })

    it('are stored only as their SHA-256, in the collection and in the ledger', async () => {
      const rows = await site.database.query('SELECT * FROM reservations')
      const events = await site.database.query('SELECT * FROM reservation_events')
      for (const id of booked) {
        const token = tokens.get(id)!
        const row = rows.find((candidate) => String(candidate.id) === id)
        expect(row?.cancellation_token).toBe(sha256(token))
        expect(JSON.stringify(rows)).not.toContain(token)
        expect(JSON.stringify(events)).not.toContain(token)
      }
    })

    it('are checked by comparing digests in constant time, whatever the guess', async () => {
      const id = booked[0]
      const real = tokens.get(id)!
      const sameLength = real.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'))
      for (const guess of ['x', sameLength, `${real}${real}`]) {
        vi.mocked(timingSafeEqual).mockClear()
        const { body, status } = await call('anonymous', 'POST', '/api/reserve/cancel', { reservationId: id, token: guess })
        expect({ body, status }).toEqual({ body: { message: 'Forbidden' }, status: 403 })
        // Always one comparison of two 32-byte digests: no shortcut on length or on a prefix.
        expect(vi.mocked(timingSafeEqual).mock.calls.map(([a, b]) => [a.byteLength, b.byteLength])).toEqual([[32, 32]])
      }
      vi.mocked(timingSafeEqual).mockClear()
      const cancelled = await call('anonymous', 'POST', '/api/reserve/cancel', { reservationId: id, token: real })
      expect(cancelled.status).toBe(200)
      expect(cancelled.body.status).toBe('cancelled')
      expect(vi.mocked(timingSafeEqual).mock.calls).toHaveLength(1)
    })

    it('do not unlock another guest’s reservation', async () => {
      const [, mine, theirs] = booked
      const { status } = await call('anonymous', 'POST', '/api/reserve/cancel', { reservationId: theirs, token: tokens.get(mine) })
      expect(status).toBe(403)
    })

    it('appear in no answer of any endpoint, nor do their digests', async () => {
      const [, , guestReservation] = booked
      const day = '2030-10-01'
      for (const actor of ACTORS) {
        await call(actor, 'GET', `/api/reserve/slots?resource=${ids.resource}&service=${ids.service}&date=${day}`)
        await call(actor, 'GET', `/api/reserve/availability?resource=${ids.resource}&service=${ids.service}&date=${day}`)
        await call(actor, 'GET', `/api/reserve/resource-availability?resource=${ids.resource}&start=${day}&end=2030-10-03`)
        await call(actor, 'GET', `/api/reserve/history?reservationId=${guestReservation}`)
        await call(actor, 'GET', '/api/reservation-customer-search?search=security')
        await call(actor, 'POST', '/api/reserve/cancel', { reservationId: guestReservation, token: 'wrong' })
      }
      await call('admin', 'POST', '/api/reserve/cancel', { reason: 'checking the answer', reservationId: guestReservation })
      await call('anonymous', 'GET', '/api/reserve/openapi.json')
      const history = await call('admin', 'GET', `/api/reserve/history?reservationId=${guestReservation}`)
      expect(history.body.events.map((event: { type: string }) => event.type)).toEqual(['ReservationBooked', 'ReservationStatusChanged'])

      const everything = answers.join('\n')
      expect(tokens.size).toBeGreaterThanOrEqual(GUEST_BOOKINGS)
      for (const token of tokens.values()) {
        expect(everything).not.toContain(token)
        expect(everything).not.toContain(sha256(token))
      }
      expect(answers.filter((answer) => hasTokenField(answer))).toEqual([])
    })
  })

  describe('the authorisation matrix of the /api/reserve endpoints', () => {
    type Cell = (actor: Actor) => Promise<number>

    const day = '2030-10-02'
    const rows: Array<[string, Cell]> = [
      ['GET slots', async (actor) => (await call(actor, 'GET', `/api/reserve/slots?resource=${ids.resource}&service=${ids.service}&date=${day}`)).status],
      [
        'GET availability',
        async (actor) => (await call(actor, 'GET', `/api/reserve/availability?resource=${ids.resource}&service=${ids.service}&date=${day}`)).status,
      ],
      [
        'GET resource-availability',
        async (actor) => (await call(actor, 'GET', `/api/reserve/resource-availability?resource=${ids.resource}&start=${day}&end=2030-10-03`)).status,
      ],
      ['GET openapi.json', async (actor) => (await call(actor, 'GET', '/api/reserve/openapi.json')).status],
      [
        'POST book as a guest',
        async (actor) =>
          (
            await call(actor, 'POST', '/api/reserve/book', {
              guest: { email: 'g@security.test', name: 'G' },
              resource: ids.resource,
              service: ids.service,
              startTime: nextStart(),
            })
          ).status,
      ],
      [
        'POST book for customer A',
        async (actor) =>
          (
            await call(actor, 'POST', '/api/reserve/book', {
              customer: userIds.customerA,
              resource: ids.resource,
              service: ids.service,
              startTime: nextStart(),
            })
          ).status,
      ],
      ['POST cancel a reservation of A', async (actor) => (await call(actor, 'POST', '/api/reserve/cancel', { reservationId: await bookingOfA() })).status],
      [
        'POST cancel a guest reservation with its token',
        async (actor) => {
          const id = await guestBooking()
          return (await call(actor, 'POST', '/api/reserve/cancel', { reservationId: id, token: tokens.get(id) })).status
        },
      ],
      ['GET history of a reservation of A', async (actor) => (await call(actor, 'GET', `/api/reserve/history?reservationId=${await bookingOfA()}`)).status],
      ['GET customer search', async (actor) => (await call(actor, 'GET', '/api/reservation-customer-search?search=customer')).status],
    ]

    //                                                  anonymous customerA customerB staff admin
    const expected: Record<string, number[]> = {
      'GET slots':                                       [200, 200, 200, 200, 200],
      'GET availability':                                [200, 200, 200, 200, 200],
      'GET resource-availability':                       [200, 200, 200, 200, 200],
      'GET openapi.json':                                [200, 200, 200, 200, 200],
      // A signed-in customer books as themselves: guest details with them are refused (400).
      'POST book as a guest':                            [201, 400, 400, 201, 201],
      'POST book for customer A':                        [403, 201, 403, 201, 201],
      // Cancel never answers 401 (see docs/ARCHITECTURE.md,
      // "HTTP API (`src/plugin/endpoints`, `src/plugin/http`)").
      'POST cancel a reservation of A':                  [403, 200, 403, 200, 200],
      'POST cancel a guest reservation with its token':  [200, 200, 200, 200, 200],
      'GET history of a reservation of A':               [401, 200, 403, 200, 200],
      'GET customer search':                             [401, 403, 403, 200, 200],
    }

    it('holds for every endpoint and every kind of caller', async () => {
      const actual: Record<string, number[]> = {}
      for (const [name, cell] of rows) {
        actual[name] = []
        for (const actor of ACTORS) {
          actual[name].push(await cell(actor))
        }
      }
      expect(actual).toEqual(expected)
    })
  })
})
