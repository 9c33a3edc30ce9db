// A reservation's history and the calendar as it was at an instant. What the shell and other features may use of it.
export { asOfParameters } from './as-of-endpoint.js'
export { auditSlice } from './slice.js'
