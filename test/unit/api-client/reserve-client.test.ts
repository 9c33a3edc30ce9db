import { describe, expect, expectTypeOf, it } from 'vitest'

import type { EndpointInput, ReserveResult } from '../../../src/api-client/endpoint-types.js'
import type { ErrorBody, ManagedBooking, MessageBody, PayloadErrorBody, ReservationDocument, SeriesBooked, SlotsResponse } from '../../../src/contract/http.js'

import { createReserveClient } from '../../../src/api-client/create-reserve-client.js'
import { orThrow } from '../../../src/api-client/or-throw.js'
import { ReserveApiError } from '../../../src/api-client/reserve-api-error.js'
import { ENDPOINTS, type Endpoint, type EndpointName } from '../../../src/contract/endpoints.js'
import { openApiDocument } from '../../../src/plugin/features/openapi/openapi-document.js'

type Json = Record<string, any>

const document = openApiDocument('/api') as { paths: Record<string, Record<string, Json>> }

/** The document's operation of an endpoint, found by its operationId, with its path. */
const operationOf = (name: EndpointName): { operation: Json; path: string } => {
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const operation of Object.values(methods)) {
      if (operation.operationId === name) {
        return { operation, path }
      }
    }
  }
  throw new Error(`${name} is not in the document`)
}

const START = '2030-03-01T10:00:00.000Z'
const END = '2030-03-01T11:00:00.000Z'

/** One call of each endpoint, with a path parameter that needs encoding where it takes one. */
const INPUTS: { [N in EndpointName]: EndpointInput<N> } = {
  searchCustomers: { query: { limit: 5, search: 'ann lee' } },
  getAvailability: { query: { date: '2030-03-01', guestCount: 2, resource: 'r1', service: 's1' } },
  book: { body: { guest: { email: 'g@example.test', name: 'Gail' }, resource: 'r1', service: 's1', startTime: START } },
  previewSeries: { body: { recurrence: { count: 2, frequency: 'weekly' }, resource: 'r1', service: 's1', startTime: START } },
  placeHold: { body: { resource: 'r1', service: 's1', startTime: START } },
  releaseHold: { params: { id: 'h/1' }, query: { holdToken: 'tok' } },
  listWaitlist: { query: { end: END, start: START } },
  joinWaitlist: { body: { from: START, service: 's1', to: END } },
  leaveWaitlist: { body: { token: 'tok' }, params: { id: 'e1' } },
  offerWaitlist: { body: { startTime: START }, params: { id: 'e1' } },
  cancel: { body: { reason: 'ill', reservationId: 'x1', scope: 'series' } },
  getGuestBooking: { query: { reservationId: 'x1', token: 'tok/en+1' } },
  reschedule: { body: { reservationId: 'x1', startTime: START, token: 'tok' } },
  getHistory: { query: { reservationId: 'x1' } },
  getAsOf: { query: { at: START, end: END, resource: 'r1', start: START } },
  getLive: {},
  getFeed: { params: { file: 'secret.ics' } },
  getOpenApi: {},
  getResourceAvailability: { query: { end: '2030-03-02', resource: 'r1', start: '2030-03-01' } },
  getSlots: { query: { date: '2030-03-01', duration: 45, exclude: 'x1', resource: 'r1', service: 's1' } },
}

interface Recorded {
  body: unknown
  credentials?: RequestCredentials
  headers: Record<string, string>
  method?: string
  signal?: AbortSignal | null
  url: string
}

/** A fake `fetch` that records each request and answers `answer`. */
const fakeFetch = (answer: () => Response) => {
  const requests: Recorded[] = []
  const fetch = async (url: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    requests.push({
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
      headers: init.headers as Record<string, string>,
      method: init.method,
      signal: init.signal,
      url: String(url),
    })
    return answer()
  }
  return { fetch, requests }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, status })

type AnyResult = { body?: unknown; data?: unknown; message?: string; ok: boolean; status: number }

/** Calls endpoint `name` with its input, the client answering through `answer`. */
const callWith = async (name: EndpointName, answer: () => Response) => {
  const { fetch, requests } = fakeFetch(answer)
  const client = createReserveClient({ baseUrl: 'https://site.test/api', credentials: 'include', fetch, headers: { Authorization: 'JWT abc' } })
  const call = client[name] as (input: unknown) => Promise<AnyResult>
  const result = await call(INPUTS[name])
  return { request: requests[0], result }
}

