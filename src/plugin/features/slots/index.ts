// Free times: the slot search and the availability views. What the shell and other features may use of it.
export { findSlots } from './find-slots.js'
export { resourceRangeParameters } from './resource-availability-endpoint.js'
export { slotsSlice } from './slice.js'
export { slotQueryParameters } from './slot-query.js'
