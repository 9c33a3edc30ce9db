import { configToSchema } from '@payloadcms/graphql'
// The graphql module Payload's schema was built with: types from another copy are refused.
import { GraphQL } from '@payloadcms/graphql/types'
import { createHash } from 'node:crypto'
import { createLocalReq } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { guestTokens } from '../../support/guest-tokens.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, http } from '../support/plugin-http.js'

const PASSWORD = 'secret-password'

/** The plugin's collections as GraphQL lists: the admin must get each without an error. */
const PLUGIN_LISTS = ['Services', 'Resources', 'Schedules', 'Customers', 'Reservations', 'ReservationEvents']

type Id = number | string

const { getNamedType, graphql, isEnumType, isNonNullType, isObjectType, isScalarType } = GraphQL

/**
 * A selection of every field reachable from `type` within `depth` object levels, skipping fields
 * that need arguments and polymorphic (union) fields: enough to pull whatever a caller may see.
 */
const selectAll = (type: GraphQL.GraphQLOutputType, depth: number): null | string => {
  const named = getNamedType(type)
  if (isScalarType(named) || isEnumType(named)) {
    return ''
  }
  if (!isObjectType(named) || depth === 0) {
    return null
  }
  const parts = Object.values(named.getFields()).flatMap((field) => {
    if (field.args.some((arg) => isNonNullType(arg.type))) {
      return []
    }
    const sub = selectAll(field.type, depth - 1)
    return sub === null ? [] : [sub === '' ? field.name : `${field.name} ${sub}`]
  })
  return parts.length > 0 ? `{ ${parts.join(' ')} }` : null
}

/** The paginated list query of every collection in the schema (`Services`, `Reservations`, ...). */
const listQueries = (schema: GraphQL.GraphQLSchema): string[] =>
  Object.values(schema.getQueryType()?.getFields() ?? {})
    .filter((field) => {
      const type = getNamedType(field.type)
      return isObjectType(type) && 'docs' in type.getFields() && 'totalDocs' in type.getFields() && !/Versions$/.test(field.name)
    })
    .map((field) => `query { ${field.name}(limit: 100) ${selectAll(field.type, 4)} }`)

