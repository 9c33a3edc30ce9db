/**
 * The plugin's HTTP endpoints by name (each its OpenAPI operationId): method and path below the
 * host's API route, path parameters as `{name}`. Plain data without zod, so the API client carries
 * it at runtime; their schemas are in `endpoint-schemas.ts` under the same names, and the OpenAPI
 * document is built from both. `mediaType` names a success body that is not JSON.
 */
export const ENDPOINTS = {
  searchCustomers: { method: 'GET', path: '/reservation-customer-search' },
  getAvailability: { method: 'GET', path: '/reserve/availability' },
  book: { method: 'POST', path: '/reserve/book' },
  previewSeries: { method: 'POST', path: '/reserve/series-preview' },
  placeHold: { method: 'POST', path: '/reserve/holds' },
  releaseHold: { method: 'DELETE', path: '/reserve/holds/{id}' },
  listWaitlist: { method: 'GET', path: '/reserve/waitlist' },
  joinWaitlist: { method: 'POST', path: '/reserve/waitlist' },
  leaveWaitlist: { method: 'DELETE', path: '/reserve/waitlist/{id}' },
  offerWaitlist: { method: 'POST', path: '/reserve/waitlist/{id}/offer' },
  cancel: { method: 'POST', path: '/reserve/cancel' },
  getHistory: { method: 'GET', path: '/reserve/history' },
  getAsOf: { method: 'GET', path: '/reserve/as-of' },
  getLive: { mediaType: 'text/event-stream', method: 'GET', path: '/reserve/live' },
  getFeed: { mediaType: 'text/calendar', method: 'GET', path: '/reserve/feeds/{file}' },
  getOpenApi: { method: 'GET', path: '/reserve/openapi.json' },
  getResourceAvailability: { method: 'GET', path: '/reserve/resource-availability' },
  getSlots: { method: 'GET', path: '/reserve/slots' },
} as const satisfies Record<string, Endpoint>

export interface Endpoint {
  /** The success body's media type when it is not `application/json`. */
  mediaType?: 'text/calendar' | 'text/event-stream'
  method: 'DELETE' | 'GET' | 'POST'
  path: string
}

export type EndpointName = keyof typeof ENDPOINTS