/** The message a refusal body carries, read here without the client's parser. */
const textOf = (body: Json): string => body.error ?? body.message ?? body.errors[0].message

/** The refusal bodies the document gives for a status; one of its shape with a made-up text where it gives none. */
const refusalsOf = (operation: Json, status: string): Json[] => {
  const content = operation.responses[status].content['application/json']
  const examples = Object.values<Json>(content.examples ?? {}).map((example) => example.value)
  if (examples.length > 0) {
    return examples
  }
  const refs: string[] = (content.schema.oneOf ?? [content.schema]).map((schema: Json) => schema.$ref)
  const made: Record<string, Json> = {
    '#/components/schemas/ErrorBody': { error: `refused ${status}` },
    '#/components/schemas/MessageBody': { message: `refused ${status}` },
    '#/components/schemas/PayloadError': { errors: [{ data: { errors: [{ message: `refused ${status}`, path: 'startTime' }] }, message: `refused ${status}` }] },
  }
  return refs.map((ref) => made[ref])
}

const names = Object.keys(ENDPOINTS) as EndpointName[]

describe.each(names)('the client: %s', (name) => {
  const { operation, path } = operationOf(name)
  const endpoint: Endpoint = ENDPOINTS[name]
  const successes = endpoint.statuses.filter((status) => status < 400)
  const refusals = endpoint.statuses.filter((status) => status >= 400)
  const input = INPUTS[name] as { body?: unknown; params?: Record<string, string>; query?: Record<string, unknown> }

  it('sends the method, the path of the document with its parameters filled, the query, the body and the session', async () => {
    const { request } = await callWith(name, () => json(successes[0], {}))
    const url = new URL(request.url)
    const expectedPath = path.replace(/\{(\w+)\}/g, (_, parameter: string) => encodeURIComponent(input.params![parameter]))
    expect(request.method?.toLowerCase()).toBe(Object.entries(document.paths[path]).find(([, described]) => described === operation)![0])
    expect(url.origin + url.pathname).toBe(`https://site.test${expectedPath}`)
    expect(Object.fromEntries(url.searchParams)).toEqual(Object.fromEntries(Object.entries(input.query ?? {}).map(([key, value]) => [key, String(value)])))
    expect(request.body).toEqual(input.body)
    expect(request.headers['Content-Type']).toBe(input.body === undefined ? undefined : 'application/json')
    expect(request.headers.Authorization).toBe('JWT abc')
    expect(request.credentials).toBe('include')
  })

  it.each(successes)('answers a %s as its data', async (status) => {
    if (status === 304) {
      const { result } = await callWith(name, () => new Response(null, { status }))
      expect(result).toEqual({ data: undefined, ok: true, status })
    } else if (endpoint.mediaType === 'text/event-stream') {
      const stream = new Response('event: resync\ndata: {}\n\n', { headers: { 'Content-Type': endpoint.mediaType }, status })
      const { result } = await callWith(name, () => stream)
      expect(result).toEqual({ data: stream, ok: true, status })
    } else if (endpoint.mediaType) {
      const { result } = await callWith(name, () => new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'Content-Type': endpoint.mediaType! }, status }))
      expect(result).toEqual({ data: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', ok: true, status })
    } else {
      const body = { answered: name }
      const { result } = await callWith(name, () => json(status, body))
      expect(result).toEqual({ data: body, ok: true, status })
    }
  })

  it.each(refusals)('answers each %s the contract declares as a refusal: status, the message of its body, the body', async (status) => {
    for (const body of refusalsOf(operation, String(status))) {
      const { result } = await callWith(name, () => json(status, body))
      expect(result).toEqual({ body, message: textOf(body), ok: false, status })
    }
  })

  it('rejects an answer the contract does not declare with a ReserveApiError', async () => {
    const failed = callWith(name, () => json(500, { errors: [{ message: 'Something went wrong.' }] }))
    await expect(failed).rejects.toBeInstanceOf(ReserveApiError)
    await expect(failed).rejects.toMatchObject({ body: { errors: [{ message: 'Something went wrong.' }] }, message: 'Something went wrong.', status: 500 })
  })
})

