import type { SliceOf } from '../../slice.js'

import { asOfEndpoint } from './as-of-endpoint.js'
import { historyEndpoint } from './history-endpoint.js'

/** The audit trail read back: a reservation's history, and the calendar as it was at an instant. */
export const auditSlice: SliceOf = (options, services) => ({
  endpoints: [historyEndpoint(options, services), asOfEndpoint(options, services)],
})
