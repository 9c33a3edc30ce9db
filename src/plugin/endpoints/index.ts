import type { Endpoint } from 'payload'

import type { ResolvedOptions } from '../options.js'
import type { ReserveRuntime, Services } from '../services.js'

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
 * "HTTP API (`src/plugin/endpoints`, `src/plugin/http`)"). Each is given the running ledger's
 * services it uses.
 */
export const reserveEndpoints = (options: Pick<ResolvedOptions, 'access' | 'adminGroup' | 'allowGuestBooking' | 'bookingWindow' | 'cancelledStatus' | 'components' | 'confirmedStatus' | 'debug' | 'defaultBufferTime' | 'disabled' | 'enforceActive' | 'feeds' | 'getExternalBusy' | 'holdMinutes' | 'hooks' | 'maxFlexibleDuration' | 'multiTenant' | 'resourceOwnerMode' | 'roles' | 'slotInterval' | 'slugs' | 'staffCollection' | 'staffProvisioning' | 'statusMachine' | 'timezone' | 'userCollection'>, services: Services<ReserveRuntime>): Endpoint[] => [
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
