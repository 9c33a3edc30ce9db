import fc from 'fast-check'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { graphqlRequest, login, restRequest } from '../../helpers/payload.js'
import { getJson, type JsonResponse, postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

/** A refusal a client can act on: a 4xx whose body says why. */
const expectRefusal = ({ body, status }: JsonResponse, context: string): void => {
  expect(status, `${context} → ${status} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400)
  expect(status, `${context} → ${status} ${JSON.stringify(body)}`).toBeLessThan(500)
  const text = body?.message ?? body?.error ?? body?.errors?.[0]?.message
  expect(typeof text === 'string' && text.length > 0, `${context} has no message: ${JSON.stringify(body)}`).toBe(true)
}

const expectNoServerError = ({ body, status }: JsonResponse, context: string): void => {
  expect(status, `${context} → ${status} ${JSON.stringify(body)}`).toBeLessThan(500)
}

describe.each(testDatabaseKinds())('malformed input never gives a 5xx (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  let adminToken: string
  let ids: { resource: string; service: string }

  beforeAll(async () => {
    await site.payload.create({ collection: 'users', data: { email: 'admin@example.test', password: 'secret-password', role: 'admin' } })
    adminToken = await login(site.payload, { email: 'admin@example.test', password: 'secret-password' })
    const service = await site.payload.create({ collection: 'services', data: { duration: 30, name: 'Half hour' } })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Chair', services: [service.id] } })
    await site.payload.create({
      collection: 'schedules',
      data: { name: 'Always', recurringSlots: EVERY_DAY.map((day) => ({ day, endTime: '24:00', startTime: '00:00' })), resource: resource.id },
    })
    ids = { resource: String(resource.id), service: String(service.id) }
  })

  it('availability, slots and resource-availability refuse bad queries with a message', async () => {
    const { resource, service } = ids
    const valid = `resource=${resource}&service=${service}&date=2030-06-04`
    const twentyOne = Array.from({ length: 21 }, () => resource).join(',')
    const slotQueries = [
      'resource[]=1&service=1&date=2030-06-04',
      'resource[a]=1&service=1&date=2030-06-04',
      `${valid}&date=2030-06-04`,
      `resource=${resource}&service=${service}&date=2026-02-30`,
      `resource=${resource}&service=${service}&date=0000-01-01`,
      `resource=${resource}&service=${service}&date=99999-01-01`,
      // The last day a four-digit year can name: iterating past it once never ended.
      `resource=${resource}&service=${service}&date=9999-12-31`,
      `resource=${resource}&service=${service}&date=0999-01-01`,
      `resource=${resource}&service=${service}&date[]=2030-06-04`,
      `${valid}&guestCount=1.5`,
      `${valid}&guestCount=NaN`,
      `${valid}&guestCount=Infinity`,
      `${valid}&guestCount[]=2`,
      `${valid}&resources=${twentyOne}`,
      `${valid}&resources[a]=1`,
      `resource=abc&service=${service}&date=2030-06-04`,
      `resource=99999999999999999999&service=${service}&date=2030-06-04`,
      `resource=2147483648&service=${service}&date=2030-06-04`,
      `resource=-1&service=${service}&date=2030-06-04`,
      `resource=${resource}&service=1e3&date=2030-06-04`,
      `resource=${'9'.repeat(5000)}&service=${service}&date=2030-06-04`,
      `resource=${resource}&service=${service}&date=2030-06-04&resources=${resource},%00`,
      `resource=%E0%A4%A&service=${service}&date=2030-06-04`,
    ]
    for (const endpoint of ['availability', 'slots']) {
      for (const query of slotQueries) {
        expectRefusal(await getJson(site.payload, `/api/reserve/${endpoint}?${query}`), `${endpoint}?${query}`)
      }
    }
    const rangeQueries = [
      `resource=${resource}&start=2030-01-01&end=2030-04-04`,
      `resource=${resource}&start=2030-01-01&end=9999-12-31`,
      `resource=${resource}&start=9999-12-01&end=9999-12-31T23:59:59Z`,
      `resource=${resource}&start=1899-12-31&end=1900-01-02`,
      `resource=${resource}&start=2030-01-01T00:00:00Z&end=2030-04-03T00:00:01Z`,
      `resource=${resource}&start=2030-02-30&end=2030-03-01`,
      `resource=${resource}&start=-1&end=1`,
      `resource=${resource}&start[]=2030-01-01&end=2030-01-02`,
      `resource[]=${resource}&start=2030-01-01&end=2030-01-02`,
      `resource=nope&start=2030-01-01&end=2030-01-02`,
      `resource=${resource}&start=2030-01-01T10:00:00.123456789Z&end=2030-01-01T09:00:00Z`,
    ]
    for (const query of rangeQueries) {
      expectRefusal(await getJson(site.payload, `/api/reserve/resource-availability?${query}`), query)
    }
  })

  it('saturates huge guest counts instead of failing', async () => {
    const { resource, service } = ids
    for (const guestCount of ['99999999999999999999', '-99999999999999999999', '9'.repeat(400)]) {
      const response = await getJson(site.payload, `/api/reserve/slots?resource=${resource}&service=${service}&date=2030-06-04&guestCount=${guestCount}`)
      expect(response.status).toBe(200)
      expect(response.body.guestCount).toBe(guestCount.startsWith('-') ? 1 : Number.MAX_SAFE_INTEGER)
    }
  })

  it('book refuses bad bodies with a message, anonymous or as staff', async () => {
    const service = Number.isNaN(Number(ids.service)) ? ids.service : Number(ids.service)
    const resource = Number.isNaN(Number(ids.resource)) ? ids.resource : Number(ids.resource)
    const base = { guest: { email: 'g@example.test', name: 'G' }, resource, service, startTime: '2030-06-04T10:00:00.000Z' }
    const bodies: unknown[] = [
      'not json',
      '{"unterminated": ',
      'null',
      '"text"',
      '[]',
      '123',
      {},
      { ...base, service: {} },
      { ...base, service: [] },
      { ...base, service: true },
      { ...base, service: 1.5 },
      { ...base, service: 1e308 },
      { ...base, resource: 'x'.repeat(10_000) },
      { ...base, resource: -1 },
      { ...base, startTime: 12345 },
      { ...base, startTime: '' },
      { ...base, startTime: null },
      { ...base, startTime: { $gt: '' } },
      { ...base, guestCount: 0 },
      { ...base, guestCount: -3 },
      { ...base, guestCount: 1.5 },
      { ...base, guestCount: 1e9 },
      { ...base, guestCount: 'many' },
      { ...base, items: 'x' },
      { ...base, items: [1, 2] },
      { ...base, items: [{}] },
      { ...base, items: [{ resource: {} }] },
      { ...base, items: [{ resource, startTime: 'later' }] },
      { ...base, guest: 'Gail' },
      { ...base, guest: [] },
      { ...base, guest: { name: 123 } },
      { ...base, status: 123 },
      { ...base, status: 'bogus' },
      { ...base, customer: 'abc' },
      { ...base, customer: 987654 },
      { ...base, customer: 1.5, guest: undefined },
      { ...base, customer: 987654, guest: undefined },
      { ...base, customer: 'abc', guest: undefined },
      { ...base, idempotencyKey: {} },
      { ...base, notes: ['a'] },
      { ...base, notes: 'nul \u0000 inside' },
      { ...base, guest: { email: 'g@example.test', name: '\u0000' } },
      { ...base, 'key\u0000': 1 },
    ]
    for (const body of bodies) {
      for (const token of [undefined, adminToken]) {
        const response = await postJson(site.payload, '/api/reserve/book', body, token)
        expectRefusal(response, `book ${JSON.stringify(body).slice(0, 120)} as ${token ? 'admin' : 'anonymous'}`)
      }
    }
  })

  it('cancel and history refuse bad input with a message', async () => {
    const bodies: unknown[] = [
      'not json',
      '[]',
      'null',
      { reservationId: 123 },
      { reservationId: {} },
      { reservationId: ['a'] },
      { reservationId: true },
      { reservationId: 'x'.repeat(5000) },
      { reason: 42, reservationId: 'r' },
      { reason: 'x'.repeat(1001), reservationId: 'r' },
      { reservationId: 'r', token: {} },
      { reservationId: 'r', token: 123 },
      { reservationId: '\u0000' },
      { reason: 'why\u0000', reservationId: 'r' },
    ]
    for (const body of bodies) {
      for (const token of [undefined, adminToken]) {
        expectRefusal(await postJson(site.payload, '/api/reserve/cancel', body, token), `cancel ${JSON.stringify(body).slice(0, 80)}`)
      }
    }
    for (const query of ['', 'reservationId[]=a', 'reservationId[a]=b', `reservationId=${'x'.repeat(5000)}`, 'reservationId=%00']) {
      expectRefusal(await getJson(site.payload, `/api/reserve/history?${query}`, adminToken), `history?${query}`)
    }
  })

  it('customer search refuses bad paging and search input', async () => {
    for (const query of ['limit=abc', 'limit[]=1', 'page=1.5', 'page=1e3', 'page=99999999999999999999', 'search[a]=b', 'search=a%00b']) {
      expectRefusal(await getJson(site.payload, `/api/reservation-customer-search?${query}`, adminToken), query)
    }
    const huge = await getJson(site.payload, '/api/reservation-customer-search?limit=99999999999999999999&page=-99999999999999999999', adminToken)
    expect(huge.status).toBe(200)
  })

  it("every plugin collection's REST list refuses paging and ids out of range with a 400 that says which", async () => {
    const slugs = site.payload.config.collections
      .filter(({ slug }) => slug !== 'users' && !slug.startsWith('payload-'))
      .map(({ slug }) => slug)
    // Every one but customers: this site keeps its customers in its own users.
    expect(slugs).toHaveLength(14)
    const queries = [
      ['limit=Infinity', 'limit must be a whole number'],
      ['page=Infinity', 'page must be a whole number'],
      ['limit=-1', 'limit must be a whole number'],
      ['page=0', 'page must be a whole number'],
      ['where%5Bid%5D%5Bequals%5D=Infinity', 'Invalid query: id: not an id of this collection'],
      ['where%5Bid%5D%5Bin%5D=1,Infinity', 'Invalid query: id: not an id of this collection'],
      // Not a date, or (the ledger's events have no createdAt) not a path of the collection.
      ['where%5BcreatedAt%5D%5Bgreater_than%5D=Infinity', 'createdAt'],
    ]
    for (const slug of slugs) {
      // "Infinity" is a text id like any other (reservations'): simply none of them.
      const textIds = site.payload.collections[slug as 'services'].config.fields.some((field) => 'name' in field && field.name === 'id' && field.type === 'text')
      for (const [query, message] of queries) {
        const answer = await getJson(site.payload, `/api/${slug}?${query}`, adminToken)
        const expected = textIds && query.includes('%5Bid%5D') ? [200, undefined] : [400, expect.stringContaining(message)]
        expect([answer.status, answer.body?.errors?.[0]?.message], `${slug}?${query}`).toEqual(expected)
      }
    }
  })

  it("refuses `all` on a resource's services with a 400 that says so, as a visitor and as an admin, for no value and for a service", async () => {
    for (const token of [undefined, adminToken]) {
      for (const value of ['', ',', ids.service]) {
        const answer = await getJson(site.payload, `/api/resources?depth=0&where%5Bservices%5D%5Ball%5D=${value}`, token)
        expect([answer.status, answer.body?.errors?.[0]?.message]).toEqual([400, 'Invalid query: services cannot be queried with all'])
      }
    }
  })

  it('refuses a text operator on a checkbox with a 400, as PostgreSQL has no such comparison', async () => {
    for (const operator of ['like', 'not_like', 'contains']) {
      const answer = await getJson(site.payload, `/api/services?where%5Bactive%5D%5B${operator}%5D=%27+OR+1%3D1+--`)
      expect([answer.status, answer.body?.errors?.[0]?.message]).toEqual([400, `Invalid query: active cannot be queried with ${operator}`])
    }
  })

  it('refuses a text operator given twice (a list) with a 400 on every plugin collection, the ledger\'s events included', async () => {
    const twice = (operator: string, field: string) =>
      `where%5Bor%5D%5B0%5D%5B${field}%5D%5B${operator}%5D=&where%5Bor%5D%5B0%5D%5B${field}%5D%5B${operator}%5D=%27+OR+1%3D1+--`
    for (const [collection, field] of [['reservation-events', 'type'], ['reservations', 'notes'], ['services', 'name']]) {
      for (const operator of ['like', 'not_like', 'contains']) {
        const answer = await getJson(site.payload, `/api/${collection}?${twice(operator, field)}`, adminToken)
        expect([collection, answer.status, answer.body?.errors?.[0]?.message]).toEqual([collection, 400, `Invalid query: ${field}: ${operator} takes one value`])
      }
    }
  })

  it('answers a query the database would fail on with 400 on REST, GraphQL and the Local API alike', async () => {
    /** One query as each route takes it: REST search, GraphQL list call, Local API arguments. */
    const cases: Array<{ collection: 'reservations' | 'resources' | 'schedules' | 'services'; graphql: string; local: Record<string, unknown>; rest: string; what: string }> = [
      { collection: 'services', graphql: 'Services(page: 0)', local: { page: 0 }, rest: 'page=0', what: 'a page below 1' },
      {
        collection: 'services',
        graphql: 'Services(where: { name: { equals: "a\\u0000b" } })',
        local: { where: { name: { equals: 'a\u0000b' } } },
        rest: 'where%5Bname%5D%5Bequals%5D=a%00b',
        what: 'text with a NUL character',
      },
      {
        collection: 'reservations',
        graphql: 'Reservations(where: { startTime: { equals: "soon" } })',
        local: { where: { startTime: { equals: 'soon' } } },
        rest: 'where%5BstartTime%5D%5Bequals%5D=soon',
        what: 'a value of the wrong kind for its field',
      },
      {
        collection: 'services',
        graphql: 'Services(where: { resources: { in: [""] } })',
        local: { where: { resources: { in: [''] } } },
        rest: 'where%5Bresources%5D%5Bin%5D=,',
        what: 'an empty value in a list of ids (a join)',
      },
      {
        collection: 'schedules',
        graphql: 'Schedules(where: { id: { not_in: [1, ""] } })',
        local: { where: { id: { not_in: [1, ''] } } },
        rest: 'where%5Bid%5D%5Bnot_in%5D=1,',
        what: 'an empty value in a list of ids',
      },
      {
        collection: 'services',
        graphql: 'Services(where: { resources: { like: "1.5" } })',
        local: { where: { resources: { like: '1.5' } } },
        rest: 'where%5Bresources%5D%5Blike%5D=1.5',
        what: 'an operator the field does not have (text on a join)',
      },
      {
        collection: 'services',
        graphql: 'Services(where: { durationType: { equals: "" } })',
        local: { where: { durationType: { equals: '' } } },
        rest: 'where%5BdurationType%5D%5Bequals%5D=',
        what: 'empty text compared with a select',
      },
    ]
    // A client's bad query is no fault of the site's: logged as information, not as an error with its stack.
    const errorLogs = vi.spyOn(site.payload.logger, 'error')
    const infoLogs = vi.spyOn(site.payload.logger, 'info')
    for (const { collection, graphql, local, rest, what } of cases) {
      errorLogs.mockClear()
      infoLogs.mockClear()
      const viaRest = await getJson(site.payload, `/api/${collection}?${rest}`, adminToken)
      expect([viaRest.status, typeof viaRest.body?.errors?.[0]?.message], `REST ${what}`).toEqual([400, 'string'])
      expect([errorLogs.mock.calls.length, infoLogs.mock.calls.map(([logged]) => logged)], `REST ${what}: logged`).toEqual([0, [{ msg: viaRest.body.errors[0].message }]])

      // The GraphQL-over-HTTP media type: a query the schema refuses is then a 400 itself; one it lets through is refused by the plugin, its status in the error.
      const response = await graphqlRequest(site.payload, JSON.stringify({ query: `{ ${graphql} { totalDocs } }` }), {
        Accept: 'application/graphql-response+json',
        Authorization: `JWT ${adminToken}`,
      })
      const answer = (await response.json()) as { errors?: Array<{ extensions?: { statusCode?: number }; message?: string }> }
      const status = response.status === 200 ? answer.errors?.[0]?.extensions?.statusCode : response.status
      expect([status, typeof answer.errors?.[0]?.message], `GraphQL ${what}: ${JSON.stringify(answer).slice(0, 300)}`).toEqual([400, 'string'])

      const viaLocal = await site.payload.find({ collection, ...local }).then(
        () => 'found',
        (error: { message?: string; status?: number }) => [error.status, typeof error.message],
      )
      expect(viaLocal, `Local API ${what}`).toEqual([400, 'string'])
    }
    vi.restoreAllMocks()
  })

  it('answers a method the endpoint does not have with 404', async () => {
    const response = await restRequest(site.payload, '/api/reserve/book', { method: 'GET' })
    expect(response.status).toBe(404)
  })

  it('random queries and bodies (fast-check): never a 5xx', async () => {
    const { resource, service } = ids
    const value = fc.oneof(
      fc.constantFrom(resource, service, '2030-06-04', '2026-02-30', '9999-12-31', '9999-12-31T23:59:59Z', '', '0', '-1', '1.5', '1e999', 'null', '[]', '%', '\u0000', '&&', '9'.repeat(30)),
      fc.string({ maxLength: 20 }),
      fc.integer().map(String),
    )
    const key = fc.constantFrom('resource', 'service', 'date', 'guestCount', 'resources', 'start', 'end', 'search', 'limit', 'page', 'reservationId')
    const query = fc
      .array(fc.tuple(key, fc.constantFrom('', '[]', '[x]'), value), { maxLength: 6 })
      .map((pairs) => pairs.map(([k, suffix, v]) => `${k}${suffix}=${encodeURIComponent(v)}`).join('&'))
    const getPaths = ['/api/reserve/availability', '/api/reserve/slots', '/api/reserve/resource-availability', '/api/reserve/history', '/api/reservation-customer-search']
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...getPaths), query, fc.boolean(), async (path, search, asAdmin) => {
        expectNoServerError(await getJson(site.payload, `${path}?${search}`, asAdmin ? adminToken : undefined), `${path}?${search}`)
      }),
      { numRuns: 60 },
    )
    const field = fc.constantFrom('service', 'resource', 'startTime', 'endTime', 'guestCount', 'items', 'guest', 'customer', 'notes', 'status', 'idempotencyKey', 'reservationId', 'reason', 'token')
    const body = fc.oneof(
      fc.dictionary(
        field,
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(resource, service, Number(resource), '2030-06-04T10:00:00.000Z', '\u0000')),
      ),
      fc.jsonValue({ maxDepth: 2 }).map((json) => JSON.stringify(json)),
      fc.string({ maxLength: 30 }),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/reserve/book', '/api/reserve/cancel'), body, fc.boolean(), async (path, payloadBody, asAdmin) => {
        const response = await postJson(site.payload, path, payloadBody, asAdmin ? adminToken : undefined)
        expectNoServerError(response, `${path} ${JSON.stringify(payloadBody).slice(0, 200)}`)
      }),
      { numRuns: 60 },
    )
  })
})
