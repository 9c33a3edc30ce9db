import { beforeAll, describe, expect, it } from 'vitest'

import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from '../../../src/plugin/shared/http/json-body.js'
import { openApiDocument } from '../../../src/plugin/features/openapi/openapi-document.js'
import { MAX_ITEMS } from '../../../src/contract/messages.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login, restRequest } from '../../helpers/payload.js'
import { getJson, type JsonResponse, postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Json = Record<string, any>

const PLUGIN_PATHS = /^\/(reserve\/|reservation-customer-search$)/

/** Every `$ref` in the document, wherever it sits. */
const refsIn = (value: unknown): string[] => {
  if (Array.isArray(value)) {
    return value.flatMap(refsIn)
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => (key === '$ref' ? [String(entry)] : refsIn(entry)))
  }
  return []
}

/** `"<METHOD> <path> <status> <example>"` for each documented refusal example, with its body. */
const documentedExamples = (document: Json): Map<string, { body: unknown; status: number }> => {
  const examples = new Map<string, { body: unknown; status: number }>()
  for (const [path, operations] of Object.entries<Json>(document.paths)) {
    for (const [method, operation] of Object.entries<Json>(operations)) {
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        for (const [name, example] of Object.entries<Json>(response.content?.['application/json']?.examples ?? {})) {
          examples.set(`${method.toUpperCase()} ${path} ${status} ${name}`, { body: example.value, status: Number(status) })
        }
      }
    }
  }
  return examples
}

