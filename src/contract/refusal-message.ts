import type { RefusalBody } from './http.js'

/** Whether `body` is one of the contract's refusal bodies (`{ error }`, `{ message }`, Payload's `{ errors }`). */
const isRefusal = (body: unknown): body is RefusalBody =>
  typeof body === 'object' &&
  body !== null &&
  (typeof (body as { error?: unknown }).error === 'string' ||
    typeof (body as { message?: unknown }).message === 'string' ||
    Array.isArray((body as { errors?: unknown }).errors))

/**
 * The message a refusal carries, in whichever of the contract's three shapes it came; `fallback`
 * (the status text, say) for any other body. Of Payload's validation error, the first field's
 * message (why, e.g. the notice period), not its heading ("The following field is invalid: …").
 * The one reader of refusals, for every client.
 */
export const refusalMessage = (body: unknown, fallback: string): string => {
  if (!isRefusal(body)) {
    return fallback
  }
  if ('errors' in body) {
    const [first] = body.errors
    return first?.data?.errors?.[0]?.message ?? first?.message ?? fallback
  }
  return 'message' in body ? body.message : body.error
}
