import type { CollectionConfig, Field, Payload } from 'payload'

import { multiTenantPlugin } from '@payloadcms/plugin-multi-tenant'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { TestDatabase } from '../../helpers/databases.js'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, restRequest, startPayload, stopPayload } from '../../helpers/payload.js'
import { withQuery } from '../../support/http.js'
import { ALWAYS_OPEN, http } from '../support/plugin-http.js'

/**
 * The calendar as it was answers each user what the reservations collection answered them at
 * that instant, through the same access: an owner-mode staff member of tenant A sees the
 * bookings of their own resource only, nothing of another tenant's, and not the guest's
 * details this site's field access keeps for admins; a customer and a visitor get nothing.
 * The other routes that read reservations beside the collection (history, calendar feeds)
 * keep to the same access.
 */

type Id = number | string
type Doc = { id: Id } & Record<string, unknown>

const PASSWORD = 'secret-password'
const DAY = '2031-06-10'
const RANGE = { end: '2031-06-11T00:00:00.000Z', start: `${DAY}T00:00:00.000Z` }
/** The fields of a reservation the as-of answer carries. */
const AS_OF_FIELDS = ['customer', 'endTime', 'guest', 'guestCount', 'id', 'items', 'resource', 'service', 'startTime', 'status']

const tenants: CollectionConfig = { slug: 'tenants', access: { read: () => true }, fields: [{ name: 'name', type: 'text', required: true }] }

const isAdmin = ({ req }: { req: { user?: unknown } }) => (req.user as { role?: string } | null)?.role === 'admin'

/** This site keeps who a guest is, and staff notes, for admins. */
const adminsOnly = (fields: Field[]): Field[] =>
  fields.map((field) => ('name' in field && (field.name === 'guest' || field.name === 'notes') ? ({ ...field, access: { read: isAdmin } } as Field) : field))

const plugins = () => [
  reserveLedgerPlugin({
    allowGuestBooking: true,
    catchUp: { graceMs: 300, intervalMs: 60_000 },
    collectionOverrides: { reservations: { fields: ({ defaultFields }) => adminsOnly(defaultFields) } },
    multiTenant: {},
    resourceOwnerMode: { adminRoles: ['admin'] },
  }),
  multiTenantPlugin({
    collections: { customers: {}, reservations: {}, resources: {}, schedules: {}, services: {} },
    userHasAccessToAllTenants: (user) => (user as { role?: unknown }).role === 'admin',
  }),
]

const only = (doc: Record<string, unknown>) => Object.fromEntries(AS_OF_FIELDS.filter((field) => field in doc).map((field) => [field, doc[field]]))

const byId = (docs: Record<string, unknown>[]) => [...docs].sort((a, b) => String(a.id).localeCompare(String(b.id)))

