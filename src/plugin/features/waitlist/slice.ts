import type { SliceOf } from '../../slice.js'

import { waitlistCollection, waitlistNoticesCollection } from './waitlist-collections.js'
import { joinWaitlistEndpoint, leaveWaitlistEndpoint, listWaitlistEndpoint, offerWaitlistEndpoint } from './waitlist-endpoints.js'

/** The waitlist: entries projected from their streams, the notices of offers, and joining, leaving and offering. */
export const waitlistSlice: SliceOf = (options, services) => ({
  collections: [waitlistCollection(), waitlistNoticesCollection()],
  endpoints: [joinWaitlistEndpoint(options, services), leaveWaitlistEndpoint(options, services), listWaitlistEndpoint(options, services), offerWaitlistEndpoint(options, services)],
})
