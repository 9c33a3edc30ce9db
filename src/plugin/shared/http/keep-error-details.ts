import type { AfterErrorHook, Endpoint } from 'payload'

interface ErrorEntry {
  data?: unknown
  message?: unknown
  name?: unknown
}

/**
 * Payload answers an APIError (a ValidationError, the ledger's refusals) with its `data`, the
 * fields refused and why (`data.errors[].path`, `message`), only when `error instanceof
 * APIError` holds for its own class. A Next production build may bundle a second copy of
 * Payload's error classes beside the one its route handler checks against; every refusal then
 * loses `data` and `name`, and a 400 says "The following field is invalid: startTime" without
 * saying why. On the plugin's routes (its collections, its endpoints), this puts them back
 * where Payload built the body from the error's own message alone, as it does for a public error.
 */
export const keepErrorDetails = ({ apiRoute, collections, endpoints }: { apiRoute: string; collections: readonly string[]; endpoints: readonly Endpoint[] }): AfterErrorHook => {
  const prefixes = [...new Set(endpoints.map(({ path }) => `${apiRoute}/${path.split('/').filter(Boolean)[0] ?? ''}`))]
  const ownRoute = (pathname: string | undefined) => prefixes.some((prefix) => pathname === prefix || pathname?.startsWith(`${prefix}/`))
  const owned = new Set(collections)
  return ({ collection, error, req, result }) => {
    const { data, message, name } = error as ErrorEntry
    const entries = (result as { errors?: ErrorEntry[] } | undefined)?.errors
    if (!data || typeof data !== 'object' || typeof message !== 'string' || entries?.length !== 1 || entries[0].data !== undefined || entries[0].message !== message) {
      return
    }
    if (collection ? !owned.has(collection.slug) : !ownRoute(req.pathname)) {
      return
    }
    return { response: { ...result, errors: [{ data: data as Record<string, unknown>, message, name: typeof name === 'string' ? name : undefined }] } }
  }
}
