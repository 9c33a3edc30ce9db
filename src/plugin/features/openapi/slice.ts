import type { SliceOf } from '../../slice.js'

import { openApiEndpoint } from './openapi-endpoint.js'

/** The OpenAPI description of the plugin's endpoints. */
export const openApiSlice: SliceOf = () => ({ endpoints: [openApiEndpoint()] })