describe.each(testDatabaseKinds())('the OpenAPI document matches the endpoints (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  let adminToken: string
  let customerToken: string
  let ids: { reservation: string; resource: number | string; service: number | string }

  beforeAll(async () => {
    for (const [email, role] of [
      ['admin@example.test', 'admin'],
      ['customer@example.test', 'customer'],
    ]) {
      await site.payload.create({ collection: 'users', data: { email, password: 'secret-password', role } })
    }
    adminToken = await login(site.payload, { email: 'admin@example.test', password: 'secret-password' })
    customerToken = await login(site.payload, { email: 'customer@example.test', password: 'secret-password' })
    const service = await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Hour' } })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Desk', services: [service.id] } })
    const reservation = await site.payload.create({
      collection: 'reservations',
      data: { guest: { email: 'g@example.test', name: 'G' }, resource: resource.id, service: service.id, startTime: '2030-06-04T10:00:00.000Z' },
    })
    ids = { reservation: String(reservation.id), resource: resource.id, service: service.id }
  })

  it('is served at /api/reserve/openapi.json as OpenAPI 3.1 whose references all resolve', async () => {
    const response = await getJson(site.payload, '/api/reserve/openapi.json')
    expect(response.status).toBe(200)
    expect(response.body).toEqual(openApiDocument('/api'))
    expect(response.body.openapi).toBe('3.1.0')
    for (const ref of refsIn(response.body)) {
      const name = ref.replace('#/components/schemas/', '')
      expect(response.body.components.schemas, ref).toHaveProperty(name)
    }
  })

  it('documents every registered endpoint, and nothing else', () => {
    const registered = (site.payload.config.endpoints ?? [])
      .filter((endpoint) => PLUGIN_PATHS.test(endpoint.path))
      .map((endpoint) => `${endpoint.method.toUpperCase()} /api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`)
      .sort()
    const documented = Object.entries<Json>((openApiDocument('/api') as Json).paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort()
    expect(registered).toHaveLength(20)
    expect(documented).toEqual(registered)
  })

  it('answers every documented refusal with exactly the documented status and body', async () => {
    const { reservation, resource, service } = ids
    const slotQuery = `resource=${resource}&service=${service}&date=2030-06-04`
    const twentyOne = Array.from({ length: 21 }, () => resource).join(',')
    const get = (path: string, token?: string) => getJson(site.payload, path, token)
    const post = (path: string, body: unknown, token?: string) => postJson(site.payload, path, body, token)
    const slotRefusals = (endpoint: string): Record<string, () => Promise<JsonResponse>> => {
      const path = `/api/reserve/${endpoint}`
      return {
        [`GET ${path} 400 dateOutOfRange`]: () => get(`${path}?resource=${resource}&service=${service}&date=9999-12-31`),
        [`GET ${path} 400 duration`]: () => get(`${path}?${slotQuery}&duration=long`),
        [`GET ${path} 400 durationNotOffered`]: () => get(`${path}?${slotQuery}&duration=45`),
        [`GET ${path} 400 guestCount`]: () => get(`${path}?${slotQuery}&guestCount=2.5`),
        [`GET ${path} 400 holdTokenType`]: () => get(`${path}?${slotQuery}&holdId[]=a`),
        [`GET ${path} 403 forbidden`]: () => get(`${path}?${slotQuery}&holdId=${staffHold}`, customerToken),
        [`GET ${path} 400 invalidDate`]: () => get(`${path}?resource=${resource}&service=${service}&date=2030-02-30`),
        [`GET ${path} 400 missingParams`]: () => get(`${path}?resource=${resource}`),
        [`GET ${path} 400 resourcesList`]: () => get(`${path}?${slotQuery}&resources[a]=1`),
        [`GET ${path} 400 singleExclude`]: () => get(`${path}?${slotQuery}&exclude[]=1`),
        [`GET ${path} 400 singleIds`]: () => get(`${path}?resource[]=1&service=1&date=2030-06-04`),
        [`GET ${path} 400 tooManyResources`]: () => get(`${path}?${slotQuery}&resources=${twentyOne}`),
        [`GET ${path} 404 reservation`]: () => get(`${path}?${slotQuery}&exclude=987654`),
        [`GET ${path} 404 resource`]: () => get(`${path}?resource=987654&service=${service}&date=2030-06-04`),
        [`GET ${path} 404 service`]: () => get(`${path}?resource=${resource}&service=987654&date=2030-06-04`),
      }
    }
    // A hold of privileged staff (no schedule needed), and one they have booked.
    const placeHold = async (startTime: string) => (await post('/api/reserve/holds', { resource, service, startTime }, adminToken)).body.holdId as string
    const staffHold = await placeHold('2030-06-06T10:00:00.000Z')
    const bookedHold = await placeHold('2030-06-06T12:00:00.000Z')
    expect((await post('/api/reserve/book', { holdId: bookedHold }, adminToken)).status).toBe(201)
    const release = (holdId: string, body?: unknown, token?: string) =>
      restRequest(site.payload, `/api/reserve/holds/${holdId}`, {
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
        method: 'DELETE',
      }).then(async (response) => ({ body: await response.json(), status: response.status }))
    const holds = '/api/reserve/holds'
    // A waiting entry of staff's, and one already offered a hold (decided in the ledger directly).
    const waitlist = '/api/reserve/waitlist'
    const waitingEntry = (await post(waitlist, { from: '2030-06-07T09:00:00.000Z', guest: { email: 'w@example.test', name: 'W' }, service, to: '2030-06-07T10:00:00.000Z' }, adminToken)).body.entryId as string
    const offeredEntry = (await post(waitlist, { from: '2030-06-07T09:00:00.000Z', guest: { email: 'o@example.test', name: 'O' }, service, to: '2030-06-07T10:00:00.000Z' }, adminToken)).body.entryId as string
    await ledgerServices.of(site.payload).waitlist.execute(
      { data: { entryId: offeredEntry, expiresAt: '2030-06-07T09:10:00.000Z', holdId: '0190c0c0-0000-7000-8000-0000000000aa', resource, startTime: '2030-06-07T09:00:00.000Z' }, type: 'OfferWaitlist' },
      { actor: { kind: 'system', name: 'test' }, privileged: true },
    )
    const leave = (entryId: string, body?: unknown, token?: string) =>
      restRequest(site.payload, `${waitlist}/${entryId}`, {
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
        method: 'DELETE',
      }).then(async (response) => ({ body: await response.json(), status: response.status }))
    const day = 'start=2030-06-07T00:00:00.000Z&end=2030-06-08T00:00:00.000Z'
    const tooDeep = `${'['.repeat(MAX_BODY_DEPTH + 1)}${']'.repeat(MAX_BODY_DEPTH + 1)}`
    const tooLarge = { notes: 'x'.repeat(MAX_BODY_BYTES) }
    const range = '/api/reserve/resource-availability'
    const search = '/api/reservation-customer-search'
    const recipes: Record<string, () => Promise<JsonResponse>> = {
      ...slotRefusals('availability'),
      ...slotRefusals('slots'),
      [`GET ${range} 400 holdTokenType`]: () => get(`${range}?resource=${resource}&start=2030-06-06&end=2030-06-07&holdToken[]=a&holdId=x`),
      [`GET ${range} 403 forbidden`]: () => get(`${range}?resource=${resource}&start=2030-06-06&end=2030-06-07&holdId=${staffHold}`, customerToken),
      [`POST ${holds} 400 bodyNotObject`]: () => post(holds, '[]'),
      [`POST ${holds} 400 bodyTooDeep`]: () => post(holds, tooDeep),
      [`POST ${holds} 413 bodyTooLarge`]: () => post(holds, tooLarge),
      [`POST ${holds} 400 nulCharacter`]: () => post(holds, { notes: '\u0000' }),
      [`POST ${holds} 404 customer`]: () => post(holds, { customer: 987654, resource, service, startTime: '2030-06-04T11:00:00.000Z' }, adminToken),
      [`POST ${holds} 404 resource`]: () => post(holds, { resource: 987654, service }),
      [`POST ${holds} 404 service`]: () => post(holds, { resource, service: 987654 }),
      [`DELETE ${holds}/{id} 400 bodyNotObject`]: () => release(staffHold, '[]'),
      [`DELETE ${holds}/{id} 400 bodyTooDeep`]: () => release(staffHold, tooDeep),
      [`DELETE ${holds}/{id} 400 holdTokenType`]: () => release(staffHold, { holdToken: 7 }),
      [`DELETE ${holds}/{id} 400 nulCharacter`]: () => release(staffHold, { holdToken: '\u0000' }),
      [`DELETE ${holds}/{id} 403 forbidden`]: () => release(staffHold, {}, customerToken),
      [`DELETE ${holds}/{id} 404 unknown`]: () => release('0190c0c0-0000-7000-8000-000000000000', {}, adminToken),
      [`DELETE ${holds}/{id} 409 booked`]: () => release(bookedHold, {}, adminToken),
      [`DELETE ${holds}/{id} 413 bodyTooLarge`]: () => release(staffHold, tooLarge),
      [`POST ${waitlist} 400 bodyNotObject`]: () => post(waitlist, '[]'),
      [`POST ${waitlist} 400 bodyTooDeep`]: () => post(waitlist, tooDeep),
      [`POST ${waitlist} 400 nulCharacter`]: () => post(waitlist, { guest: { name: '\u0000' } }),
      [`POST ${waitlist} 413 bodyTooLarge`]: () => post(waitlist, tooLarge),
      [`DELETE ${waitlist}/{id} 400 bodyNotObject`]: () => leave(waitingEntry, '[]'),
      [`DELETE ${waitlist}/{id} 400 bodyTooDeep`]: () => leave(waitingEntry, tooDeep),
      [`DELETE ${waitlist}/{id} 400 nulCharacter`]: () => leave(waitingEntry, { token: '\u0000' }),
      [`DELETE ${waitlist}/{id} 400 tokenType`]: () => leave(waitingEntry, { token: 7 }),
      [`DELETE ${waitlist}/{id} 403 forbidden`]: () => leave(waitingEntry, {}, customerToken),
      [`DELETE ${waitlist}/{id} 404 unknown`]: () => leave('0190c0c0-0000-7000-8000-000000000000', {}, adminToken),
      [`DELETE ${waitlist}/{id} 409 offered`]: () => leave(offeredEntry, {}, adminToken),
      [`DELETE ${waitlist}/{id} 413 bodyTooLarge`]: () => leave(waitingEntry, tooLarge),
      [`POST ${waitlist}/{id}/offer 400 bodyNotObject`]: () => post(`${waitlist}/${waitingEntry}/offer`, '[]', adminToken),
      [`POST ${waitlist}/{id}/offer 400 bodyTooDeep`]: () => post(`${waitlist}/${waitingEntry}/offer`, tooDeep, adminToken),
      [`POST ${waitlist}/{id}/offer 400 nulCharacter`]: () => post(`${waitlist}/${waitingEntry}/offer`, { startTime: '\u0000' }, adminToken),
      [`POST ${waitlist}/{id}/offer 413 bodyTooLarge`]: () => post(`${waitlist}/${waitingEntry}/offer`, tooLarge, adminToken),
      [`POST ${waitlist}/{id}/offer 400 notOffered`]: () => post(`${waitlist}/${waitingEntry}/offer`, { resource: 987654, startTime: '2030-06-07T09:00:00.000Z' }, adminToken),
      [`POST ${waitlist}/{id}/offer 400 resource`]: () => post(`${waitlist}/${waitingEntry}/offer`, { startTime: '2030-06-07T09:00:00.000Z' }, adminToken),
      [`POST ${waitlist}/{id}/offer 400 startTime`]: () => post(`${waitlist}/${waitingEntry}/offer`, { resource, startTime: 'soon' }, adminToken),
      [`POST ${waitlist}/{id}/offer 401 unauthorized`]: () => post(`${waitlist}/${waitingEntry}/offer`, { resource, startTime: '2030-06-07T09:00:00.000Z' }),
      [`POST ${waitlist}/{id}/offer 403 forbidden`]: () => post(`${waitlist}/${waitingEntry}/offer`, { resource, startTime: '2030-06-07T09:00:00.000Z' }, customerToken),
      [`POST ${waitlist}/{id}/offer 404 unknown`]: () => post(`${waitlist}/0190c0c0-0000-7000-8000-000000000000/offer`, { resource, startTime: '2030-06-07T09:00:00.000Z' }, adminToken),
      [`POST ${waitlist}/{id}/offer 409 notWaiting`]: () => post(`${waitlist}/${offeredEntry}/offer`, { resource, startTime: '2030-06-07T09:00:00.000Z' }, adminToken),
      [`POST ${waitlist}/{id}/offer 409 taken`]: () => post(`${waitlist}/${waitingEntry}/offer`, { resource, startTime: '2030-06-06T12:00:00.000Z' }, adminToken),
      [`GET ${waitlist} 400 range`]: () => get(`${waitlist}?start=2030-06-08T00:00:00.000Z&end=2030-06-07T00:00:00.000Z`, adminToken),
      [`GET ${waitlist} 401 unauthorized`]: () => get(`${waitlist}?${day}`),
      [`GET ${waitlist} 403 forbidden`]: () => get(`${waitlist}?${day}`, customerToken),
      'POST /api/reserve/series-preview 401 anonymous': () => post('/api/reserve/series-preview', {}),
      'POST /api/reserve/series-preview 403 forbidden': () => post('/api/reserve/series-preview', {}, customerToken),
      'POST /api/reserve/series-preview 400 bodyNotObject': () => post('/api/reserve/series-preview', '[]', adminToken),
      'POST /api/reserve/series-preview 400 bodyTooDeep': () => post('/api/reserve/series-preview', tooDeep, adminToken),
      'POST /api/reserve/series-preview 400 nulCharacter': () => post('/api/reserve/series-preview', { notes: '\u0000' }, adminToken),
      'POST /api/reserve/series-preview 413 bodyTooLarge': () => post('/api/reserve/series-preview', tooLarge, adminToken),
      [`GET ${range} 400 dateOutOfRange`]: () => get(`${range}?resource=${resource}&start=1899-12-01&end=1899-12-02`),
      [`GET ${range} 400 invalidRange`]: () => get(`${range}?resource=${resource}&start=soon&end=2030-01-02`),
      [`GET ${range} 400 missingParams`]: () => get(`${range}?resource=${resource}`),
      [`GET ${range} 400 rangeOrder`]: () => get(`${range}?resource=${resource}&start=2030-01-02&end=2030-01-01`),
      [`GET ${range} 400 rangeTooLong`]: () => get(`${range}?resource=${resource}&start=2030-01-01&end=2030-04-04`),
      [`GET ${range} 400 singleResource`]: () => get(`${range}?resource[]=1&start=2030-01-01&end=2030-01-02`),
      [`GET ${range} 404 resource`]: () => get(`${range}?resource=987654&start=2030-01-01&end=2030-01-02`),
      'POST /api/reserve/book 400 bodyNotObject': () => post('/api/reserve/book', '[]'),
      'POST /api/reserve/book 400 bodyTooDeep': () => post('/api/reserve/book', tooDeep),
      'POST /api/reserve/book 413 bodyTooLarge': () => post('/api/reserve/book', tooLarge),
      'POST /api/reserve/book 400 nulCharacter': () => post('/api/reserve/book', { notes: '\u0000' }),
      'POST /api/reserve/book 404 customer': () =>
        post('/api/reserve/book', { customer: 987654, resource, service, startTime: '2030-06-04T11:00:00.000Z' }, adminToken),
      'POST /api/reserve/book 404 resource': () => post('/api/reserve/book', { resource: 987654, service }),
      'POST /api/reserve/book 404 service': () => post('/api/reserve/book', { resource, service: 987654 }),
      'POST /api/reserve/cancel 400 bodyNotObject': () => post('/api/reserve/cancel', 'reservationId=1'),
      'POST /api/reserve/cancel 400 bodyTooDeep': () => post('/api/reserve/cancel', tooDeep),
      'POST /api/reserve/cancel 413 bodyTooLarge': () => post('/api/reserve/cancel', tooLarge),
      'POST /api/reserve/cancel 400 nulCharacter': () => post('/api/reserve/cancel', { reservationId: 'a\u0000' }),
      'POST /api/reserve/cancel 400 reason': () => post('/api/reserve/cancel', { reason: 7, reservationId: reservation }),
      'POST /api/reserve/cancel 400 reservationIdRequired': () => post('/api/reserve/cancel', {}),
      'POST /api/reserve/cancel 400 reservationIdType': () => post('/api/reserve/cancel', { reservationId: 7 }),
      'POST /api/reserve/cancel 400 scope': () => post('/api/reserve/cancel', { reservationId: reservation, scope: 'everything' }),
      'POST /api/reserve/cancel 403 forbidden': () => post('/api/reserve/cancel', { reservationId: reservation, token: 'wrong' }),
      'POST /api/reserve/cancel 404 unknown': () => post('/api/reserve/cancel', { reservationId: 'no-such-reservation' }, adminToken),
      'GET /api/reserve/guest-booking 400 reservationIdRequired': () => get('/api/reserve/guest-booking?token=x'),
      'GET /api/reserve/guest-booking 400 reservationIdType': () => get(`/api/reserve/guest-booking?reservationId[]=${reservation}`),
      'GET /api/reserve/guest-booking 403 forbidden': () => get(`/api/reserve/guest-booking?reservationId=${reservation}&token=wrong`),
      'GET /api/reserve/guest-booking 404 unknown': () => get('/api/reserve/guest-booking?reservationId=no-such-reservation', adminToken),
      'POST /api/reserve/reschedule 400 bodyNotObject': () => post('/api/reserve/reschedule', '[]'),
      'POST /api/reserve/reschedule 400 bodyTooDeep': () => post('/api/reserve/reschedule', tooDeep),
      'POST /api/reserve/reschedule 400 nulCharacter': () => post('/api/reserve/reschedule', { reservationId: 'a\u0000' }),
      'POST /api/reserve/reschedule 400 reservationIdRequired': () => post('/api/reserve/reschedule', { startTime: '2030-06-04T12:00:00.000Z' }),
      'POST /api/reserve/reschedule 400 reservationIdType': () => post('/api/reserve/reschedule', { reservationId: 7 }),
      'POST /api/reserve/reschedule 400 resource': () => post('/api/reserve/reschedule', { reservationId: reservation, resource: [resource], startTime: '2030-06-04T12:00:00.000Z' }),
      'POST /api/reserve/reschedule 400 startTime': () => post('/api/reserve/reschedule', { reservationId: reservation, startTime: 'soon' }),
      'POST /api/reserve/reschedule 403 forbidden': () => post('/api/reserve/reschedule', { reservationId: reservation, startTime: '2030-06-04T12:00:00.000Z', token: 'wrong' }),
      'POST /api/reserve/reschedule 404 unknown': () => post('/api/reserve/reschedule', { reservationId: 'no-such-reservation', startTime: '2030-06-04T12:00:00.000Z' }, adminToken),
      'POST /api/reserve/reschedule 413 bodyTooLarge': () => post('/api/reserve/reschedule', tooLarge),
      'GET /api/reserve/feeds/{file} 404 unknown': () => get('/api/reserve/feeds/no-such-secret.ics'),
      'GET /api/reserve/as-of 400 params': () => get(`/api/reserve/as-of?resource=${resource}&start=2030-06-04T00:00:00Z&end=soon&at=2030-01-01T00:00:00Z`, adminToken),
      'GET /api/reserve/as-of 401 anonymous': () => get(`/api/reserve/as-of?resource=${resource}`),
      'GET /api/reserve/as-of 403 forbidden': () => get(`/api/reserve/as-of?resource=${resource}`, customerToken),
      'GET /api/reserve/as-of 404 resource': () =>
        get('/api/reserve/as-of?resource=987654&start=2030-06-04T00:00:00Z&end=2030-06-05T00:00:00Z&at=2030-01-01T00:00:00Z', adminToken),
      'GET /api/reserve/live 401 anonymous': () => get('/api/reserve/live'),
      'GET /api/reserve/live 403 forbidden': () => get('/api/reserve/live', customerToken),
      'GET /api/reserve/history 400 reservationIdRequired': () => get('/api/reserve/history', adminToken),
      'GET /api/reserve/history 400 reservationIdType': () => get('/api/reserve/history?reservationId[]=a', adminToken),
      'GET /api/reserve/history 401 anonymous': () => get(`/api/reserve/history?reservationId=${reservation}`),
      'GET /api/reserve/history 403 forbidden': () => get(`/api/reserve/history?reservationId=${reservation}`, customerToken),
      'GET /api/reserve/history 404 unknown': () => get('/api/reserve/history?reservationId=no-such-reservation', adminToken),
      [`GET ${search} 400 limit`]: () => get(`${search}?limit=many`, adminToken),
      [`GET ${search} 400 page`]: () => get(`${search}?page=0.5`, adminToken),
      [`GET ${search} 400 search`]: () => get(`${search}?search[]=a`, adminToken),
      [`GET ${search} 401 anonymous`]: () => get(search),
      [`GET ${search} 403 notPrivileged`]: () => get(search, customerToken),
    }
    const documented = documentedExamples(openApiDocument('/api'))
    expect(Object.keys(recipes).sort()).toEqual([...documented.keys()].sort())
    for (const [key, expected] of documented) {
      expect(await recipes[key](), key).toEqual(expected)
    }
  })

  it('states the body and item limits the handlers apply', async () => {
    const document = openApiDocument('/api') as Json
    const book = document.paths['/api/reserve/book'].post
    expect(book.requestBody.content['application/json'].schema.properties.items.maxItems).toBe(MAX_ITEMS)
    // Every endpoint that reads a body documents the 413 and the 400 for its nesting depth.
    for (const [path, operations] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(operations)) {
        if (method === 'post') {
          expect(Object.keys(operation.responses), path).toContain('413')
          expect(Object.keys(operation.responses[400].content['application/json'].examples), path).toContain('bodyTooDeep')
        }
      }
    }
    const { resource, service } = ids
    const items = (count: number) => Array.from({ length: count }, () => ({ resource }))
    const base = { resource, service, startTime: '2030-06-05T10:00:00.000Z' }
    const over = await postJson(site.payload, '/api/reserve/book', { ...base, items: items(MAX_ITEMS + 1) }, adminToken)
    expect(over.status).toBe(400)
    expect(over.body.errors[0].data.errors).toEqual([{ message: `A booking takes at most ${MAX_ITEMS} items`, path: 'items' }])
    // At the limit the count is not what is refused (here the one-unit resource is).
    const at = await postJson(site.payload, '/api/reserve/book', { ...base, items: items(MAX_ITEMS) }, adminToken)
    expect(at.body.errors?.[0]?.data?.errors?.map(({ path }: { path: string }) => path) ?? []).not.toContain('items')
  })
})
