import type { SliceOf } from '../../slice.js'

import { holdsCollection } from './holds-collection.js'
import { placeHoldEndpoint, releaseHoldEndpoint } from './holds-endpoints.js'

/** Holds: capacity kept for a customer while they check out, as a collection projected from the ledger. */
export const holdsSlice: SliceOf = (options, services) => ({
  collections: [holdsCollection()],
  endpoints: [placeHoldEndpoint(options, services), releaseHoldEndpoint(options, services)],
})
