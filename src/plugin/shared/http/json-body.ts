import type { PayloadRequest } from 'payload'

import { MESSAGES } from '../../../contract/messages.js'
import type { RequestError } from './request-error.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Largest body a booking or cancel could need, by far; larger ones are refused unread (413). */
export const MAX_BODY_BYTES = 100_000
/** Deepest nesting a booking uses is 3 (items → item → field); 16 leaves room and no stack risk. */
export const MAX_BODY_DEPTH = 16

/** Nesting depth of JSON text, counted without parsing: brackets outside strings. */
export const jsonDepth = (text: string): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') {
        i++
      } else if (c === '"') {
        inString = false
      }
    } else if (c === '"') {
      inString = true
    } else if (c === '{' || c === '[') {
      deepest = Math.max(deepest, ++depth)
    } else if (c === '}' || c === ']') {
      depth--
    }
  }
  return deepest
}

/** Whether any text in a parsed JSON value holds a NUL character (keys included); iterative. */
const holdsNul = (root: unknown): boolean => {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        return true
      }
    } else if (Array.isArray(value)) {
      pending.push(...value)
    } else if (isObject(value)) {
      for (const [key, entry] of Object.entries(value)) {
        if (key.includes('\u0000')) {
          return true
        }
        pending.push(entry)
      }
    }
  }
  return false
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
 * refusals in its own body shape; `status` 400, or 413 for a body over `MAX_BODY_BYTES`).
 * Payload leaves custom endpoints' bodies unread. The content type is not checked: what counts
 * is whether the text parses. An empty body reads as `{}`, so that the endpoint can name the
 * field that is missing. Nesting deeper than `MAX_BODY_DEPTH` is refused before parsing (code
 * walking such a value recursively would overflow its stack). Text holding a NUL character is
 * refused here: PostgreSQL cannot store it, and nothing a booking says needs it.
 */
export const readJsonObject = async (
  req: PayloadRequest,
  refuse: (text: string, status?: number) => RequestError,
): Promise<Record<string, unknown>> => {
  let body: unknown = req.data
  if (body === undefined) {
    const text = typeof req.text === 'function' ? await req.text() : ''
    if (text.length > MAX_BODY_BYTES) {
      throw refuse(MESSAGES.bodyTooLarge, 413)
    }
    if (jsonDepth(text) > MAX_BODY_DEPTH) {
      throw refuse(MESSAGES.bodyTooDeep)
    }
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
