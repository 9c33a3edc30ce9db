// The waitlist: joining, offering freed time, leaving. What the shell and other features may use of it.
export { WAITLIST_COLLECTION } from './waitlist-collections.js'
export { WaitlistOffers } from './waitlist-offers.js'
export { waitlistSlice } from './slice.js'
