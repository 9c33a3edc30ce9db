// The OpenAPI description of the endpoints. What the shell and other features may use of it.
export { openApiSlice } from './slice.js'
