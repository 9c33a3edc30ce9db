/**
 * The typed API client of the plugin's endpoints, for the browser, React Server Components and
 * Node: `payload-reserve-ledger/api-client`. It loads no zod and no Payload, only `fetch`.
 */
export { createReserveClient, type ReserveClientOptions } from '../api-client/create-reserve-client.js'
export type { CallOptions, EndpointCall, EndpointInput, RefusalStatus, ReserveClient, ReserveResult, SuccessStatus } from '../api-client/endpoint-types.js'
export { orThrow } from '../api-client/or-throw.js'
export { ReserveApiError } from '../api-client/reserve-api-error.js'
export { ENDPOINTS, type EndpointName } from '../contract/endpoints.js'
