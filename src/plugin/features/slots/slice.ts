import type { SliceOf } from '../../slice.js'

import { availabilityEndpoint } from './availability-endpoint.js'
import { resourceAvailabilityEndpoint } from './resource-availability-endpoint.js'
import { slotsEndpoint } from './slots-endpoint.js'

/** Free times: the slot search and the availability views over it. */
export const slotsSlice: SliceOf = (options, services) => ({
  endpoints: [availabilityEndpoint(options, services), slotsEndpoint(options, services), resourceAvailabilityEndpoint(options, services)],
})
