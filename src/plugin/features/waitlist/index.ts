// The waitlist: joining, offering freed time, leaving. What the shell and other features may use of it.
export { leaveWaitlistBody, offerWaitlistBody } from './waitlist-endpoints.js'
export { joinWaitlistBody } from './join-request.js'
export { waitlistSlice } from './slice.js'
export { startWaitlist } from './start-waitlist.js'
