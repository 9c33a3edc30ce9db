import { describe, expect, it } from 'vitest'

import type {
  AsOfReservation,
  AsOfResponse,
  AvailabilityDay,
  AvailabilityResponse,
  BusyInterval,
  CustomerHit,
  CustomerSearchResponse,
  ErrorBody,
  ExternalBusy,
  HistoryChange,
  HistoryEvent,
  HistoryResponse,
  HoldReleaseResponse,
  HoldResponse,
  LiveEventData,
  ManagedBooking,
  MessageBody,
  PayloadErrorBody,
  ReservationDocument,
  ResourceAvailability,
  ResourceBusy,
  SeriesBooked,
  SeriesCancelled,
  SeriesPreview,
  SkippedOccurrence,
  SlotsResponse,
  TimeOff,
  TimeRange,
  WaitlistEntryRecord,
  WaitlistEntryResponse,
  WaitlistLeaveResponse,
  WaitlistListResponse,
} from '../../../../../src/contract/http.js'

import { openApiDocument } from '../../../../../src/plugin/features/openapi/openapi-document.js'

type Json = Record<string, any>

/**
 * Every key of a contract type, marked required or optional. tsc insists on every key, on no
 * other, and on the right mark. The document is generated from the same zod schemas the types
 * are inferred from, so this holds the generation: a key or its mark lost on the way to JSON
 * Schema (an optional made required, a nested schema dropped) fails here.
 */
type KeysOf<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? 'optional' : 'required' }

const document = openApiDocument('/api') as Json

