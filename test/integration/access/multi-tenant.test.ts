import type { CollectionConfig, Payload } from 'payload'

import { multiTenantPlugin } from '@payloadcms/plugin-multi-tenant'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ReserveLedgerOptions } from '../../../src/plugin/options.js'
import type { TestDatabase } from '../../helpers/databases.js'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, startPayload, stopPayload } from '../../helpers/payload.js'
import { openEventStream, type SseEvent } from '../../support/sse.js'
import { ALWAYS_OPEN, errorPaths, http } from '../support/plugin-http.js'

/**
 * A site split by @payloadcms/plugin-multi-tenant into tenants A and B, each with a service,
 * resource, schedule, customer and reservation. Staff of tenant A try every endpoint and REST
 * collection on B's records: they get 404, 403, 400 or nothing of B's, and nothing reaches the
 * ledger; on A's own records everything works.
 */

type Id = number | string
type Doc = { id: Id } & Record<string, unknown>

const PASSWORD = 'secret-password'
const DAY = '2031-03-04'

const tenants: CollectionConfig = {
  slug: 'tenants',
  access: { read: () => true },
  admin: { useAsTitle: 'name' },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'timezone', type: 'text' },
  ],
}

const SCOPED = { customers: {}, reservations: {}, resources: {}, schedules: {}, services: {} }

const plugins = (collections: Record<string, object>, extra: ReserveLedgerOptions = {}) => [
  reserveLedgerPlugin({
    allowGuestBooking: true,
    catchUp: { graceMs: 300, intervalMs: 60_000 },
    multiTenant: { tenantTimezoneField: 'timezone' },
    ...extra,
  }),
  multiTenantPlugin({
    collections,
    userHasAccessToAllTenants: (user) => (user as { role?: unknown }).role === 'admin',
  }),
]

interface Site {
  customer: Doc
  reservation: Doc
  resource: Doc
  service: Doc
  tenant: Doc
}

