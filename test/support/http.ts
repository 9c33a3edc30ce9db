import type { Payload } from 'payload'

import { restRequest } from '../helpers/payload.js'

/** A response as a test reads it: the status and the parsed body (text when not JSON). */
export interface JsonResponse {
  /** Loosely typed: tests compare it against exact expected values. */
  body: any
  status: number
}

const read = async (response: Response): Promise<JsonResponse> => {
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: the test sees the text.
  }
  return { body, status: response.status }
}

const authorization = (token?: string): Record<string, string> => (token ? { Authorization: `JWT ${token}` } : {})

/** `path?params`, leaving out undefined values. */
export const withQuery = (path: string, params: Record<string, number | string | undefined>): string => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) {
      search.set(key, String(value))
    }
  }
  const text = search.toString()
  return text === '' ? path : `${path}?${text}`
}

export const getJson = async (payload: Payload, path: string, token?: string): Promise<JsonResponse> =>
  read(await restRequest(payload, path, { headers: authorization(token) }))

/** POSTs `body` as JSON, or as given when it is already a string (for malformed bodies). */
export const postJson = async (
  payload: Payload,
  path: string,
  body: unknown,
  token?: string,
  contentType = 'application/json',
): Promise<JsonResponse> =>
  read(
    await restRequest(payload, path, {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': contentType, ...authorization(token) },
      method: 'POST',
    }),
  )

/** Sends `body`, when given, as JSON with `method` (DELETE, PATCH…). */
export const sendJson = async (payload: Payload, method: string, path: string, body?: unknown, token?: string): Promise<JsonResponse> =>
  read(
    await restRequest(payload, path, {
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { 'Content-Type': 'application/json', ...authorization(token) },
      method,
    }),
  )
