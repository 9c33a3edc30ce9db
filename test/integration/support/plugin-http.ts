import type { Payload } from 'payload'

import { restRequest } from '../../helpers/payload.js'

/** A JSON response of Payload's REST handler. */
export interface HttpResult {
  // Tests assert on the body's shape; `any` keeps those assertions readable.
  body: any
  status: number
}

/** One JSON request through Payload's REST handler, signed in with `token` when given. */
export const http = async (
  payload: Payload,
  path: string,
  { body, method = 'GET', token }: { body?: unknown; method?: string; token?: string } = {},
): Promise<HttpResult> => {
  const response = await restRequest(payload, path, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
    method,
  })
  const text = await response.text()
  return { body: text === '' ? null : JSON.parse(text), status: response.status }
}

/** The field paths named by a Payload error body `{ errors: [{ data: { errors: [{ path }] } }] }`. */
export const errorPaths = (body: unknown): string[] =>
  ((body as { errors?: Array<{ data?: { errors?: Array<{ path?: string }> } }> } | null)?.errors ?? []).flatMap(
    (error) => (error.data?.errors ?? []).map(({ path }) => String(path)),
  )

/** A weekly schedule open around the clock on every day. */
export const ALWAYS_OPEN = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
  day,
  endTime: '24:00',
  startTime: '00:00',
}))