for (const kind of testDatabaseKinds()) {
  describe(`multi-tenant sites (${kind})`, () => {
    let database: TestDatabase
    let payload: Payload
    let a: Site
    let b: Site
    let staffA: string
    let superAdmin: string

    const create = async (collection: string, data: Record<string, unknown>): Promise<Doc> =>
      (await payload.create({ collection, data, depth: 0 })) as Doc

    const site = async (name: string, timezone: string, hour: number): Promise<Site> => {
      const tenant = await create('tenants', { name, timezone })
      const service = await create('services', { name: `Massage ${name}`, duration: 60, tenant: tenant.id })
      const resource = await create('resources', { name: `Room ${name}`, quantity: 5, services: [service.id], tenant: tenant.id })
      await create('schedules', { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id, tenant: tenant.id })
      const customer = await create('customers', { email: `customer-${name}@example.test`, password: PASSWORD, tenant: tenant.id })
      const reservation = await create('reservations', {
        customer: customer.id,
        resource: resource.id,
        service: service.id,
        startTime: `${DAY}T${String(hour).padStart(2, '0')}:00:00.000Z`,
      })
      return { customer, reservation, resource, service, tenant }
    }

    const user = async (email: string, role: string, tenantIds: Id[]): Promise<string> => {
      await create('users', { email, password: PASSWORD, role, tenants: tenantIds.map((tenant) => ({ tenant })) })
      return login(payload, { email, password: PASSWORD })
    }

    /** Every event in the ledger: attempts refused must leave it as it was. */
    const ledgerSize = async (): Promise<number> => (await payload.count({ collection: 'reservation-events' })).totalDocs

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      payload = await startPayload({ collections: [tenants], database, plugins: plugins(SCOPED) })
      a = await site('A', 'Europe/Berlin', 9)
      b = await site('B', 'America/New_York', 10)
      staffA = await user('staff-a@example.test', 'staff', [a.tenant.id])
      superAdmin = await user('root@example.test', 'admin', [])
    })

    afterAll(async () => {
      await stopPayload(payload)
      await database.drop()
    })

    it("a resource saved without a zone takes its tenant's; one of its own keeps it", async () => {
      expect(a.resource.timezone).toBe('Europe/Berlin')
      expect(b.resource.timezone).toBe('America/New_York')
      const own = await create('resources', { name: 'Own zone', tenant: b.tenant.id, timezone: 'Asia/Tokyo' })
      expect(own.timezone).toBe('Asia/Tokyo')
    })

    it("a reservation carries its records' tenant, in the ledger too, so a rebuild writes it again", async () => {
      expect(String(b.reservation.tenant)).toBe(String(b.tenant.id))
      const { ledger, projector } = ledgerServices.of(payload)
      const [booked] = await ledger.history(String(b.reservation.id))
      expect(booked.type === 'ReservationBooked' && String(booked.data.tenant)).toBe(String(b.tenant.id))
      await payload.db.deleteOne({ collection: 'reservations', where: { id: { equals: b.reservation.id } } })
      await projector.project(String(b.reservation.id))
      const rebuilt = await payload.findByID({ collection: 'reservations', depth: 0, id: b.reservation.id })
      expect(String(rebuilt.tenant)).toBe(String(b.tenant.id))
    })

    it("tenant A's staff get nothing of tenant B's through any endpoint, and write nothing", async () => {
      const before = await ledgerSize()
      const slotQuery = (service: Doc, resource: Doc) => `service=${service.id}&resource=${resource.id}&date=${DAY}`
      const range = `start=${DAY}&end=2031-03-05`
      const asOf = `resource=${b.resource.id}&start=${DAY}T00:00:00.000Z&end=2031-03-05T00:00:00.000Z&at=${new Date().toISOString()}`
      const attempts = {
        availability: await http(payload, `/api/reserve/availability?${slotQuery(b.service, b.resource)}`, { token: staffA }),
        availabilityMixed: await http(payload, `/api/reserve/availability?${slotQuery(a.service, b.resource)}`, { token: staffA }),
        slots: await http(payload, `/api/reserve/slots?${slotQuery(b.service, b.resource)}`, { token: staffA }),
        slotsMixed: await http(payload, `/api/reserve/slots?${slotQuery(a.service, b.resource)}`, { token: staffA }),
        resourceAvailability: await http(payload, `/api/reserve/resource-availability?resource=${b.resource.id}&${range}`, { token: staffA }),
        asOf: await http(payload, `/api/reserve/as-of?${asOf}`, { token: staffA }),
        history: await http(payload, `/api/reserve/history?reservationId=${b.reservation.id}`, { token: staffA }),
        cancel: await http(payload, '/api/reserve/cancel', { body: { reservationId: b.reservation.id }, method: 'POST', token: staffA }),
        bookB: await http(payload, '/api/reserve/book', {
          body: { customer: b.customer.id, resource: b.resource.id, service: b.service.id, startTime: `${DAY}T15:00:00.000Z` },
          method: 'POST',
          token: staffA,
        }),
        bookOnBResource: await http(payload, '/api/reserve/book', {
          body: { customer: a.customer.id, resource: b.resource.id, service: a.service.id, startTime: `${DAY}T15:00:00.000Z` },
          method: 'POST',
          token: staffA,
        }),
        bookForBCustomer: await http(payload, '/api/reserve/book', {
          body: { customer: b.customer.id, resource: a.resource.id, service: a.service.id, startTime: `${DAY}T15:00:00.000Z` },
          method: 'POST',
          token: staffA,
        }),
        patchB: await http(payload, `/api/reservations/${b.reservation.id}`, { body: { status: 'cancelled' }, method: 'PATCH', token: staffA }),
        deleteB: await http(payload, `/api/reservations/${b.reservation.id}`, { method: 'DELETE', token: staffA }),
        moveAToB: await http(payload, `/api/reservations/${a.reservation.id}`, { body: { resource: b.resource.id }, method: 'PATCH', token: staffA }),
        customerToB: await http(payload, `/api/reservations/${a.reservation.id}`, { body: { customer: b.customer.id }, method: 'PATCH', token: staffA }),
        itemOnB: await http(payload, '/api/reservations', {
          body: { customer: a.customer.id, items: [{ resource: b.resource.id }], resource: a.resource.id, service: a.service.id, startTime: `${DAY}T15:00:00.000Z` },
          method: 'POST',
          token: staffA,
        }),
        patchBService: await http(payload, `/api/services/${b.service.id}`, { body: { name: 'Taken' }, method: 'PATCH', token: staffA }),
        feedKeyB: await http(payload, '/api/reservation-feed-keys', { body: { resource: b.resource.id }, method: 'POST', token: staffA }),
      }
      const statuses = Object.fromEntries(Object.entries(attempts).map(([name, { status }]) => [name, status]))
      expect(statuses).toEqual({
        availability: 404,
        availabilityMixed: 404,
        slots: 404,
        slotsMixed: 404,
        resourceAvailability: 404,
        asOf: 404,
        history: 404,
        cancel: 404,
        bookB: 404,
        bookOnBResource: 404,
        bookForBCustomer: 404,
        // Payload's own answer to a write on a record outside the caller's access.
        patchB: 403,
        deleteB: 403,
        moveAToB: 400,
        customerToB: 400,
        itemOnB: 400,
        patchBService: 403,
        feedKeyB: 400,
      })
      expect(errorPaths(attempts.moveAToB.body)).toEqual(['resource'])
      expect(errorPaths(attempts.customerToB.body)).toEqual(['customer'])
      expect(errorPaths(attempts.itemOnB.body)).toEqual(['items.0.resource'])
      expect(errorPaths(attempts.feedKeyB.body)).toEqual(['resource'])
      expect(await ledgerSize()).toBe(before)
      const stillB = await payload.findByID({ collection: 'reservations', depth: 0, id: b.reservation.id })
      expect([stillB.status, String(stillB.resource)]).toEqual(['pending', String(b.resource.id)])
      const stillA = await payload.findByID({ collection: 'reservations', depth: 0, id: a.reservation.id })
      expect([String(stillA.resource), String(stillA.customer)]).toEqual([String(a.resource.id), String(a.customer.id)])
    })

    it('even users with every tenant cannot put records of two tenants in one reservation', async () => {
      const before = await ledgerSize()
      const onA = { resource: a.resource.id, service: a.service.id, startTime: `${DAY}T18:00:00.000Z` }
      const attempts = [
        await http(payload, '/api/reservations', { body: { ...onA, customer: b.customer.id }, method: 'POST', token: superAdmin }),
        await http(payload, '/api/reservations', { body: { ...onA, customer: a.customer.id, tenant: b.tenant.id }, method: 'POST', token: superAdmin }),
        await http(payload, `/api/reservations/${a.reservation.id}`, { body: { resource: b.resource.id }, method: 'PATCH', token: superAdmin }),
        await http(payload, `/api/reservations/${a.reservation.id}`, { body: { service: b.service.id }, method: 'PATCH', token: superAdmin }),
      ]
      expect(attempts.map(({ body, status }) => [status, errorPaths(body)])).toEqual([
        [400, ['customer']],
        [400, ['tenant']],
        [400, ['resource']],
        [400, ['resource']],
      ])
      expect(await ledgerSize()).toBe(before)
    })

    it("tenant A's staff list only A's records and search only A's customers; the ledger's events are for all-tenant users", async () => {
      const listed = async (slug: string, token: string) => {
        const { body, status } = await http(payload, `/api/${slug}?depth=0&limit=100`, { token })
        return status === 200 ? body.docs.map((doc: Doc) => String(doc.id)).sort() : status
      }
      expect(await listed('services', staffA)).toEqual([String(a.service.id)])
      expect(await listed('resources', staffA)).toEqual([String(a.resource.id)])
      expect(await listed('customers', staffA)).toEqual([String(a.customer.id)])
      expect(await listed('reservations', staffA)).not.toContain(String(b.reservation.id))
      expect(await listed('reservations', staffA)).toContain(String(a.reservation.id))
      expect(await listed('reservation-events', staffA)).toBe(403)
      expect(await listed('reservation-webhooks', staffA)).toBe(403)
      expect(await listed('reservation-webhooks', superAdmin)).toEqual([])
      expect((await listed('reservation-events', superAdmin)) as string[]).not.toHaveLength(0)
      const search = await http(payload, '/api/reservation-customer-search?search=customer', { token: staffA })
      expect(search.body.docs.map((doc: Doc) => doc.email)).toEqual(['customer-a@example.test'])
      const history = await http(payload, `/api/reserve/history?reservationId=${b.reservation.id}`, { token: superAdmin })
      expect(history.status).toBe(200)
    })

    it("tenant A's staff book, look up and cancel on A's records", async () => {
      const slots = await http(payload, `/api/reserve/slots?service=${a.service.id}&resource=${a.resource.id}&date=${DAY}`, { token: staffA })
      expect(slots.status).toBe(200)
      expect(slots.body.slots.length).toBeGreaterThan(0)
      const range = await http(payload, `/api/reserve/resource-availability?resource=${a.resource.id}&start=${DAY}&end=2031-03-05`, { token: staffA })
      expect(range.status).toBe(200)
      const booked = await http(payload, '/api/reserve/book', {
        body: { customer: a.customer.id, resource: a.resource.id, service: a.service.id, startTime: `${DAY}T13:00:00.000Z` },
        method: 'POST',
        token: staffA,
      })
      expect(booked.status).toBe(201)
      expect(String(booked.body.tenant)).toBe(String(a.tenant.id))
      const history = await http(payload, `/api/reserve/history?reservationId=${booked.body.id}`, { token: staffA })
      expect(history.body.events.map((event: { type: string }) => event.type)).toEqual(['ReservationBooked'])
      const asOf = await http(payload, `/api/reserve/as-of?resource=${a.resource.id}&start=${DAY}T00:00:00.000Z&end=2031-03-05T00:00:00.000Z&at=${new Date().toISOString()}`, { token: staffA })
      expect(asOf.status).toBe(200)
      const cancelled = await http(payload, '/api/reserve/cancel', { body: { reservationId: booked.body.id }, method: 'POST', token: staffA })
      expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled'])
    })

    it("a waitlist entry carries its service's tenant: staff list and leave only their tenants' entries, others' are unknown", async () => {
      const wish = (of: Site) => ({ customer: of.customer.id, from: `${DAY}T09:00:00.000Z`, service: of.service.id, to: `${DAY}T12:00:00.000Z` })
      const join = (body: Record<string, unknown>, token: string) => http(payload, '/api/reserve/waitlist', { body, method: 'POST', token })
      const [ofA, ofB] = [await join(wish(a), staffA), await join(wish(b), superAdmin)]
      expect([ofA.status, ofB.status]).toEqual([201, 201])
      const { waitlist } = ledgerServices.of(payload)
      const tenantOf = async (entryId: string) => {
        const { state } = await waitlist.load(entryId)
        return state.kind === 'absent' ? null : String(state.entry.tenant)
      }
      expect([await tenantOf(ofA.body.entryId), await tenantOf(ofB.body.entryId)]).toEqual([String(a.tenant.id), String(b.tenant.id)])
      // Another tenant's service is as unknown to A's staff as on every endpoint; a customer of another tenant is refused.
      expect(errorPaths((await join(wish(b), staffA)).body)).toEqual(['service'])
      expect(errorPaths((await join({ ...wish(a), customer: b.customer.id }, superAdmin)).body)).toEqual(['customer'])

      const listed = async (token: string) => {
        const { body } = await http(payload, `/api/reserve/waitlist?start=${DAY}T00:00:00.000Z&end=2031-03-05T00:00:00.000Z`, { token })
        return (body.entries as Array<{ entryId: string }>).map(({ entryId }) => entryId).sort()
      }
      expect(await listed(staffA)).toEqual([ofA.body.entryId])
      expect(await listed(superAdmin)).toEqual([ofA.body.entryId, ofB.body.entryId].sort())

      const before = await ledgerSize()
      const leave = (entryId: string, token: string) => http(payload, `/api/reserve/waitlist/${entryId}`, { method: 'DELETE', token })
      const foreign = await leave(ofB.body.entryId, staffA)
      expect([foreign.status, foreign.body]).toEqual([404, { message: 'Waitlist entry not found' }])
      expect(await ledgerSize()).toBe(before)
      expect((await waitlist.load(ofB.body.entryId)).state.kind).toBe('waiting')
      expect((await leave(ofA.body.entryId, staffA)).body.status).toBe('left')
      expect((await leave(ofB.body.entryId, superAdmin)).body.status).toBe('left')
    })

    it("a guest books on one tenant's records and gets that tenant; records of two tenants are refused on the stray one's path", async () => {
      const guest = { email: 'guest@example.test', name: 'Guest' }
      const booked = await http(payload, '/api/reserve/book', {
        body: { guest, resource: b.resource.id, service: b.service.id, startTime: `${DAY}T16:00:00.000Z` },
        method: 'POST',
      })
      expect(booked.status).toBe(201)
      expect(String(booked.body.tenant)).toBe(String(b.tenant.id))
      const before = await ledgerSize()
      const mixed = await http(payload, '/api/reserve/book', {
        body: { guest, resource: b.resource.id, service: a.service.id, startTime: `${DAY}T17:00:00.000Z` },
        method: 'POST',
      })
      expect([mixed.status, errorPaths(mixed.body)]).toEqual([400, ['resource']])
      const slots = await http(payload, `/api/reserve/slots?service=${a.service.id}&resource=${b.resource.id}&date=${DAY}`)
      expect(slots.status).toBe(404)
      expect(await ledgerSize()).toBe(before)
    })

    it("the live calendar tells tenant A's staff of A's changes only, and users with every tenant of both", async () => {
      const staff = await openEventStream(payload, '/api/reserve/live', { token: staffA })
      const all = await openEventStream(payload, '/api/reserve/live', { token: superAdmin })
      try {
        const book = async ({ customer, resource, service }: Site) =>
          String((await create('reservations', { customer: customer.id, resource: resource.id, service: service.id, startTime: `${DAY}T18:00:00.000Z` })).id)
        const ofB = await book(b)
        const ofA = await book(a)
        const about = (id: string) => (event: SseEvent) => event.event === 'reservation' && event.data.includes(id)
        // Announced in position order: B's booking reaches a client before A's, or not at all.
        await staff.waitFor(about(ofA))
        await all.waitFor(about(ofB))
        await all.waitFor(about(ofA))
        expect(staff.raw()).not.toContain(ofB)
      } finally {
        await staff.close()
        await all.close()
      }
    })
  })

  describe(`multi-tenant configured, the ledger's collections not scoped (${kind})`, () => {
    it('names them in a warning at start', async () => {
      const database = await createTestDatabase(kind)
      const lines: string[] = []
      const payload = await startPayload({
        collections: [tenants, { slug: 'pages', fields: [{ name: 'title', type: 'text' }] }],
        config: { logger: { destination: { write: (line: string) => void lines.push(line) }, options: { level: 'warn' } } },
        database,
        plugins: plugins({ pages: {}, services: {} }),
      })
      try {
        const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter(({ msg }) => msg.includes('not tenant-scoped'))
        expect(warnings).toHaveLength(1)
        expect(warnings[0].msg).toContain('not tenant-scoped: resources, schedules, reservations, customers.')
        // Records of unscoped collections have no tenant to disagree with: a booking still goes through.
        const tenant = await payload.create({ collection: 'tenants', data: { name: 'Only' } })
        const service = await payload.create({ collection: 'services', data: { name: 'Scoped', duration: 60, tenant: tenant.id } })
        const resource = await payload.create({ collection: 'resources', data: { name: 'Shared', services: [service.id] } })
        await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
        const booked = await payload.create({
          collection: 'reservations',
          data: { resource: resource.id, service: service.id, startTime: `${DAY}T09:00:00.000Z` },
        })
        const [event] = await ledgerServices.of(payload).ledger.history(String(booked.id))
        expect(event.type === 'ReservationBooked' && String(event.data.tenant)).toBe(String(tenant.id))
      } finally {
        await stopPayload(payload)
        await database.drop()
      }
    })
  })

  describe(`staff provisioning on a multi-tenant site (${kind})`, () => {
    it("gives a staff member's resource their first tenant, and that tenant's zone", async () => {
      const database = await createTestDatabase(kind)
      const payload = await startPayload({
        collections: [tenants],
        database,
        plugins: plugins(SCOPED, { resourceOwnerMode: { adminRoles: ['admin'] }, staffProvisioning: { resourceType: 'practitioner', staffRoles: ['staff'] } }),
      })
      try {
        const lisbon = await payload.create({ collection: 'tenants', data: { name: 'Lisbon', timezone: 'Europe/Lisbon' } })
        const oslo = await payload.create({ collection: 'tenants', data: { name: 'Oslo', timezone: 'Europe/Oslo' } })
        const staff = await payload.create({
          collection: 'users',
          data: { email: 'practitioner@example.test', password: PASSWORD, role: 'staff', tenants: [{ tenant: oslo.id }, { tenant: lisbon.id }] },
        })
        const { docs } = await payload.find({ collection: 'resources', depth: 0, where: { owner: { equals: staff.id } } })
        expect(docs.map((doc) => [String(doc.tenant), doc.timezone])).toEqual([[String(oslo.id), 'Europe/Oslo']])
      } finally {
        await stopPayload(payload)
        await database.drop()
      }
    })
  })

  describe(`multi-tenant site whose customers are its users (userCollection, ${kind})`, () => {
    let database: TestDatabase
    let payload: Payload

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      const { customers: _customersAreUsers, ...scoped } = SCOPED
      payload = await startPayload({ collections: [tenants], database, plugins: plugins(scoped, { userCollection: 'users' }) })
    })

    afterAll(async () => {
      await stopPayload(payload)
      await database.drop()
    })

    it("customers belong to tenants through their tenant rows: staff search and book only their tenants' customers", async () => {
      const create = async (collection: string, data: Record<string, unknown>) => (await payload.create({ collection, data, depth: 0 })) as Doc
      const [a, b] = [await create('tenants', { name: 'A' }), await create('tenants', { name: 'B' })]
      const service = await create('services', { name: 'Massage', duration: 60, tenant: a.id })
      const resource = await create('resources', { name: 'Room', services: [service.id], tenant: a.id })
      await create('schedules', { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id, tenant: a.id })
      const person = (email: string, role: string, tenant: Doc) =>
        create('users', { email, password: PASSWORD, role, tenants: [{ tenant: tenant.id }] })
      await person('staff-a@example.test', 'staff', a)
      const customerA = await person('customer-a@example.test', 'customer', a)
      const customerB = await person('customer-b@example.test', 'customer', b)
      const staffA = await login(payload, { email: 'staff-a@example.test', password: PASSWORD })
      const booking = (customer: Doc, hour: number) => ({
        customer: customer.id,
        resource: resource.id,
        service: service.id,
        startTime: `${DAY}T${hour}:00:00.000Z`,
      })

      const search = await http(payload, '/api/reservation-customer-search?search=customer', { token: staffA })
      expect(search.body.docs.map((doc: Doc) => doc.email)).toEqual(['customer-a@example.test'])
      const before = (await payload.count({ collection: 'reservation-events' })).totalDocs
      const viaBook = await http(payload, '/api/reserve/book', { body: booking(customerB, 10), method: 'POST', token: staffA })
      const viaRest = await http(payload, '/api/reservations', { body: booking(customerB, 11), method: 'POST', token: staffA })
      expect([viaBook.status, viaRest.status, errorPaths(viaRest.body)]).toEqual([404, 400, ['customer']])
      expect((await payload.count({ collection: 'reservation-events' })).totalDocs).toBe(before)

      const customerToken = await login(payload, { email: 'customer-a@example.test', password: PASSWORD })
      const own = await http(payload, '/api/reserve/book', { body: booking(customerA, 12), method: 'POST', token: customerToken })
      expect([own.status, String(own.body.tenant)]).toEqual([201, String(a.id)])
    })
  })
}