const resolve = (schema: Json): Json =>
  typeof schema.$ref === 'string' ? resolve(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema

/** The object schema at `trail` below `schema`: each step a property, stepping into array items. */
const descend = (schema: Json, ...trail: string[]): Json => {
  const items = (at: Json): Json => (resolve(at).type === 'array' ? resolve(resolve(at).items) : resolve(at))
  return trail.reduce((at, name) => items(resolve(at).properties[name]), items(schema))
}

const response = (operation: string, status: number): Json => {
  const [method, path] = operation.split(' ')
  return document.paths[`/api${path}`][method.toLowerCase()].responses[status].content['application/json'].schema
}

const schema = (name: string): Json => document.components.schemas[name]

const slots = response('GET /reserve/slots', 200)
const range = response('GET /reserve/resource-availability', 200)
const history = response('GET /reserve/history', 200)
const search = response('GET /reservation-customer-search', 200)
const asOf = response('GET /reserve/as-of', 200)

/** Each response body of the contract (and the objects inside it), with where the document describes it. */
const CONTRACT: [string, Json, Record<string, 'optional' | 'required'>][] = [
  ['GET /reserve/availability 200', response('GET /reserve/availability', 200), { slots: 'required' } satisfies KeysOf<AvailabilityResponse>],
  ['GET /reserve/slots 200', slots, { date: 'required', guestCount: 'required', slots: 'required' } satisfies KeysOf<SlotsResponse>],
  ['GET /reserve/slots 200 slots[]', descend(slots, 'slots'), { end: 'required', start: 'required' } satisfies KeysOf<TimeRange>],
  [
    'GET /reserve/resource-availability 200',
    range,
    { busy: 'required', capacityMode: 'required', days: 'required', external: 'required', quantity: 'required', requiredPools: 'required' } satisfies KeysOf<ResourceAvailability>,
  ],
  ['… external[]', descend(range, 'external'), { end: 'required', label: 'optional', start: 'required' } satisfies KeysOf<ExternalBusy>],
  ['… busy[]', descend(range, 'busy'), { end: 'required', expiresAt: 'optional', hold: 'optional', holdId: 'optional', mine: 'optional', start: 'required', units: 'required' } satisfies KeysOf<ResourceBusy>],
  ['… days[]', descend(range, 'days'), { date: 'required', shiftWindows: 'required', timeOff: 'required' } satisfies KeysOf<AvailabilityDay>],
  ['… days[].shiftWindows[]', descend(range, 'days', 'shiftWindows'), { end: 'required', start: 'required' } satisfies KeysOf<TimeRange>],
  ['… days[].timeOff[]', descend(range, 'days', 'timeOff'), { end: 'required', reason: 'optional', start: 'required', type: 'optional' } satisfies KeysOf<TimeOff>],
  [
    '… requiredPools[]',
    descend(range, 'requiredPools'),
    { busy: 'required', quantity: 'required' } satisfies KeysOf<ResourceAvailability['requiredPools'][number]>,
  ],
  [
    'POST /reserve/holds 201',
    response('POST /reserve/holds', 201),
    {
      endTime: 'required',
      expiresAt: 'required',
      guestCount: 'required',
      holdId: 'required',
      holdToken: 'optional',
      items: 'required',
      resource: 'required',
      service: 'required',
      startTime: 'required',
    } satisfies KeysOf<HoldResponse>,
  ],
  [
    'GET /reserve/guest-booking 200',
    response('GET /reserve/guest-booking', 200),
    { cancelled: 'required', reservation: 'required', resource: 'required', rules: 'required', service: 'required' } satisfies KeysOf<ManagedBooking>,
  ],
  ['… resource', descend(response('GET /reserve/guest-booking', 200), 'resource'), { id: 'required', name: 'required', timezone: 'required' } satisfies KeysOf<ManagedBooking['resource']>],
  [
    '… rules',
    descend(response('GET /reserve/guest-booking', 200), 'rules'),
    {
      cancel: 'required',
      changeUntil: 'required',
      earliestStart: 'required',
      latestStart: 'required',
      noticePeriodHours: 'required',
      reschedule: 'required',
    } satisfies KeysOf<ManagedBooking['rules']>,
  ],
  ['… service', descend(response('GET /reserve/guest-booking', 200), 'service'), { duration: 'required', id: 'required', name: 'required' } satisfies KeysOf<ManagedBooking['service']>],
  ['DELETE /reserve/holds/{id} 200', response('DELETE /reserve/holds/{id}', 200), { holdId: 'required', status: 'required' } satisfies KeysOf<HoldReleaseResponse>],
  [
    'POST /reserve/waitlist 201',
    response('POST /reserve/waitlist', 201),
    {
      entryId: 'required',
      from: 'required',
      guestCount: 'required',
      resource: 'required',
      service: 'required',
      status: 'required',
      to: 'required',
      token: 'optional',
    } satisfies KeysOf<WaitlistEntryResponse>,
  ],
  ['DELETE /reserve/waitlist/{id} 200', response('DELETE /reserve/waitlist/{id}', 200), { entryId: 'required', status: 'required' } satisfies KeysOf<WaitlistLeaveResponse>],
  ['GET /reserve/waitlist 200', response('GET /reserve/waitlist', 200), { entries: 'required' } satisfies KeysOf<WaitlistListResponse>],
  [
    '… entries[]',
    descend(response('GET /reserve/waitlist', 200), 'entries'),
    {
      customer: 'required',
      entryId: 'required',
      from: 'required',
      guestCount: 'required',
      guestName: 'required',
      holdId: 'required',
      joinedAt: 'required',
      offerExpiresAt: 'required',
      offeredStart: 'required',
      resource: 'required',
      service: 'required',
      status: 'required',
      to: 'required',
    } satisfies KeysOf<WaitlistEntryRecord>,
  ],
  ['GET /reserve/history 200', history, { events: 'required', reservationId: 'required' } satisfies KeysOf<HistoryResponse>],
  [
    '… events[]',
    descend(history, 'events'),
    { actor: 'required', at: 'required', changes: 'required', data: 'required', reason: 'required', revision: 'required', type: 'required' } satisfies KeysOf<HistoryEvent>,
  ],
  ['… events[].changes[]', descend(history, 'events', 'changes'), { field: 'required', from: 'required', to: 'required' } satisfies KeysOf<HistoryChange>],
  [
    'GET /reserve/live 200 (a reservation event\'s data)',
    document.paths['/api/reserve/live'].get.responses[200].content['text/event-stream'].schema,
    { reservationId: 'required', revision: 'required' } satisfies KeysOf<LiveEventData>,
  ],
  ['GET /reserve/as-of 200', asOf, { at: 'required', busy: 'required', reservations: 'required' } satisfies KeysOf<AsOfResponse>],
  ['… busy[]', descend(asOf, 'busy'), { end: 'required', reservationId: 'required', start: 'required', units: 'required' } satisfies KeysOf<AsOfResponse['busy'][number]>],
  [
    '… reservations[]',
    descend(asOf, 'reservations'),
    {
      customer: 'optional',
      endTime: 'required',
      fields: 'required',
      guest: 'optional',
      guestCount: 'optional',
      id: 'required',
      items: 'optional',
      resource: 'required',
      service: 'required',
      startTime: 'required',
      status: 'required',
    } satisfies KeysOf<AsOfReservation>,
  ],
  [
    'GET /reservation-customer-search 200',
    search,
    { docs: 'required', hasNextPage: 'required', totalDocs: 'required' } satisfies KeysOf<CustomerSearchResponse>,
  ],
  [
    '… docs[]',
    descend(search, 'docs'),
    { email: 'required', firstName: 'optional', id: 'required', lastName: 'optional', name: 'optional', phone: 'optional' } satisfies KeysOf<CustomerHit>,
  ],
  ...(['POST /reserve/book 201', 'POST /reserve/cancel 200'] as const).map((label): [string, Json, Record<string, 'optional' | 'required'>] => [
    label,
    response(label.slice(0, label.lastIndexOf(' ')), Number(label.slice(label.lastIndexOf(' ') + 1))).oneOf[0],
    {
      customer: 'optional',
      endTime: 'required',
      guest: 'optional',
      guestCount: 'optional',
      id: 'required',
      items: 'optional',
      notes: 'optional',
      resource: 'required',
      seriesId: 'optional',
      service: 'required',
      startTime: 'required',
      status: 'required',
    } satisfies KeysOf<ReservationDocument>,
  ]),
  [
    'POST /reserve/book 201 (a series)',
    response('POST /reserve/book', 201).oneOf[1],
    { reservations: 'required', seriesId: 'required', skipped: 'required' } satisfies KeysOf<SeriesBooked>,
  ],
  [
    '… skipped[]',
    descend(response('POST /reserve/book', 201).oneOf[1], 'skipped'),
    { index: 'required', message: 'required', path: 'required', startTime: 'required' } satisfies KeysOf<SkippedOccurrence>,
  ],
  ['POST /reserve/series-preview 200', response('POST /reserve/series-preview', 200), { occurrences: 'required' } satisfies KeysOf<SeriesPreview>],
  ['POST /reserve/cancel 200 (a series)', response('POST /reserve/cancel', 200).oneOf[1], { reservations: 'required' } satisfies KeysOf<SeriesCancelled>],
  ['ErrorBody', schema('ErrorBody'), { error: 'required' } satisfies KeysOf<ErrorBody>],
  ['MessageBody', schema('MessageBody'), { message: 'required' } satisfies KeysOf<MessageBody>],
  ['PayloadError', schema('PayloadError'), { errors: 'required' } satisfies KeysOf<PayloadErrorBody>],
  ['PayloadError errors[]', descend(schema('PayloadError'), 'errors'), { data: 'optional', message: 'required', name: 'optional' } satisfies KeysOf<PayloadErrorBody['errors'][number]>],
  [
    'PayloadError errors[].data.errors[]',
    descend(schema('PayloadError'), 'errors', 'data', 'errors'),
    { message: 'required', path: 'required' } satisfies KeysOf<NonNullable<PayloadErrorBody['errors'][number]['data']>['errors'][number]>,
  ],
]

describe('the OpenAPI document generated from the contract describes its bodies (src/contract)', () => {
  it.each(CONTRACT)('%s: the same properties, the same required', (_label, schemaOrRef, keys) => {
    const described = descend(schemaOrRef)
    expect(Object.keys(described.properties ?? {}).sort()).toEqual(Object.keys(keys).sort())
    expect([...(described.required ?? [])].sort()).toEqual(
      Object.entries(keys)
        .filter(([, kind]) => kind === 'required')
        .map(([key]) => key)
        .sort(),
    )
  })

  it('describes every refusal with one of the contract refusal bodies', () => {
    const refusalSchemas = new Set(['#/components/schemas/ErrorBody', '#/components/schemas/MessageBody', '#/components/schemas/PayloadError'])
    for (const [path, operations] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(operations)) {
        for (const [status, described] of Object.entries<Json>(operation.responses)) {
          if (Number(status) >= 400) {
            const body = described.content['application/json'].schema
            const refs = body.oneOf ? body.oneOf.map((one: Json) => one.$ref) : [body.$ref]
            for (const ref of refs) {
              expect(refusalSchemas.has(ref), `${method} ${path} ${status}: ${ref}`).toBe(true)
            }
          }
        }
      }
    }
  })
})
