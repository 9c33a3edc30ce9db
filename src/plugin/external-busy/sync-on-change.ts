import type { CollectionAfterChangeHook } from 'payload'

import { findRuntime } from '../runtime.js'
import { feedUrlsOf } from './feed-sync.js'

/**
 * A resource whose calendar feeds changed is synced at once, in the background, not at the next
 * refresh: as soon as its save has committed (`FeedSync.runWhenCommitted`).
 */
export const syncFeedsOnChange: CollectionAfterChangeHook = ({ doc, previousDoc, req }) => {
  const urls = feedUrlsOf(doc)
  if (urls !== feedUrlsOf(previousDoc)) {
    void findRuntime(req.payload)
      ?.feedSync.runWhenCommitted(String(doc.id), urls)
      .catch((error: unknown) => req.payload.logger.error({ err: error, msg: 'payload-reserve-ledger: calendar feed sync failed' }))
  }
  return doc
}
