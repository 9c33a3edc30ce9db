import type { SliceOf } from '../../slice.js'

import { liveEndpoint } from './live-endpoint.js'

/** The live calendar's event stream. */
export const liveSlice: SliceOf = (options, services) => ({ endpoints: [liveEndpoint(options, services)] })
