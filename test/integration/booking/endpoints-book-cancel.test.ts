import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { restRequest } from '../../helpers/payload.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { guestTokens } from '../../support/guest-tokens.js'
import { signedInUsers } from '../../support/signed-in-users.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Id = number | string

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const HOUR_MS = 3_600_000
const GUEST = { email: 'guest@example.test', name: 'Gail Guest' }

/** Whole hours from now, so that a booking is in the future and on the hour grid. */
const hoursFromNow = (hours: number): string => new Date((Math.floor(Date.now() / HOUR_MS) + hours) * HOUR_MS).toISOString()

describe.each(testDatabaseKinds())('book, cancel and history endpoints (%s)', (kind) => {
  const { remember, tokens } = guestTokens()
  const seenByHook: Array<Record<string, unknown>> = []
  const users: Record<'admin' | 'alice' | 'bob', { id: Id; token: string }> = {} as never
  let service: Id
  let resource: Id
  let slot = 0

  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    cancellationNoticePeriod: 24,
    hooks: {
      afterBookingCreate: [remember],
      beforeBookingCreate: [
        ({ data }) => {
          seenByHook.push(structuredClone(data))
          // Lets a test show that the hook runs first and that what it returns is booked.
          return data.notes === 'pick the resource for me' ? { ...data, notes: 'picked by the hook', resource } : data
        },
      ],
    },
  })

  /** A fresh start on the grid, 30 days out (well past the notice period). */
  const nextStart = (): string => new Date(Date.parse('2030-03-01T00:00:00.000Z') + slot++ * HOUR_MS).toISOString()

  const book = (body: unknown, token?: string) => postJson(site.payload, '/api/reserve/book', body, token)
  const cancel = (body: unknown, token?: string) => postJson(site.payload, '/api/reserve/cancel', body, token)
  const history = (reservationId: string, token?: string) =>
    getJson(site.payload, withQuery('/api/reserve/history', { reservationId }), token)

  const guestBooking = async (startTime = nextStart()) => {
    const response = await book({ guest: GUEST, resource, service, startTime })
    expect(response.status).toBe(201)
    return response.body as { id: string; status: string }
  }

  beforeAll(async () => {
    Object.assign(users, await signedInUsers(site.payload, { admin: 'admin', alice: 'customer', bob: 'customer' }))
    service = (await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Hour' } })).id
    resource = (await site.payload.create({ collection: 'resources', data: { name: 'Desk', services: [service] } })).id
    await site.payload.create({
      collection: 'schedules',
      data: { name: 'Always', recurringSlots: EVERY_DAY.map((day) => ({ day, endTime: '24:00', startTime: '00:00' })), resource },
    })
  })

  describe('POST /api/reserve/book', () => {
    it('books a guest: 201 with the document, no token in it; the token reaches afterBookingCreate', async () => {
      const startTime = nextStart()
      const response = await book({ guest: GUEST, guestCount: 1, notes: 'Window seat', resource, service, startTime })
      expect(response.status).toBe(201)
      expect(response.body).toMatchObject({
        endTime: new Date(Date.parse(startTime) + HOUR_MS).toISOString(),
        guest: { ...GUEST, phone: null },
        guestCount: 1,
        notes: 'Window seat',
        resource,
        service,
        startTime,
        status: 'pending',
      })
      expect(response.body).not.toHaveProperty('cancellationToken')
      expect(tokens.get(response.body.id)).toMatch(/^[\w-]{43}$/)
    })

    it('books against the capacity as changed a moment ago in this process (the cached resource is dropped)', async () => {
      const room = (await site.payload.create({ collection: 'resources', data: { name: 'Room', quantity: 1, services: [service] } })).id
      await site.payload.create({
        collection: 'schedules',
        data: { name: 'Always', recurringSlots: EVERY_DAY.map((day) => ({ day, endTime: '24:00', startTime: '00:00' })), resource: room },
      })
      const startTime = nextStart()
      expect((await book({ guest: GUEST, resource: room, service, startTime })).status).toBe(201)
      expect((await book({ guest: GUEST, resource: room, service, startTime })).status).toBe(409)
      await site.payload.update({ collection: 'resources', data: { quantity: 2 }, id: room })
      expect((await book({ guest: GUEST, resource: room, service, startTime })).status).toBe(201)
      // Raised and lowered again at once: the third booking must see 2, not a cached 3.
      await site.payload.update({ collection: 'resources', data: { quantity: 3 }, id: room })
      await site.payload.update({ collection: 'resources', data: { quantity: 2 }, id: room })
      expect((await book({ guest: GUEST, resource: room, service, startTime })).status).toBe(409)
    })

    it('books for a signed-in customer', async () => {
      const response = await book({ customer: users.alice.id, resource, service, startTime: nextStart() }, users.alice.token)
      expect(response.status).toBe(201)
      expect(response.body.customer).toBe(users.alice.id)
    })

    it('runs beforeBookingCreate first; what it returns is what gets booked', async () => {
      const response = await book({ guest: GUEST, notes: 'pick the resource for me', service, startTime: nextStart() })
      expect(response.status).toBe(201)
      expect(response.body).toMatchObject({ notes: 'picked by the hook', resource })
      expect(seenByHook.at(-1)).not.toHaveProperty('resource')
    })

    it('answers a taken slot with 409 naming startTime', async () => {
      const startTime = nextStart()
      await guestBooking(startTime)
      const response = await book({ guest: GUEST, resource, service, startTime })
      expect(response.status).toBe(409)
      expect(response.body.errors[0].data.errors).toEqual([{ message: 'The requested time is not available', path: 'startTime' }])
    })

    it('answers a taken required pool with 409 naming the item', async () => {
      const room = (await site.payload.create({ collection: 'resources', data: { name: 'Room', services: [service] } })).id
      const withRoom = (await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Roomed', requiredResources: [room] } })).id
      await site.payload.update({ collection: 'resources', data: { services: [service, withRoom] }, id: resource })
      const startTime = nextStart()
      await site.payload.create({ collection: 'reservations', data: { resource: room, service, startTime } })
      const response = await book({ guest: GUEST, resource, service: withRoom, startTime })
      expect(response.status).toBe(409)
      expect(response.body.errors[0].data.errors[0].path).toBe('items.0.startTime')
    })

    it('answers validation failures with 400 in Payload’s error body', async () => {
      const key = `key-${kind}-${Date.now()}`
      expect((await book({ guest: GUEST, idempotencyKey: key, resource, service, startTime: nextStart() })).status).toBe(201)
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ guest: { name: 'No Contact' }, resource, service, startTime: nextStart() }, 'guest.email'],
        [{ guest: GUEST, idempotencyKey: key, resource, service, startTime: nextStart() }, 'idempotencyKey'],
        [{ guest: GUEST, resource, service, startTime: nextStart(), status: 'completed' }, 'status'],
        [{ guest: GUEST, resource, service, startTime: 'next tuesday' }, 'startTime'],
      ]
      for (const [body, path] of cases) {
        const response = await book(body)
        expect(response.status).toBe(400)
        expect(response.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toEqual([path])
      }
    })

    it('refuses wrongly shaped fields instead of ignoring them', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ idempotencyKey: { key: 1 } }, 'idempotencyKey'],
        [{ items: 'room' }, 'items'],
        [{ guest: { ...GUEST, name: 7 } }, 'guest'],
        [{ notes: ['a'] }, 'notes'],
        [{ status: 1 }, 'status'],
      ]
      for (const [fields, path] of cases) {
        const response = await book({ guest: GUEST, resource, service, startTime: nextStart(), ...fields })
        expect(response.status).toBe(400)
        expect(response.body.errors[0].data.errors[0].path).toBe(path)
      }
    })

    it('answers a staff booking for a customer who does not exist with 404, booking nothing', async () => {
      const startTime = nextStart()
      for (const customer of [987654, 'abc']) {
        const response = await book({ customer, resource, service, startTime }, users.admin.token)
        expect(response).toEqual({ body: { error: 'Customer not found' }, status: 404 })
      }
      expect((await book({ guest: GUEST, resource, service, startTime })).status).toBe(201)
    })

    it('answers unknown services and resources with 404, at the top level and in items', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ resource: 987654, service }, 'Resource not found'],
        [{ resource: 'nope', service }, 'Resource not found'],
        [{ items: [{ resource: 987654 }], resource, service }, 'Resource not found'],
        [{ resource, service: 987654 }, 'Service not found'],
        [{ items: [{ resource, service: 987654 }], resource, service }, 'Service not found'],
      ]
      for (const [body, error] of cases) {
        const response = await book({ guest: GUEST, startTime: nextStart(), ...body })
        expect(response).toEqual({ body: { error }, status: 404 })
      }
    })

    it('refuses an impossible calendar date instead of rolling it over', async () => {
      // 30 February must not become 2 March.
      for (const startTime of ['2030-02-30T10:00:00.000Z', '2030-04-31T10:00:00Z']) {
        const response = await book({ guest: GUEST, resource, service, startTime })
        expect(response.status).toBe(400)
        expect(response.body.errors[0].data.errors[0].path).toBe('startTime')
      }
    })

    it('refuses a body that is not a JSON object', async () => {
      for (const body of ['{"service":', '[1,2]', '42', 'service=1&resource=1']) {
        expect(await book(body)).toEqual({ body: { errors: [{ message: 'Request body must be a JSON object' }] }, status: 400 })
      }
    })
  })

  describe('POST /api/reserve/cancel', () => {
    it('needs a reservationId: 400 { message }', async () => {
      for (const body of [{}, { reservationId: '' }, { reason: 'no id' }, '']) {
        expect(await cancel(body)).toEqual({ body: { message: 'reservationId is required' }, status: 400 })
      }
    })

    it('lets a guest cancel with the token: 200, reason in the audit trail, the slot free again', async () => {
      const startTime = nextStart()
      const booked = await guestBooking(startTime)
      const response = await cancel({ reason: 'Plans changed', reservationId: booked.id, token: tokens.get(booked.id) })
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ id: booked.id, status: 'cancelled' })
      expect(response.body).not.toHaveProperty('cancellationToken')
      const trail = await history(booked.id, users.admin.token)
      expect(trail.body.events.at(-1)).toMatchObject({
        actor: { kind: 'guest' },
        data: { from: 'pending', to: 'cancelled' },
        reason: 'Plans changed',
        type: 'ReservationStatusChanged',
      })
      const stored = await site.payload.findByID({ collection: 'reservations', id: booked.id })
      expect(stored.status).toBe('cancelled')
      expect((await book({ guest: GUEST, resource, service, startTime })).status).toBe(201)
    })

    it('refuses a guest with a missing or wrong token: 403 { message: Forbidden }, never 401', async () => {
      const booked = await guestBooking()
      const other = await guestBooking()
      for (const token of [undefined, '', 'guess', tokens.get(other.id), 42]) {
        expect(await cancel({ reservationId: booked.id, token })).toEqual({ body: { message: 'Forbidden' }, status: 403 })
      }
      expect((await site.payload.findByID({ collection: 'reservations', id: booked.id })).status).toBe('pending')
    })

    it('lets the owning customer and privileged staff cancel, and nobody else', async () => {
      const own = (await book({ customer: users.alice.id, resource, service, startTime: nextStart() }, users.alice.token)).body
      expect(await cancel({ reservationId: own.id }, users.bob.token)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
      expect(await cancel({ reservationId: own.id })).toEqual({ body: { message: 'Forbidden' }, status: 403 })
      expect((await cancel({ reservationId: own.id }, users.alice.token)).body.status).toBe('cancelled')
      const guests = await guestBooking()
      expect((await cancel({ reservationId: guests.id }, users.admin.token)).body.status).toBe('cancelled')
      // Cancelling again changes nothing and says so.
      const again = await cancel({ reservationId: guests.id }, users.admin.token)
      expect(again.status).toBe(200)
      expect(again.body.status).toBe('cancelled')
    })

    it('applies the notice period to customers and guests, not to privileged staff', async () => {
      const soon = hoursFromNow(3)
      const own = (await book({ customer: users.alice.id, resource, service, startTime: soon }, users.alice.token)).body
      const refused = await cancel({ reservationId: own.id }, users.alice.token)
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0].data.errors[0]).toEqual({
        message: 'Reservations can only be cancelled or changed at least 24 hours before they start',
        path: 'status',
      })
      const guests = (await book({ guest: GUEST, resource, service, startTime: hoursFromNow(4) })).body
      expect((await cancel({ reservationId: guests.id, token: tokens.get(guests.id) })).status).toBe(400)
      expect((await cancel({ reservationId: own.id }, users.admin.token)).body.status).toBe('cancelled')
    })

    it('answers 404 for an unknown reservation to privileged staff only; others learn nothing of which ids exist', async () => {
      const unknown = '01900000-0000-7000-8000-000000000000'
      expect(await cancel({ reservationId: unknown }, users.admin.token)).toEqual({
        body: { message: 'Reservation not found' },
        status: 404,
      })
      const forbidden = { body: { message: 'Forbidden' }, status: 403 }
      expect(await cancel({ reservationId: unknown, token: 'x' })).toEqual(forbidden)
      expect(await cancel({ reservationId: unknown }, users.bob.token)).toEqual(forbidden)
      const real = await guestBooking()
      expect(await cancel({ reservationId: real.id, token: 'x' })).toEqual(forbidden)
    })
  })

  describe('GET /api/reserve/history', () => {
    it('shows the events to privileged staff and the owner, without the token digest', async () => {
      const guests = await guestBooking()
      const digest = createHash('sha256').update(tokens.get(guests.id)!).digest('hex')
      const staffView = await history(guests.id, users.admin.token)
      expect(staffView.status).toBe(200)
      expect(staffView.body.reservationId).toBe(guests.id)
      expect(staffView.body.events).toEqual([
        expect.objectContaining({ actor: { kind: 'guest' }, reason: null, revision: 0, type: 'ReservationBooked' }),
      ])
      expect(JSON.stringify(staffView.body)).not.toContain(digest)
      expect(staffView.body.events[0].data).not.toHaveProperty('cancellationTokenHash')

      const own = (await book({ customer: users.alice.id, resource, service, startTime: nextStart() }, users.alice.token)).body
      await cancel({ reason: 'Ill', reservationId: own.id }, users.alice.token)
      const ownerView = await history(own.id, users.alice.token)
      expect(ownerView.body.events.map((event: { type: string }) => event.type)).toEqual(['ReservationBooked', 'ReservationStatusChanged'])
      expect(ownerView.body.events[1]).toMatchObject({
        actor: { collection: 'users', id: String(users.alice.id), kind: 'user' },
        reason: 'Ill',
        revision: 1,
      })
      expect(Date.parse(ownerView.body.events[1].at)).toBeGreaterThan(0)
    })

    it('shows a details change with the old and new value of each field, events of older versions included', async () => {
      const own = (await book({ customer: users.alice.id, notes: 'Window seat', resource, service, startTime: nextStart() }, users.alice.token)).body
      const patched = await restRequest(site.payload, `/api/reservations/${own.id}`, {
        body: JSON.stringify({ customer: users.bob.id, notes: 'Aisle' }),
        headers: { Authorization: `JWT ${users.admin.token}`, 'Content-Type': 'application/json' },
        method: 'PATCH',
      })
      expect(patched.status).toBe(200)
      const changed = { changes: { customer: users.bob.id, notes: 'Aisle' }, previous: { customer: users.alice.id, notes: 'Window seat' } }
      const trail = await history(own.id, users.admin.token)
      expect(trail.body.events.at(-1)).toMatchObject({
        actor: { collection: 'users', kind: 'user' },
        data: { ...changed, reservationId: own.id },
        type: 'ReservationDetailsUpdated',
      })

      // A details event written before events carried old values: history tells them from the stream.
      const { store } = ledgerServices.of(site.payload)
      const stream = `reserve-reservation-${own.id}`
      const [head] = (await store.readStream(stream)).slice(-1)
      await store.append({
        events: [
          {
            data: { changes: { notes: 'Terrace' }, reservationId: own.id },
            metadata: { ...head!.metadata, actor: { kind: 'system', name: 'older-version' }, at: new Date().toISOString() },
            type: 'ReservationDetailsUpdated',
          },
        ],
        expectedRevision: head!.revision,
        stream,
      })
      const older = (await history(own.id, users.admin.token)).body.events.at(-1)
      expect(older.data).toEqual({ changes: { notes: 'Terrace' }, previous: { notes: 'Aisle' }, reservationId: own.id })
    })

    it('refuses others: 400 without an id, 401 anonymous, 403 another customer, 404 for staff only', async () => {
      const own = (await book({ customer: users.alice.id, resource, service, startTime: nextStart() }, users.alice.token)).body
      expect(await getJson(site.payload, '/api/reserve/history')).toEqual({ body: { message: 'reservationId is required' }, status: 400 })
      expect(await history(own.id)).toEqual({ body: { message: 'Unauthorized' }, status: 401 })
      expect(await history(own.id, users.bob.token)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
      expect(await history('no-such-reservation', users.bob.token)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
      expect(await history('no-such-reservation', users.admin.token)).toEqual({
        body: { message: 'Reservation not found' },
        status: 404,
      })
    })
  })
})
