import type { Endpoint } from 'payload'

import type { ResolvedOptions } from './options.js'
import type { ReserveRuntime, Services } from './services.js'

import { asOfEndpoint } from './features/audit/as-of-endpoint.js'
import { availabilityEndpoint } from './features/slots/availability-endpoint.js'
import { bookEndpoint } from './features/booking/book-endpoint.js'
import { cancelEndpoint } from './features/booking/cancel-endpoint.js'
import { customerSearchEndpoint } from './features/catalog/customer-search-endpoint.js'
import { feedEndpoint } from './features/calendar-export/feed-endpoint.js'
import { historyEndpoint } from './features/audit/history-endpoint.js'
import { placeHoldEndpoint, releaseHoldEndpoint } from './features/holds/holds-endpoints.js'
import { liveEndpoint } from './features/live/live-endpoint.js'
import { openApiEndpoint } from './features/openapi/openapi-endpoint.js'
import { resourceAvailabilityEndpoint } from './features/slots/resource-availability-endpoint.js'
import { seriesPreviewEndpoint } from './features/booking/series/series-preview-endpoint.js'
import { slotsEndpoint } from './features/slots/slots-endpoint.js'
import { joinWaitlistEndpoint, leaveWaitlistEndpoint, listWaitlistEndpoint, offerWaitlistEndpoint } from './features/waitlist/waitlist-endpoints.js'

/**
 * The plugin's root endpoints, served under the host's API route (see docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/endpoints`, `src/plugin/http`)"). Each is given the running ledger's
 * services it uses.
 */
export const reserveEndpoints = (options: ResolvedOptions, services: Services<ReserveRuntime>): Endpoint[] => [
  availabilityEndpoint(options, services),
  slotsEndpoint(options, services),
  resourceAvailabilityEndpoint(options, services),
  bookEndpoint(options, services),
  seriesPreviewEndpoint(options, services),
  placeHoldEndpoint(options, services),
  releaseHoldEndpoint(options, services),
  joinWaitlistEndpoint(options, services),
  leaveWaitlistEndpoint(options, services),
  listWaitlistEndpoint(options, services),
  offerWaitlistEndpoint(options, services),
  cancelEndpoint(options, services),
  customerSearchEndpoint(options),
  historyEndpoint(options, services),
  feedEndpoint(options),
  asOfEndpoint(options, services),
  liveEndpoint(options, services),
  openApiEndpoint(),
]
