import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { graphqlRequest, login, restRequest } from '../../helpers/payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

/** Generated requests per database; the properties below share them out. */
const REQUESTS = 7_100
const PASSWORD = 'fuzz-password'

/** Values that broke parsers somewhere: injections, control and odd unicode, number edge cases. */
const NASTY = [
  "' OR 1=1 --",
  '"; DROP TABLE reservations; --',
  '{"$gt":""}',
  '$where',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${jndi:ldap://x}',
  '\u0000',
  'a\u0000b',
  '\uFEFF1',
  '١٢٣',
  '𝟙𝟚',
  'Ω≈ç√',
  '👩‍👩‍👧‍👦',
  '\u202E1',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x10',
  '1e3',
  '1e999',
  '1.5',
  '-1',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  '9'.repeat(400),
  'x'.repeat(5000),
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '',
  ' ',
  '%',
  '%00',
  '&&',
]

const DATES = [
  '2030-06-04',
  '2030-06-04T10:00:00.000Z',
  '2030-06-04T10:00:00+14:00',
  '2030-06-04T24:00:00Z',
  '2030-06-04T10:00:00.123456789Z',
  '2026-02-30',
  '2030-13-01',
  '0000-01-01',
  '-002030-06-04',
  '+275760-09-13',
  '99999-01-01',
  '2030-6-4',
  '20300604',
  '1970-01-01T00:00:00Z',
  'tomorrow',
  '2030-06-04T25:61:00Z',
]

/** What a parameter or field holds when well formed: it decides which near misses are tried. */
type Kind = 'date' | 'guest' | 'id' | 'items' | 'number' | 'text'

/** The reservations collection's own fields, as its REST and GraphQL routes take them, system fields included. */
const RESERVATION_FIELDS = {
  cancellationToken: 'text',
  createdAt: 'date',
  customer: 'id',
  endTime: 'date',
  guest: 'guest',
  guestCount: 'number',
  idempotencyKey: 'text',
  items: 'items',
  ledgerHooksRevision: 'number',
  ledgerRevision: 'number',
  notes: 'text',
  resource: 'id',
  service: 'id',
  startTime: 'date',
  status: 'text',
  updatedAt: 'date',
} as const satisfies Record<string, Kind>

/** Paths a `where` or `sort` may name on the collections: real, nested, JSON, unknown. */
const QUERY_PATHS = [
  'id', 'startTime', 'status', 'resource', 'items.resource', 'guest.email', 'customer', 'createdAt', 'notes',
  'stream', 'revision', 'type', 'data', 'data.reservationId', 'data.cancellationTokenHash', 'metadata.actor.kind',
  'nope', 'a.b.c', 'resource.name', '__proto__', 'constructor.prototype',
]
/** Paths of the plugin's other collections: their fields, nested ones, and ones they lack. */
const COLLECTION_PATHS = [
  'id', 'name', 'duration', 'price', 'active', 'quantity', 'services', 'resource', 'owner', 'createdAt', 'updatedAt', 'recurringSlots.day',
  'exceptions.date', 'url', 'expiresAt', 'status', 'attempts', 'email', 'position', 'startTime', 'nope', 'a.b.c', '__proto__',
]
const OPERATORS = ['equals', 'not_equals', 'like', 'contains', 'in', 'not_in', 'exists', 'greater_than', 'less_than_equal', 'near', 'within', 'all', 'bogus']

const ENDPOINTS = {
  availability: { method: 'GET', params: { date: 'date', guestCount: 'number', resource: 'id', resources: 'id', service: 'id' }, path: '/api/reserve/availability' },
  book: {
    fields: {
      customer: 'id',
      endTime: 'date',
      guest: 'guest',
      guestCount: 'number',
      id: 'id',
      idempotencyKey: 'text',
      items: 'items',
      notes: 'text',
      resource: 'id',
      service: 'id',
      startTime: 'date',
      status: 'text',
    },
    method: 'POST',
    path: '/api/reserve/book',
  },
  cancel: { fields: { reason: 'text', reservationId: 'id', token: 'text' }, method: 'POST', path: '/api/reserve/cancel' },
  customerSearch: { method: 'GET', params: { limit: 'number', page: 'number', search: 'text' }, path: '/api/reservation-customer-search' },
  guestBooking: { method: 'GET', params: { reservationId: 'id', token: 'text' }, path: '/api/reserve/guest-booking' },
  history: { method: 'GET', params: { reservationId: 'id' }, path: '/api/reserve/history' },
  openapi: { method: 'GET', params: { format: 'text' }, path: '/api/reserve/openapi.json' },
  reschedule: { fields: { reservationId: 'id', resource: 'id', startTime: 'date', token: 'text' }, method: 'POST', path: '/api/reserve/reschedule' },
  resourceAvailability: { method: 'GET', params: { end: 'date', resource: 'id', start: 'date' }, path: '/api/reserve/resource-availability' },
  slots: { method: 'GET', params: { date: 'date', guestCount: 'number', resource: 'id', resources: 'id', service: 'id' }, path: '/api/reserve/slots' },
} as const satisfies Record<string, { fields?: Record<string, Kind>; method: string; params?: Record<string, Kind>; path: string }>

type Caller = 'admin' | 'anonymous' | 'customer' | 'forged'

interface Sent {
  body?: string
  caller: Caller
  contentType?: string
  method: string
  path: string
}

describe.each(testDatabaseKinds())(`${REQUESTS} generated malformed requests across every endpoint (%s)`, (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true, catchUp: { graceMs: 300, intervalMs: 3_600_000 } })
  const jwt: Record<Caller, string | undefined> = { admin: undefined, anonymous: undefined, customer: undefined, forged: undefined }
  let ids: { reservation: string; resource: string; service: string }

  beforeAll(async () => {
    for (const role of ['admin', 'customer'] as const) {
      await site.payload.create({ collection: 'users', data: { email: `${role}@fuzz.test`, password: PASSWORD, role } })
      jwt[role] = await login(site.payload, { email: `${role}@fuzz.test`, password: PASSWORD })
    }
    // A well-formed token signed with another secret.
    jwt.forged = `${jwt.admin!.split('.').slice(0, 2).join('.')}.c2lnbmF0dXJl`
    const service = await site.payload.create({ collection: 'services', data: { duration: 30, name: 'Fuzz' } })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Fuzz', quantity: 2, services: [service.id] } })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const reservation = await site.payload.create({
      collection: 'reservations',
      data: { guest: { email: 'g@fuzz.test', name: 'G' }, resource: resource.id, service: service.id, startTime: '2030-06-04T10:00:00.000Z' },
    })
    ids = { reservation: String(reservation.id), resource: String(resource.id), service: String(service.id) }
  })

  // The arbitraries are built when the tests are collected, before beforeAll made the records.
  const knownId = fc
    .constantFrom('resource', 'service', 'reservation', 'list')
    .map((which) => (which === 'list' ? `${ids.resource},${ids.resource}` : ids[which]))
  const knownNumber = fc.constantFrom('resource', 'service').map((which) => Number(ids[which]))

  /** Junk of any kind: injections, control and odd unicode, number edge cases, random text. */
  const junk = fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY), weight: 4 },
    { arbitrary: fc.string({ maxLength: 30, unit: 'grapheme' }), weight: 2 },
    // Lone surrogates and other invalid UTF-16.
    { arbitrary: fc.string({ maxLength: 12, unit: 'binary' }), weight: 1 },
    { arbitrary: fc.integer().map(String), weight: 1 },
  )

  /** Mostly plausible for its kind (so that requests get past the first check), else junk. */
  const textOf = (kind: Kind): fc.Arbitrary<string> => {
    switch (kind) {
      case 'date':
        return fc.oneof({ arbitrary: fc.constantFrom(...DATES), weight: 3 }, { arbitrary: junk, weight: 1 })
      case 'id':
        return fc.oneof({ arbitrary: knownId, weight: 3 }, { arbitrary: junk, weight: 1 })
      case 'number':
        return fc.oneof({ arbitrary: fc.integer({ max: 5, min: -2 }).map(String), weight: 2 }, { arbitrary: junk, weight: 1 })
      default:
        return fc.oneof({ arbitrary: fc.string({ maxLength: 20 }), weight: 1 }, { arbitrary: junk, weight: 1 })
    }
  }

  /** A JSON value for a body field: well formed for its kind, a wrong type, or junk. */
  const jsonOf = (kind: Kind): fc.Arbitrary<unknown> => {
    const wrongType = fc.oneof(
      fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, [], {}),
      fc.jsonValue({ maxDepth: 2 }),
    )
    const wellFormed: fc.Arbitrary<unknown> =
      kind === 'guest'
        ? fc.record({ email: fc.oneof(fc.constant('guest@fuzz.test'), textOf('text')), name: textOf('text'), phone: textOf('text') }, { requiredKeys: [] })
        : kind === 'items'
          ? fc.array(fc.record({ guestCount: jsonOf('number'), resource: jsonOf('id'), service: jsonOf('id'), startTime: jsonOf('date') }, { requiredKeys: [] }), {
              maxLength: 3,
            })
          : kind === 'id'
            ? fc.oneof(knownNumber, knownId)
            : kind === 'number'
              ? fc.integer({ max: 5, min: -2 })
              : textOf(kind)
    return fc.oneof({ arbitrary: wellFormed, weight: 4 }, { arbitrary: wrongType, weight: 1 }, { arbitrary: junk, weight: 1 })
  }

  /** One parameter: mostly once, else absent, repeated (a list to qs) or in a bracket form (an object). */
  const param = (name: string, kind: Kind): fc.Arbitrary<Array<[string, string]>> =>
    fc.oneof(
      { arbitrary: textOf(kind).map((value): Array<[string, string]> => [[name, value]]), weight: 12 },
      { arbitrary: fc.constant<Array<[string, string]>>([]), weight: 2 },
      {
        arbitrary: fc.tuple(textOf(kind), textOf(kind)).map(([a, b]): Array<[string, string]> => [
          [name, a],
          [name, b],
        ]),
        weight: 1,
      },
      {
        arbitrary: fc
          .tuple(fc.constantFrom('[]', '[0]', '[a]', '[a][b]'), textOf(kind))
          .map(([suffix, value]): Array<[string, string]> => [[`${name}${suffix}`, value]]),
        weight: 1,
      },
    )

  const query = (params: Record<string, Kind>) =>
    fc
      .tuple(fc.tuple(...Object.entries(params).map(([name, kind]) => param(name, kind))), fc.option(fc.tuple(fc.string({ maxLength: 8 }), junk), { freq: 4 }))
      .map(([pairs, stray]) => {
        const search = new URLSearchParams()
        for (const [name, value] of [...pairs.flat(), ...(stray ? [stray] : [])]) {
          search.append(name, value)
        }
        return search.toString()
      })

  /** Mostly an object with most fields (each possibly malformed), else a non-object or no JSON at all. */
  const body = (fields: Record<string, Kind>) =>
    fc.oneof(
      {
        arbitrary: fc
          .tuple(
            fc.record(
              Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, fc.option(jsonOf(kind), { freq: 3, nil: undefined })])),
              { requiredKeys: [] },
            ),
            fc.option(fc.tuple(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })), { freq: 5 }),
          )
          .map(([object, stray]) => JSON.stringify(stray ? { ...object, [stray[0]]: stray[1] } : object)),
        weight: 8,
      },
      { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)), weight: 1 },
      { arbitrary: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{', '{"a":', '[1,', 'nul', '\u0000', '{"service":1,}')), weight: 1 },
    )

  /** A Payload list query on `paths`: where (nested and/or), sort, limit, page, depth, select, in qs brackets. */
  const listQueryOn = (paths: readonly string[]) => fc
    .tuple(
      fc.array(
        fc.tuple(fc.constantFrom('', '[or][0]', '[and][1]', '[or][0][and][0]'), fc.constantFrom(...paths), fc.constantFrom(...OPERATORS), textOf('text')),
        { maxLength: 3 },
      ),
      fc.option(fc.tuple(fc.constantFrom('', '-'), fc.constantFrom(...paths, ''))),
      fc.option(textOf('number')),
      fc.option(textOf('number')),
      fc.option(fc.constantFrom('0', '1', '2', '10', '-1', 'x')),
      fc.option(fc.constantFrom(...paths)),
    )
    .map(([conditions, sort, limit, page, depth, select]) => {
      const search = new URLSearchParams()
      for (const [nesting, path, operator, value] of conditions) {
        search.append(`where${nesting}[${path}][${operator}]`, value)
      }
      if (sort) search.append('sort', `${sort[0]}${sort[1]}`)
      if (limit !== null) search.append('limit', limit)
      if (page !== null) search.append('page', page)
      if (depth !== null) search.append('depth', depth)
      if (select !== null) search.append(`select[${select}]`, 'true')
      return search.toString()
    })
  const listQuery = listQueryOn(QUERY_PATHS)

  const caller = fc.constantFrom<Caller>('anonymous', 'anonymous', 'customer', 'admin', 'forged')
  const contentType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/json; charset=utf-16',
    '',
  )

  const getRequest = (endpoint: { method: string; params: Record<string, Kind>; path: string }) =>
    fc.record({ caller, method: fc.constant(endpoint.method), path: query(endpoint.params).map((search) => `${endpoint.path}?${search}`) })

  const postRequest = (endpoint: { fields: Record<string, Kind>; method: string; path: string }) =>
    fc.record({ body: body(endpoint.fields), caller, contentType, method: fc.constant(endpoint.method), path: fc.constant(endpoint.path) })

  /** Wrong methods on the plugin's paths, and paths under /api/reserve that do not exist. */
  const strayRequest = fc.record({
    caller,
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
    path: fc.oneof(
      fc.constantFrom(...Object.values(ENDPOINTS).map((endpoint) => endpoint.path)),
      fc.string({ maxLength: 20, unit: 'grapheme' }).map((tail) => `/api/reserve/${encodeURIComponent(tail)}`),
    ),
  })

  const send = async ({ body: payloadBody, caller: who, contentType: type, method, path }: Sent) => {
    const headers: Record<string, string> = {}
    if (jwt[who]) {
      headers.Authorization = `JWT ${jwt[who]}`
    }
    if (type) {
      headers['Content-Type'] = type
    }
    const hasBody = payloadBody !== undefined && method !== 'GET' && method !== 'HEAD'
    const response = await restRequest(site.payload, path, { ...(hasBody ? { body: payloadBody } : {}), headers, method })
    return { status: response.status, text: await response.text() }
  }

  /**
   * Payload 3.90.2's REST handler parses a body sent as multipart/form-data that is not
   * multipart before any hook of the collection runs, and answers 500 "Request is not eligible
   * for file upload": the plugin cannot intercept it. Exactly those requests are not judged.
   */
  const payloadCoreRefusal = (request: Sent, answer: string): boolean =>
    request.contentType === 'multipart/form-data' && request.path.startsWith('/api/reservations') && /Something went wrong/.test(answer)

  /** What a client can act on: no server error, and a refusal that says why. */
  const check = async (request: Sent): Promise<void> => {
    const { status, text: answer } = await send(request)
    if (payloadCoreRefusal(request, answer)) {
      return
    }
    const context = `${request.method} ${request.path} as ${request.caller}${request.body === undefined ? '' : ` with ${request.body.slice(0, 200)}`} → ${status} ${answer.slice(0, 300)}`
    expect(status, context).toBeLessThan(500)
    if (status >= 400) {
      let parsed: any = null
      try {
        parsed = JSON.parse(answer)
      } catch {
        // Not JSON: no message a client could read.
      }
      const message = parsed?.message ?? parsed?.error ?? parsed?.errors?.[0]?.message
      expect(typeof message === 'string' && message.trim().length > 0, `no message: ${context}`).toBe(true)
    }
  }

  /**
   * Replayed first on every run whatever the generator picks: start times at the ends of the
   * JavaScript date range, whose end time could not be represented (they once gave a 500),
   * and at the ends of the four-digit years, where an end time or a buffer crosses into a
   * five-digit year or year 0.
   */
  const bookingAt = (startTime: string): Sent => ({
    body: JSON.stringify({ guest: { email: 'g@fuzz.test', name: 'G' }, resource: Number(ids.resource), service: Number(ids.service), startTime }),
    caller: 'anonymous',
    contentType: 'application/json',
    method: 'POST',
    path: ENDPOINTS.book.path,
  })
  const regressions = (): Sent[] =>
    ['+275760-09-13T00:00:00.000Z', '-271821-04-20', '9999-12-31T23:45:00.000Z', '0001-01-01T00:00:00.000Z'].flatMap((start) => [
      bookingAt(start),
      { ...bookingAt(start), caller: 'admin' as const },
    ])

  /** The collection's own REST routes: create, update by id, list; and the ledger's events. */
  const collectionRequests = {
    create: postRequest({ fields: RESERVATION_FIELDS, method: 'POST', path: '/api/reservations' }),
    eventsList: fc.record({ caller, method: fc.constant('GET'), path: listQuery.map((search) => `/api/reservation-events?${search}`) }),
    list: fc.record({ caller, method: fc.constant('GET'), path: listQuery.map((search) => `/api/reservations?${search}`) }),
    update: fc
      .tuple(postRequest({ fields: RESERVATION_FIELDS, method: 'PATCH', path: '' }), textOf('id'))
      .map(([request, id]) => ({ ...request, path: `/api/reservations/${encodeURIComponent(id === ids.resource ? ids.reservation : id)}` })),
  }

  /** The list route of every other collection the plugin adds. */
  const otherCollections = (): string[] =>
    site.payload.config.collections
      .map(({ slug }) => slug)
      .filter((slug) => slug !== 'users' && slug !== 'reservations' && slug !== 'reservation-events' && !slug.startsWith('payload-'))
  // Picked when a request is made: the collections are known once the site has booted.
  const otherLists = fc.tuple(caller, fc.nat(), listQueryOn(COLLECTION_PATHS)).map(([who, pick, search]): Sent => {
    const slugs = otherCollections()
    return { caller: who, method: 'GET', path: `/api/${slugs[pick % slugs.length]}?${search}` }
  })
  /**
   * Infinity as a page, a limit and an integer id (a 500 on services and resources, found by the
   * issue 30 audit), and a checkbox compared with empty text (a 500 on PostgreSQL, found by this suite).
   * Then, found by this suite and a sweep of every operator and field kind after it: an empty
   * value in a list of ids (bound as NaN), a comma in a value compared whole (a date, a relation),
   * empty text compared with a select (PostgreSQL's enum), text operators on a join.
   */
  const collectionRegressions = (): Sent[] => [
    ...['services', 'resources'].flatMap((slug) =>
      ['limit=Infinity', 'page=Infinity', 'where%5Bid%5D%5Bequals%5D=Infinity', 'where%5Bactive%5D%5Bequals%5D='].map((query) => ({
        caller: 'admin' as const,
        method: 'GET',
        path: `/api/${slug}?${query}`,
      })),
    ),
    ...[
      'services?where[id][in]=',
      'schedules?where[id][not_in]=1,',
      'services?where[resources][in]=,',
      'services?where[resources][all]=1,',
      'services?where[resources][contains]=a',
      'services?where[resources][like]=1.5',
      'resources?where[createdAt][equals]=,',
      'schedules?where[resource][not_equals]=1,',
      'services?where[durationType][equals]=',
      'resources?where[capacityMode][in]=,',
    ].map((query) => ({ caller: 'admin' as const, method: 'GET', path: `/api/${query.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}` })),
  ]

  /** Operators inside a JSON field that PostgreSQL's JSON path queries cannot express (found by this suite). */
  const jsonPathQueries = (): Sent[] =>
    [
      'where[data.reservationId][not_in]=1e3',
      'where[data.reservationId][in]=a',
      'where[data.intervals.start][greater_than]=5',
      // Any contains: PostgreSQL's JSON path has no such operator (found by this suite).
      'where[metadata.actor.kind][contains]=',
      'where[metadata.actor.kind][contains]=guest',
      // A text operator on the integer id, with a value beyond its range (found by this suite).
      `where[id][like]=${'9'.repeat(40)}`,
      // A text operator given twice, so a list: a server error on SQLite (found by this suite).
      'where[or][0][type][like]=&where[or][0][type][like]=%27+OR+1%3D1+--',
      // ...and with an empty one, which no id holds as text either (found by this suite on PostgreSQL).
      'where[id][contains]=',
      'where[id][like]=',
      'where[id][not_like]=',
    ].map((query) => ({
      caller: 'admin' as const,
      method: 'GET',
      path: `/api/reservation-events?${query.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`,
    }))

  /** A customer id no row could have, beyond PostgreSQL's integer ids (found by this suite). */
  const customerIdsOutOfRange = (): Sent[] =>
    ['9007199254740993', '2147483648'].flatMap((customer) =>
      ['POST', 'PATCH'].map((method) => ({
        body: JSON.stringify({ customer }),
        caller: 'admin' as const,
        contentType: 'application/json',
        method,
        path: method === 'POST' ? '/api/reservations' : `/api/reservations/${ids.reservation}`,
      })),
    )

  /** Bodies nested far deeper than any field: a recursive parser would overflow its stack. */
  const deeplyNested = (): Sent[] =>
    [ENDPOINTS.book.path, ENDPOINTS.cancel.path, ENDPOINTS.reschedule.path, '/api/reservations'].flatMap((path) => [
      { body: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, caller: 'anonymous' as const, contentType: 'application/json', method: 'POST', path },
      { body: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, caller: 'admin' as const, contentType: 'application/json', method: 'POST', path },
    ])

  const properties: Array<[string, fc.Arbitrary<Sent>, number, () => Sent[]]> = [
    ['reservations: REST create', collectionRequests.create, 600, deeplyNested],
    ['reservations: REST update', collectionRequests.update, 500, customerIdsOutOfRange],
    ['reservations: REST list', collectionRequests.list, 400, () => []],
    ['reservation-events: REST list', collectionRequests.eventsList, 300, jsonPathQueries],
    ['every other plugin collection: REST list', otherLists, 600, collectionRegressions],
    ['slots', getRequest(ENDPOINTS.slots), 800, () => []],
    ['availability', getRequest(ENDPOINTS.availability), 700, () => []],
    ['resource-availability', getRequest(ENDPOINTS.resourceAvailability), 700, () => []],
    ['history', getRequest(ENDPOINTS.history), 300, () => []],
    ['guest-booking', getRequest(ENDPOINTS.guestBooking), 300, () => []],
    ['customer search', getRequest(ENDPOINTS.customerSearch), 400, () => []],
    ['openapi', getRequest(ENDPOINTS.openapi), 100, () => []],
    ['book', postRequest(ENDPOINTS.book), 1_200, regressions],
    ['cancel', postRequest(ENDPOINTS.cancel), 500, () => []],
    ['reschedule', postRequest(ENDPOINTS.reschedule), 500, () => []],
    ['wrong methods and unknown paths', strayRequest, 300, () => []],
  ]

  it.each(properties)('%s: never a 5xx, every 4xx with a message', async (_, arbitrary, numRuns, examples) => {
    await fc.assert(
      fc.asyncProperty(arbitrary, check),
      { examples: examples().map((request) => [request] as [Sent]), numRuns },
    )
  })

  /** GraphQL: the same operations, with variables of the schema's types filled with junk. */
  const graphqlOperation = fc.oneof(
    fc.record({ data: jsonOf('text'), query: fc.constant('mutation($data: mutationReservationInput!) { createReservation(data: $data) { id } }') }),
    fc.record({
      data: fc.record(Object.fromEntries(Object.entries(RESERVATION_FIELDS).map(([name, kind]) => [name, jsonOf(kind)])), { requiredKeys: [] }),
      query: fc.constant('mutation($data: mutationReservationInput!) { createReservation(data: $data) { id startTime } }'),
    }),
    fc.record({
      data: fc.record({ notes: jsonOf('text'), startTime: jsonOf('date'), status: jsonOf('text') }, { requiredKeys: [] }),
      query: fc.constant('mutation($id: String!, $data: mutationReservationUpdateInput!) { updateReservation(id: $id, data: $data) { id } }'),
    }),
    fc.record({
      data: fc.tuple(fc.constantFrom(...QUERY_PATHS.filter((path) => !path.includes('.') && !path.startsWith('_'))), textOf('text')).map(([path, value]) => ({ [path]: { equals: value } })),
      query: fc.constantFrom(
        'query($data: Reservation_where) { Reservations(where: $data) { totalDocs } }',
        'query($data: ReservationEvent_where) { ReservationEvents(where: $data) { totalDocs } }',
      ),
    }),
  )

  it('GraphQL: never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(graphqlOperation, caller, async ({ data, query }, who) => {
        const variables = query.includes('$id') ? { data, id: ids.reservation } : { data }
        const response = await graphqlRequest(site.payload, JSON.stringify({ query, variables }), jwt[who] ? { Authorization: `JWT ${jwt[who]}` } : {})
        const answer = await response.text()
        const context = `${query} ${JSON.stringify(variables).slice(0, 200)} as ${who} → ${response.status} ${answer.slice(0, 300)}`
        expect(response.status, context).toBeLessThan(500)
        const errors = (JSON.parse(answer) as { errors?: Array<{ extensions?: { statusCode?: number } }> }).errors ?? []
        expect(errors.filter((error) => (error.extensions?.statusCode ?? 0) >= 500), context).toEqual([])
      }),
      { numRuns: 300 },
    )
  })
})
