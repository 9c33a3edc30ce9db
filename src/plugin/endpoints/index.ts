import type { Endpoint } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { asOfEndpoint } from './as-of.js'
import { availabilityEndpoint } from './availability.js'
import { bookEndpoint } from './book.js'
import { cancelEndpoint } from './cancel.js'
import { customerSearchEndpoint } from './customer-search.js'
import { feedEndpoint } from './feed.js'
import { historyEndpoint } from './history.js'
import { placeHoldEndpoint, releaseHoldEndpoint } from './holds.js'
import { liveEndpoint } from './live.js'
import { openApiEndpoint } from './openapi.js'
import { resourceAvailabilityEndpoint } from './resource-availability.js'
import { seriesPreviewEndpoint } from './series-preview.js'
import { slotsEndpoint } from './slots.js'
import { joinWaitlistEndpoint, leaveWaitlistEndpoint, listWaitlistEndpoint, offerWaitlistEndpoint } from './waitlist.js'

/**
 * The plugin's root endpoints, served under the host's API route (see docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/endpoints`, `src/plugin/http`)").
 */
export const reserveEndpoints = (options: ResolvedOptions): Endpoint[] => [
  availabilityEndpoint(options),
  slotsEndpoint(options),
  resourceAvailabilityEndpoint(options),
  bookEndpoint(options),
  seriesPreviewEndpoint(options),
  placeHoldEndpoint(options),
  releaseHoldEndpoint(options),
  joinWaitlistEndpoint(options),
  leaveWaitlistEndpoint(options),
  listWaitlistEndpoint(options),
  offerWaitlistEndpoint(options),
  cancelEndpoint(options),
  customerSearchEndpoint(options),
  historyEndpoint(options),
  feedEndpoint(options),
  asOfEndpoint(options),
  liveEndpoint(options),
  openApiEndpoint(),
]
