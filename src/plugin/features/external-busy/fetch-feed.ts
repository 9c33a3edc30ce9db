import { checkFeedTarget } from '../../shared/outbound-url.js'

const TIMEOUT_MS = 15_000
const MAX_BYTES = 5_000_000
const MAX_REDIRECTS = 3

export type FeedResponse = { body: string; etag: null | string; status: 'changed' } | { status: 'unchanged' }

/** The body as text, refusing one larger than MAX_BYTES. */
const readLimited = async (response: Response): Promise<string> => {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > MAX_BYTES) {
    throw new Error(`the feed is larger than ${MAX_BYTES} bytes`)
  }
  const body = await response.text()
  if (body.length > MAX_BYTES) {
    throw new Error(`the feed is larger than ${MAX_BYTES} bytes`)
  }
  return body
}

/**
 * Fetches an iCalendar feed, sending the ETag of the last copy (`If-None-Match`) so that an
 * unchanged feed costs no transfer. Redirects are followed by hand, each target checked like
 * the first; anything but 200 or 304 is an error.
 */
export const fetchFeed = async (url: URL, etag: null | string, allowPrivateNetworks: boolean): Promise<FeedResponse> => {
  let target = url
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await checkFeedTarget(target, allowPrivateNetworks)
    const response = await fetch(target, {
      headers: { Accept: 'text/calendar', ...(etag ? { 'If-None-Match': etag } : {}) },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
      await response.body?.cancel()
      target = new URL(location, target)
      continue
    }
    if (response.status === 304) {
      return { status: 'unchanged' }
    }
    if (response.status !== 200) {
      await response.body?.cancel()
      throw new Error(`the feed answered ${response.status}`)
    }
    return { body: await readLimited(response), etag: response.headers.get('etag'), status: 'changed' }
  }
  throw new Error(`the feed redirected more than ${MAX_REDIRECTS} times`)
}
