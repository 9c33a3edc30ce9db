import type { CallOptions, ReserveClient } from './endpoint-types.js'

import { ENDPOINTS, type Endpoint, type EndpointName } from '../contract/endpoints.js'
import { refusalMessage } from '../contract/refusal-message.js'
import { requestUrl } from './request-url.js'
import { ReserveApiError } from './reserve-api-error.js'

export interface ReserveClientOptions {
  /** The host's API route as a URL, e.g. `https://example.com/api` (no trailing slash). */
  baseUrl: string
  /** Sent with every call: `include` for the browser's session cookie across origins. */
  credentials?: RequestCredentials
  /** Default: the global `fetch`. */
  fetch?: typeof fetch
  /** Sent with every call, e.g. `Authorization: JWT <token>` or the `Cookie` of the request being served. */
  headers?: Record<string, string>
}

interface Input {
  body?: unknown
  params?: Record<string, string>
  query?: Record<string, boolean | null | number | string | undefined>
}

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => null)

/** A success's data, as the endpoint's media type says it is read. */
const readData = (response: Response, { mediaType }: Endpoint): Promise<unknown> => {
  if (mediaType === 'text/event-stream') {
    return Promise.resolve(response)
  }
  if (response.status === 304) {
    return Promise.resolve(undefined)
  }
  return mediaType ? response.text() : readJson(response)
}

/**
 * A typed client of the plugin's endpoints: one function per endpoint of the contract, named as
 * its OpenAPI operationId (`getSlots`, `book`, `releaseHold`, …). Each resolves to a result:
 * `{ ok: true, status, data }` for a success, `{ ok: false, status, message, body }` for a
 * refusal the contract declares, typed by status (`message` read from whichever of the three
 * refusal bodies came). Any other answer (a 500, a proxy's 502) rejects with a
 * `ReserveApiError`, as does a network failure or an abort with fetch's own error; `orThrow`
 * turns a refusal into a `ReserveApiError` too.
 *
 * Needs nothing but `fetch`: in the browser pass `credentials: 'include'` for the session cookie;
 * in a React Server Component or in Node pass the session as `headers` (`Authorization` or
 * `Cookie`).
 */
export const createReserveClient = ({ baseUrl, credentials, fetch: send = globalThis.fetch, headers = {} }: ReserveClientOptions): ReserveClient => {
  const call = async (name: EndpointName, { body, params, query }: Input = {}, options: CallOptions = {}) => {
    const endpoint: Endpoint = ENDPOINTS[name]
    const response = await send(requestUrl(baseUrl, endpoint.path, params, query), {
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers },
      method: endpoint.method,
      signal: options.signal,
    })
    const { status } = response
    if (endpoint.statuses.includes(status) && status < 400) {
      return { data: await readData(response, endpoint), ok: true, status }
    }
    const refused = await readJson(response)
    const message = refusalMessage(refused, response.statusText)
    if (!endpoint.statuses.includes(status)) {
      throw new ReserveApiError(status, message, refused)
    }
    return { body: refused, message, ok: false, status }
  }
  const client: Record<string, unknown> = {}
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    client[name] = (input?: Input, options?: CallOptions) => call(name, input, options)
  }
  return client as ReserveClient
}