for (const kind of testDatabaseKinds()) {
  describe(`the calendar as it was, by the reader's access (${kind})`, () => {
    let database: TestDatabase
    let payload: Payload
    const rooms: Record<'alice' | 'bob' | 'other', Doc> = {} as never
    const booked: Record<'customerOnBob' | 'guestOnAlice' | 'laterOnAlice' | 'otherTenant', Doc> = {} as never
    const tokens: Record<'admin' | 'alice' | 'customer', string> = {} as never
    let at: string
    let bobService: Doc

    const create = async (collection: string, data: Record<string, unknown>): Promise<Doc> => (await payload.create({ collection, data, depth: 0 })) as Doc

    const asOf = (resource: Doc, token?: string) => http(payload, withQuery('/api/reserve/as-of', { ...RANGE, at, resource: String(resource.id) }), { token })

    /** What the collection's REST read answers `token` for a resource's reservations over the range. */
    const collectionRead = async (resource: Doc, token: string) => {
      const where = `where[resource][equals]=${resource.id}&where[startTime][less_than]=${RANGE.end}&where[endTime][greater_than]=${RANGE.start}`
      const { body, status } = await http(payload, `/api/reservations?depth=0&${where}`, { token })
      expect(status).toBe(200)
      return byId((body.docs as Record<string, unknown>[]).map(only))
    }

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      payload = await startPayload({ collections: [tenants], database, plugins: plugins() })
      const [a, b] = [await create('tenants', { name: 'A' }), await create('tenants', { name: 'B' })]
      const user = (email: string, role: string, tenant: Doc | null) =>
        create('users', { email, password: PASSWORD, role, tenants: tenant ? [{ tenant: tenant.id }] : [] })
      const admin = await user('admin@example.test', 'admin', null)
      const alice = await user('alice@example.test', 'staff', a)
      const bob = await user('bob@example.test', 'staff', a)
      const carol = await user('carol@example.test', 'staff', b)
      const room = async (name: string, owner: Doc, tenant: Doc) => {
        const service = await create('services', { duration: 60, name: `Consultation ${name}`, tenant: tenant.id })
        const resource = await create('resources', { name, owner: owner.id, services: [service.id], tenant: tenant.id })
        await create('schedules', { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id, tenant: tenant.id })
        return { resource, service }
      }
      const [aliceRoom, bobRoom, otherRoom] = [await room('Alice', alice, a), await room('Bob', bob, a), await room('Carol', carol, b)]
      Object.assign(rooms, { alice: aliceRoom.resource, bob: bobRoom.resource, other: otherRoom.resource })
      bobService = bobRoom.service
      const customer = await create('customers', { email: 'customer@example.test', name: 'Cora Customer', password: PASSWORD, tenant: a.id })
      Object.assign(booked, {
        customerOnBob: await create('reservations', { customer: customer.id, resource: bobRoom.resource.id, service: bobRoom.service.id, startTime: `${DAY}T09:00:00.000Z` }),
        guestOnAlice: await create('reservations', {
          guest: { email: 'gina@example.test', name: 'Gina Guest' },
          notes: 'Prefers the window seat',
          resource: aliceRoom.resource.id,
          service: aliceRoom.service.id,
          startTime: `${DAY}T10:00:00.000Z`,
        }),
        // Another day, never moved: Alice's to read later on.
        laterOnAlice: await create('reservations', {
          guest: { email: 'lena@example.test', name: 'Lena Later' },
          notes: 'Needs the ramp',
          resource: aliceRoom.resource.id,
          service: aliceRoom.service.id,
          startTime: '2031-06-12T10:00:00.000Z',
        }),
        otherTenant: await create('reservations', {
          guest: { email: 'otto@example.test', name: 'Otto Other' },
          resource: otherRoom.resource.id,
          service: otherRoom.service.id,
          startTime: `${DAY}T11:00:00.000Z`,
        }),
      })
      Object.assign(tokens, {
        admin: await login(payload, { email: 'admin@example.test', password: PASSWORD }),
        alice: await login(payload, { email: 'alice@example.test', password: PASSWORD }),
        customer: await login(payload, { email: 'customer@example.test', password: PASSWORD }, 'customers'),
      })
    })

    afterAll(async () => {
      await stopPayload(payload)
      await database.drop()
    })

    it('answers each user what the collection answered them at that instant, though the bookings changed since', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      at = new Date().toISOString()
      const then = {
        admin: { alice: await collectionRead(rooms.alice, tokens.admin), bob: await collectionRead(rooms.bob, tokens.admin), other: await collectionRead(rooms.other, tokens.admin) },
        alice: { alice: await collectionRead(rooms.alice, tokens.alice), bob: await collectionRead(rooms.bob, tokens.alice) },
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
      // Since: Alice's guest moved to Bob's room, Bob's customer cancelled.
      await payload.update({ collection: 'reservations', data: { resource: rooms.bob.id, service: bobService.id }, id: booked.guestOnAlice.id })
      await payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id: booked.customerOnBob.id })

      // The collection's answers then were what each may read: everything for the admin, Alice's own room for her.
      expect(then.admin.alice.map(({ id }) => id)).toEqual([booked.guestOnAlice.id])
      expect(then.admin.bob.map(({ id }) => id)).toEqual([booked.customerOnBob.id])
      expect(then.alice.bob).toEqual([])
      for (const [user, answers] of Object.entries(then)) {
        for (const [room, docs] of Object.entries(answers)) {
          const { body, status } = await asOf(rooms[room as keyof typeof rooms], tokens[user as keyof typeof tokens])
          expect({ room, status, user }).toEqual({ room, status: 200, user })
          // This site adds no fields of its own, so the as-of answer's `fields` holds none.
          const reservations = (body.reservations as Array<{ fields: unknown } & Record<string, unknown>>).map(({ fields, ...rest }) => {
            expect(fields).toEqual({})
            return rest
          })
          expect({ reservations: byId(reservations), room, user }).toEqual({ reservations: docs, room, user })
          // Time held by a booking the reader could not read is not theirs to see either.
          expect(body.busy.map(({ reservationId }: { reservationId: string }) => reservationId)).toEqual(docs.map(({ id }) => id))
        }
      }
    })

    it("gives the admin the guest's details, and owner-mode staff neither them nor anything of other staff", async () => {
      const admin = (await asOf(rooms.alice, tokens.admin)).body
      expect(admin.reservations).toEqual([
        expect.objectContaining({ guest: { email: 'gina@example.test', name: 'Gina Guest', phone: null }, id: booked.guestOnAlice.id, resource: rooms.alice.id }),
      ])
      expect((await asOf(rooms.bob, tokens.admin)).body.reservations).toEqual([expect.objectContaining({ customer: expect.anything(), id: booked.customerOnBob.id, status: 'pending' })])

      const own = (await asOf(rooms.alice, tokens.alice)).body
      expect(own.reservations).toEqual([expect.objectContaining({ id: booked.guestOnAlice.id, startTime: `${DAY}T10:00:00.000Z` })])
      expect(own.busy).toEqual([expect.objectContaining({ reservationId: booked.guestOnAlice.id, start: `${DAY}T10:00:00.000Z` })])
      const text = JSON.stringify(own)
      for (const hidden of ['Gina', 'gina@', 'window seat', 'cancellationToken', 'notes', '"guest"']) {
        expect(text).not.toContain(hidden)
      }
      // Bob's room is one Alice may see in the calendar (it is active), but not its bookings.
      expect((await asOf(rooms.bob, tokens.alice)).body).toEqual({ at, busy: [], reservations: [] })
    })

    it("tells staff of one tenant nothing of another's, and refuses customers and visitors", async () => {
      expect((await asOf(rooms.other, tokens.admin)).body.reservations).toEqual([expect.objectContaining({ id: booked.otherTenant.id })])
      expect(await asOf(rooms.other, tokens.alice)).toEqual({ body: { error: 'Resource not found' }, status: 404 })
      expect((await asOf(rooms.alice, tokens.customer)).status).toBe(403)
      expect((await asOf(rooms.alice)).status).toBe(401)
    })

    it("keeps the same fields out of a booking's history, and other staff's bookings out of it altogether", async () => {
      const history = (reservation: Doc, token: string) => http(payload, `/api/reserve/history?reservationId=${reservation.id}`, { token })
      const forAdmin = await history(booked.laterOnAlice, tokens.admin)
      expect(JSON.stringify(forAdmin.body)).toContain('Lena Later')
      expect(JSON.stringify(forAdmin.body)).toContain('Needs the ramp')
      const forAlice = await history(booked.laterOnAlice, tokens.alice)
      expect(forAlice.status).toBe(200)
      expect(forAlice.body.events.map(({ type }: { type: string }) => type)).toEqual(['ReservationBooked'])
      for (const hidden of ['Lena', 'lena@', 'ramp', '"guest"', '"notes"']) {
        expect(JSON.stringify(forAlice.body)).not.toContain(hidden)
      }
      expect((await history(booked.customerOnBob, tokens.alice)).status).toBe(404)
    })

    it("opens owner-mode staff a calendar feed of their own resource only, not another practitioner's nor a customer's", async () => {
      const feedKey = (data: Record<string, unknown>, token: string) => http(payload, '/api/reservation-feed-keys', { body: data, method: 'POST', token })
      const own = await feedKey({ resource: rooms.alice.id }, tokens.alice)
      expect(own.status).toBe(201)
      const feed = await restRequest(payload, own.body.doc.url)
      expect(await feed.text()).toContain('Lena Later')
      expect(await feedKey({ resource: rooms.bob.id }, tokens.alice)).toMatchObject({ status: 400 })
      expect(await feedKey({ customer: booked.customerOnBob.customer }, tokens.alice)).toMatchObject({ status: 400 })
      expect((await feedKey({ resource: rooms.bob.id }, tokens.admin)).status).toBe(201)
    })
  })
}