describe.each(testDatabaseKinds())('what responses expose (%s)', (kind) => {
  let schema: GraphQL.GraphQLSchema
  const tokens: Record<'admin' | 'customer' | 'staff', string> = { admin: '', customer: '', staff: '' }
  const { remember, tokens: cancellationTokens } = guestTokens()
  let customerId: Id
  let customerReservation: Id
  let guestBooking: { body: unknown; status: number }

  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    hooks: {
      afterBookingCreate: [remember],
    },
    userCollection: undefined,
  })

  /** A GraphQL request through Payload's schema and resolvers, as the token's user (or anonymous). */
  const graphqlAs = async (source: string, token?: string): Promise<unknown> => {
    const { user } = await site.payload.auth({ headers: new Headers(token ? { Authorization: `JWT ${token}` } : {}) })
    const req = await createLocalReq({ user: user ?? undefined }, site.payload)
    req.payloadAPI = 'GraphQL'
    return graphql({ contextValue: { headers: {}, req }, schema, source })
  }

  beforeAll(async () => {
    schema = configToSchema(site.payload.config).schema
    for (const role of ['admin', 'staff'] as const) {
      await site.payload.create({ collection: 'users', data: { email: `${role}@example.test`, password: PASSWORD, role } })
      tokens[role] = await login(site.payload, { email: `${role}@example.test`, password: PASSWORD })
    }
    customerId = (await site.payload.create({ collection: 'customers', data: { email: 'cy@example.test', password: PASSWORD } })).id
    tokens.customer = await login(site.payload, { email: 'cy@example.test', password: PASSWORD }, 'customers')
    const staff = (await site.payload.find({ collection: 'users', where: { role: { equals: 'staff' } } })).docs[0]
    const service = await site.payload.create({ collection: 'services', data: { name: 'Sauna', duration: 60, owner: staff.id } })
    const resource = await site.payload.create({
      collection: 'resources',
      data: { name: 'Sauna 1', owner: staff.id, quantity: 5, services: [service.id] },
    })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })

    guestBooking = await http(site.payload, '/api/reservations', {
      body: {
        guest: { email: 'guest@example.test', name: 'Gus' },
        resource: resource.id,
        service: service.id,
        startTime: '2031-05-05T10:00:00.000Z',
      },
      method: 'POST',
    })
    const booked = await http(site.payload, '/api/reservations', {
      body: { resource: resource.id, service: service.id, startTime: '2031-05-05T12:00:00.000Z' },
      method: 'POST',
      token: tokens.customer,
    })
    customerReservation = booked.body.doc.id
  })

  describe('cancellation tokens', () => {
    const secrets = (): string[] => {
      expect(cancellationTokens.size).toBe(1)
      const [token] = cancellationTokens.values()
      return [token, createHash('sha256').update(token).digest('hex')]
    }

    it('hands the plaintext token to afterBookingCreate, and the booking response carries neither it nor its hash', () => {
      expect(guestBooking.status).toBe(201)
      const body = JSON.stringify(guestBooking.body)
      for (const secret of secrets()) {
        expect(body).not.toContain(secret)
      }
    })

    it('appears in no REST response of any collection, for anyone', async () => {
      const [token, digest] = secrets()
      const slugs = site.payload.config.collections.map(({ slug }) => slug)
      expect(slugs).toEqual(expect.arrayContaining(['reservations', 'reservation-events', 'customers', 'users']))
      const reservationId = (await site.payload.find({ collection: 'reservations', where: { customer: { exists: false } } })).docs[0].id
      for (const caller of [undefined, tokens.customer, tokens.staff, tokens.admin]) {
        const paths = [...slugs.map((slug) => `/api/${slug}?depth=3&limit=100`), `/api/reservations/${reservationId}?depth=3`]
        for (const path of paths) {
          const { body } = await http(site.payload, path, { token: caller })
          const text = JSON.stringify(body)
          expect(text, path).not.toContain(token)
          expect(text, path).not.toContain(digest)
        }
      }
      // The admin sees the guest booking and its ledger events: the check above looked at them.
      const asAdmin = await http(site.payload, '/api/reservation-events?depth=0&limit=100', { token: tokens.admin })
      expect(asAdmin.body.docs.map((doc: { type: string }) => doc.type)).toContain('ReservationBooked')
    })

    it('appears in no GraphQL response of any collection, for anyone', async () => {
      const [token, digest] = secrets()
      const queries = listQueries(schema)
      expect(PLUGIN_LISTS.filter((name) => !queries.some((query) => query.includes(`{ ${name}(`)))).toEqual([])
      for (const caller of [undefined, tokens.customer, tokens.staff, tokens.admin]) {
        for (const query of queries) {
          const result = (await graphqlAs(query, caller)) as { errors?: unknown[] }
          if (caller === tokens.admin && PLUGIN_LISTS.some((name) => query.includes(`{ ${name}(`))) {
            expect(result.errors, query.slice(0, 40)).toBeUndefined()
          }
          const text = JSON.stringify(result)
          expect(text, query.slice(0, 40)).not.toContain(token)
          expect(text, query.slice(0, 40)).not.toContain(digest)
        }
      }
      const asAdmin = (await graphqlAs('query { Reservations { docs { id guest { name } } } }', tokens.admin)) as {
        data: { Reservations: { docs: Array<{ guest: { name: null | string } }> } }
      }
      expect(asAdmin.data.Reservations.docs.map(({ guest }) => guest.name)).toContain('Gus')
    })
  })

  describe('populated relations', () => {
    it('gives customers relation ids, never populated documents, whatever depth they ask for', async () => {
      const one = await http(site.payload, `/api/reservations/${customerReservation}?depth=3`, { token: tokens.customer })
      const list = await http(site.payload, '/api/reservations?depth=3', { token: tokens.customer })
      expect(one.status).toBe(200)
      for (const doc of [one.body, ...list.body.docs]) {
        expect(typeof doc.resource).not.toBe('object')
        expect(typeof doc.service).not.toBe('object')
        expect(doc.customer).toBe(customerId)
      }
    })

    it('gives customers relation ids in the reservations of their own account too', async () => {
      const me = await http(site.payload, `/api/customers/${customerId}?depth=3`, { token: tokens.customer })
      const bookings = me.body.bookings.docs as Array<Record<string, unknown>>
      expect(bookings.map((doc) => doc.id)).toEqual([customerReservation])
      expect(typeof bookings[0].resource).not.toBe('object')
    })

    it('gives everyone but staff the owners of services and resources as ids, not staff user documents', async () => {
      for (const caller of [undefined, tokens.customer]) {
        for (const slug of ['services', 'resources']) {
          const { body } = await http(site.payload, `/api/${slug}?depth=2`, { token: caller })
          expect(body.docs.length).toBeGreaterThan(0)
          for (const doc of body.docs) {
            expect(typeof doc.owner, slug).not.toBe('object')
          }
        }
      }
      const asStaff = await http(site.payload, '/api/resources?depth=1', { token: tokens.staff })
      expect(asStaff.body.docs[0].owner).toMatchObject({ email: 'staff@example.test' })
    })

    it('populates relations for staff as asked', async () => {
      const one = await http(site.payload, `/api/reservations/${customerReservation}?depth=1`, { token: tokens.staff })
      expect(one.body.resource).toMatchObject({ name: 'Sauna 1' })
      expect(one.body.service).toMatchObject({ name: 'Sauna' })
    })
  })
})
