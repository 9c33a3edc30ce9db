// Holds: capacity kept while a customer checks out. What the shell and other features may use of it.
export { releaseHoldBody } from './holds-endpoints.js'
export { holdDetailsFor } from './hold-details.js'
export { ownHoldOf } from './own-hold.js'
export { holdsSlice } from './slice.js'
export { startHolds } from './start-holds.js'
