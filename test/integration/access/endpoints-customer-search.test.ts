import type { CollectionConfig, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, startPayload, stopPayload } from '../../helpers/payload.js'
import { getJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

const PATH = '/api/reservation-customer-search'
const PASSWORD = 'secret-password'

/** A host user collection with first and last names and a role field holding several roles. */
const hostUsers: CollectionConfig = {
  slug: 'users',
  auth: true,
  fields: [
    { name: 'role', type: 'select', hasMany: true, options: ['admin', 'staff', 'customer', 'editor'] },
    { name: 'firstName', type: 'text' },
    { name: 'lastName', type: 'text' },
  ],
}

describe.each(testDatabaseKinds())('customer search (%s)', (kind) => {
  describe('userCollection mode: staff and customers in one collection', () => {
    let database: TestDatabase
    let payload: Payload
    let adminToken: string
    let customerToken: string

    const user = (email: string, data: Record<string, unknown>) =>
      payload.create({ collection: 'users', data: { email, password: PASSWORD, ...data } })

    const search = (params: Record<string, number | string | undefined>, token = adminToken) =>
      getJson(payload, withQuery(PATH, params), token)

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      payload = await startPayload({
        collections: [hostUsers],
        database,
        plugins: [reserveLedgerPlugin({ catchUp: { graceMs: 300, intervalMs: 60_000 }, userCollection: 'users' })],
      })
      await user('root@example.test', { firstName: 'Ada', role: ['admin'] })
      await user('desk@example.test', { firstName: 'Ada', role: ['editor', 'staff'] })
      await user('ada.lovelace@example.test', { firstName: 'Ada', lastName: 'Lovelace', name: 'Ada L.', phone: '+44 20 7946 0001', role: ['customer'] })
      await user('grace@example.test', { firstName: 'Grace', lastName: 'Hopper', phone: '+1 212 555 0199' })
      adminToken = await login(payload, { email: 'root@example.test', password: PASSWORD })
      customerToken = await login(payload, { email: 'grace@example.test', password: PASSWORD })
    })

    afterAll(async () => {
      await stopPayload(payload)
      await database.drop()
    })

    it('answers 401 without a session and 403 to a customer', async () => {
      expect(await getJson(payload, PATH)).toEqual({ body: { message: 'Unauthorized' }, status: 401 })
      expect(await search({}, customerToken)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
    })

    it('matches email, name, firstName, lastName and phone, and leaves out privileged users', async () => {
      const emails = async (text: string) =>
        ((await search({ search: text })).body.docs as Array<{ email: string }>).map((doc) => doc.email).sort()
      expect(await emails('ada')).toEqual(['ada.lovelace@example.test'])
      expect(await emails('LOVE')).toEqual(['ada.lovelace@example.test'])
      expect(await emails('hopp')).toEqual(['grace@example.test'])
      expect(await emails('555')).toEqual(['grace@example.test'])
      expect(await emails('Ada L.')).toEqual(['ada.lovelace@example.test'])
      expect(await emails('example.test')).toEqual(['ada.lovelace@example.test', 'grace@example.test'])
      expect(await emails('nobody')).toEqual([])
    })

    it('returns only id, email and the name fields', async () => {
      const response = await search({ search: 'lovelace' })
      expect(response).toEqual({
        body: {
          docs: [
            {
              email: 'ada.lovelace@example.test',
              firstName: 'Ada',
              id: expect.anything(),
              lastName: 'Lovelace',
              name: 'Ada L.',
              phone: '+44 20 7946 0001',
            },
          ],
          hasNextPage: false,
          totalDocs: 1,
        },
        status: 200,
      })
    })
  })

  describe('separate customers collection', () => {
    const site = usePayloadOn(kind, { userCollection: undefined })
    let adminToken: string
    let customerToken: string

    const search = (params: Record<string, number | string | undefined>, token = adminToken) =>
      getJson(site.payload, withQuery(PATH, params), token)

    beforeAll(async () => {
      await site.payload.create({ collection: 'users', data: { email: 'admin@example.test', password: PASSWORD, role: 'admin' } })
      await site.payload.create({ collection: 'users', data: { email: 'clerk@example.test', password: PASSWORD, role: 'customer' } })
      await site.payload.create({
        collection: 'customers',
        data: { email: 'c00@shop.test', name: 'Customer 00', password: PASSWORD, phone: '555-0100' },
      })
      // The others never sign in: written without hashing a password each.
      for (let i = 1; i < 55; i++) {
        const n = String(i).padStart(2, '0')
        await site.payload.db.create({ collection: 'customers', data: { email: `c${n}@shop.test`, name: `Customer ${n}`, phone: `555-01${n}` } })
      }
      adminToken = await login(site.payload, { email: 'admin@example.test', password: PASSWORD })
      customerToken = await login(site.payload, { email: 'c00@shop.test', password: PASSWORD }, 'customers')
    })

    it('serves privileged staff only: 403 to a customer and to a non-privileged staff user', async () => {
      expect(await search({}, customerToken)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
      const clerk = await login(site.payload, { email: 'clerk@example.test', password: PASSWORD })
      expect(await search({}, clerk)).toEqual({ body: { message: 'Forbidden' }, status: 403 })
      expect(await getJson(site.payload, PATH)).toEqual({ body: { message: 'Unauthorized' }, status: 401 })
    })

    it('leaves out fields the collection lacks', async () => {
      const response = await search({ search: 'c07@' })
      expect(response.body.docs).toEqual([{ email: 'c07@shop.test', id: expect.anything(), name: 'Customer 07', phone: '555-0107' }])
    })

    it('pages with limit default 10, at most 50, at least 1; page at least 1', async () => {
      const page = async (params: Record<string, number | string | undefined>) => {
        const { body, status } = await search({ search: 'shop.test', ...params })
        expect(status).toBe(200)
        return { count: body.docs.length, first: body.docs[0]?.email, hasNextPage: body.hasNextPage, totalDocs: body.totalDocs }
      }
      expect(await page({})).toEqual({ count: 10, first: 'c00@shop.test', hasNextPage: true, totalDocs: 55 })
      expect(await page({ limit: 500 })).toEqual({ count: 50, first: 'c00@shop.test', hasNextPage: true, totalDocs: 55 })
      expect(await page({ limit: 50, page: 2 })).toEqual({ count: 5, first: 'c50@shop.test', hasNextPage: false, totalDocs: 55 })
      expect(await page({ limit: 0 })).toEqual({ count: 1, first: 'c00@shop.test', hasNextPage: true, totalDocs: 55 })
      expect(await page({ limit: 10, page: 0 })).toEqual({ count: 10, first: 'c00@shop.test', hasNextPage: true, totalDocs: 55 })
      expect(await page({ limit: 10, page: -4 })).toEqual({ count: 10, first: 'c00@shop.test', hasNextPage: true, totalDocs: 55 })
      expect(await page({ page: 9 })).toEqual({ count: 0, first: undefined, hasNextPage: false, totalDocs: 55 })
      expect((await search({})).body.totalDocs).toBe(55)
    })

    it('refuses malformed parameters with 400 { message }', async () => {
      expect(await search({ limit: 'ten' })).toEqual({ body: { message: 'limit must be a whole number' }, status: 400 })
      expect(await search({ page: '1.5' })).toEqual({ body: { message: 'page must be a whole number from 1 to 1000000' }, status: 400 })
      expect(await search({ page: '1000001' })).toEqual({ body: { message: 'page must be a whole number from 1 to 1000000' }, status: 400 })
      expect(await getJson(site.payload, `${PATH}?search[]=a`, adminToken)).toEqual({ body: { message: 'search must be text' }, status: 400 })
    })
  })
})
