/**
 * The plugin's HTTP endpoints by name (each its OpenAPI operationId): method and path below the
 * host's API route, path parameters as `{name}`. Plain data without zod, so the API client carries
 * it at runtime; their schemas are in `endpoint-schemas.ts` under the same names, and the OpenAPI
 * document is built from both. `statuses` are the answers the contract declares, the refusals
 * among them from 400 (the schemas' table must name the same); `mediaType` names a success body
 * that is not JSON.
 */
export const ENDPOINTS = {
  searchCustomers: { method: 'GET', path: '/reservation-customer-search', statuses: [200, 400, 401, 403] },
  getAvailability: { method: 'GET', path: '/reserve/availability', statuses: [200, 400, 403, 404] },
  book: { method: 'POST', path: '/reserve/book', statuses: [201, 400, 403, 404, 409, 413] },
  previewSeries: { method: 'POST', path: '/reserve/series-preview', statuses: [200, 400, 401, 403, 404, 413] },
  placeHold: { method: 'POST', path: '/reserve/holds', statuses: [201, 400, 403, 404, 409, 413, 429] },
  releaseHold: { method: 'DELETE', path: '/reserve/holds/{id}', statuses: [200, 400, 403, 404, 409, 413] },
  listWaitlist: { method: 'GET', path: '/reserve/waitlist', statuses: [200, 400, 401, 403] },
  joinWaitlist: { method: 'POST', path: '/reserve/waitlist', statuses: [201, 400, 413, 429] },
  leaveWaitlist: { method: 'DELETE', path: '/reserve/waitlist/{id}', statuses: [200, 400, 403, 404, 409, 413] },
  offerWaitlist: { method: 'POST', path: '/reserve/waitlist/{id}/offer', statuses: [201, 400, 401, 403, 404, 409, 413] },
  cancel: { method: 'POST', path: '/reserve/cancel', statuses: [200, 400, 403, 404, 413] },
  getGuestBooking: { method: 'GET', path: '/reserve/guest-booking', statuses: [200, 400, 403, 404] },
  reschedule: { method: 'POST', path: '/reserve/reschedule', statuses: [200, 400, 403, 404, 409, 413] },
  getHistory: { method: 'GET', path: '/reserve/history', statuses: [200, 400, 401, 403, 404] },
  getAsOf: { method: 'GET', path: '/reserve/as-of', statuses: [200, 400, 401, 403, 404] },
  getLive: { mediaType: 'text/event-stream', method: 'GET', path: '/reserve/live', statuses: [200, 401, 403] },
  getFeed: { mediaType: 'text/calendar', method: 'GET', path: '/reserve/feeds/{file}', statuses: [200, 304, 404] },
  getOpenApi: { method: 'GET', path: '/reserve/openapi.json', statuses: [200] },
  getResourceAvailability: { method: 'GET', path: '/reserve/resource-availability', statuses: [200, 400, 403, 404] },
  getSlots: { method: 'GET', path: '/reserve/slots', statuses: [200, 400, 403, 404] },
} as const satisfies Record<string, Endpoint>

export interface Endpoint {
  /** The success body's media type when it is not `application/json`. */
  mediaType?: 'text/calendar' | 'text/event-stream'
  method: 'DELETE' | 'GET' | 'POST'
  path: string
  statuses: readonly number[]
}

export type EndpointName = keyof typeof ENDPOINTS
