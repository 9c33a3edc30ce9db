import type { CollectionAfterChangeHook } from 'payload'

import { findRuntime } from '../runtime.js'

const urlsOf = (doc: unknown): string =>
  JSON.stringify(((doc as { calendarFeeds?: { url?: unknown }[] } | undefined)?.calendarFeeds ?? []).map(({ url }) => url))

/** A resource whose calendar feeds changed is synced at once, in the background, not at the next refresh. */
export const syncFeedsOnChange: CollectionAfterChangeHook = ({ doc, previousDoc, req }) => {
  if (urlsOf(doc) !== urlsOf(previousDoc)) {
    void findRuntime(req.payload)
      ?.feedSync.run(String(doc.id))
      .catch((error: unknown) => req.payload.logger.error({ err: error, msg: 'payload-reserve-ledger: calendar feed sync failed' }))
  }
  return doc
}
