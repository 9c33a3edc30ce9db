import type { PayloadRequest } from 'payload'

import { MESSAGES } from './messages.js'
import type { RequestError } from './request-error.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether any text in a parsed JSON value holds a NUL character (keys included). */
const holdsNul = (value: unknown): boolean => {
  if (typeof value === 'string') {
    return value.includes('\u0000')
  }
  if (Array.isArray(value)) {
    return value.some(holdsNul)
  }
  return isObject(value) && Object.entries(value).some(([key, entry]) => key.includes('\u0000') || holdsNul(entry))
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The request body as a JSON object, or a refusal made by `refuse` (each endpoint words its
 * refusals in its own body shape). Payload leaves custom endpoints' bodies unread. The content
 * type is not checked: what counts is whether the text parses. An empty body reads as `{}`, so
 * that the endpoint can name the field that is missing. Text holding a NUL character is refused
 * here: PostgreSQL cannot store it, and nothing a booking says needs it.
 */
export const readJsonObject = async (
  req: PayloadRequest,
  refuse: (text: string) => RequestError,
): Promise<Record<string, unknown>> => {
  let body: unknown = req.data
  if (body === undefined) {
    const text = typeof req.text === 'function' ? await req.text() : ''
    body = text.trim() === '' ? {} : parse(text)
  }
  if (!isObject(body)) {
    throw refuse(MESSAGES.bodyNotObject)
  }
  if (holdsNul(body)) {
    throw refuse(MESSAGES.nulCharacter)
  }
  return body
}