describe('the client', () => {
  it('has one function per endpoint of the contract', () => {
    expect(Object.keys(createReserveClient({ baseUrl: '' })).sort()).toEqual([...names].sort())
  })

  it("passes a call's signal and headers, and reads a body that is no JSON as the status text", async () => {
    const { fetch, requests } = fakeFetch(() => new Response('<html>', { status: 404, statusText: 'Not Found' }))
    const client = createReserveClient({ baseUrl: '/api', fetch, headers: { Cookie: 'payload-token=abc' } })
    const controller = new AbortController()
    const result = await client.getHistory({ query: { reservationId: 'x1' } }, { headers: { 'Accept-Language': 'de' }, signal: controller.signal })
    expect(result).toEqual({ body: null, message: 'Not Found', ok: false, status: 404 })
    expect(requests[0].signal).toBe(controller.signal)
    expect(requests[0].headers).toEqual({ 'Accept-Language': 'de', Cookie: 'payload-token=abc' })
    expect(requests[0].url).toBe('/api/reserve/history?reservationId=x1')
  })

  it('leaves out query values not given, and the input where nothing is required', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, {}))
    const client = createReserveClient({ baseUrl: '/api', fetch })
    await client.searchCustomers()
    await client.getSlots({ query: { date: '2030-03-01', exclude: undefined, resource: 'r 1', service: 's1' } })
    expect(requests.map((request) => request.url)).toEqual(['/api/reservation-customer-search', '/api/reserve/slots?date=2030-03-01&resource=r%201&service=s1'])
  })

  it('orThrow gives the data of a success, and throws a refusal as a ReserveApiError', async () => {
    const { fetch } = fakeFetch(() => json(409, { message: 'The hold has already been booked; cancel the reservation instead' }))
    const client = createReserveClient({ baseUrl: '/api', fetch })
    const refused = client.releaseHold({ params: { id: 'h1' } }).then(orThrow)
    await expect(refused).rejects.toMatchObject({ message: 'The hold has already been booked; cancel the reservation instead', status: 409 })
    const answered = createReserveClient({ baseUrl: '/api', fetch: fakeFetch(() => json(200, { holdId: 'h1', status: 'released' })).fetch })
    expect(await answered.releaseHold({ params: { id: 'h1' } }).then(orThrow)).toEqual({ holdId: 'h1', status: 'released' })
  })

  it('types each result by the status the contract declares', () => {
    type Book = ReserveResult<'book'>
    expectTypeOf<Extract<Book, { ok: true }>['data']>().toEqualTypeOf<ReservationDocument | SeriesBooked>()
    expectTypeOf<Extract<Book, { status: 404 }>['body']>().toEqualTypeOf<ErrorBody | PayloadErrorBody>()
    expectTypeOf<Extract<Book, { ok: false }>['status']>().toEqualTypeOf<400 | 403 | 404 | 409 | 413>()
    expectTypeOf<Extract<ReserveResult<'getSlots'>, { ok: true }>['data']>().toEqualTypeOf<SlotsResponse>()
    expectTypeOf<Extract<ReserveResult<'cancel'>, { status: 400 }>['body']>().toEqualTypeOf<MessageBody | PayloadErrorBody>()
    expectTypeOf<Extract<ReserveResult<'getGuestBooking'>, { ok: true }>['data']>().toEqualTypeOf<ManagedBooking>()
    expectTypeOf<Extract<ReserveResult<'reschedule'>, { ok: true }>['data']>().toEqualTypeOf<ReservationDocument>()
    expectTypeOf<Extract<ReserveResult<'reschedule'>, { status: 409 }>['body']>().toEqualTypeOf<PayloadErrorBody>()
    expectTypeOf<Extract<ReserveResult<'getLive'>, { ok: true }>['data']>().toEqualTypeOf<Response>()
    expectTypeOf<Extract<ReserveResult<'getFeed'>, { status: 200 }>['data']>().toEqualTypeOf<string>()
    expectTypeOf<EndpointInput<'getSlots'>['query']['date']>().toEqualTypeOf<string>()
    expectTypeOf<EndpointInput<'getSlots'>['query']['resource']>().toEqualTypeOf<number | string>()
    expectTypeOf<EndpointInput<'releaseHold'>>().toEqualTypeOf<{ body?: { holdToken?: string } } & { params: { id: string } } & { query?: { holdToken?: string } }>()
  })
})
