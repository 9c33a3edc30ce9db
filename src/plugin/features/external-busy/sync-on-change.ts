import type { CollectionAfterChangeHook } from 'payload'

import type { ReserveRuntime, Services } from '../../services.js'

import { feedUrlsOf } from './feed-sync.js'

/**
 * A resource whose calendar feeds changed is synced at once, in the background, not at the next
 * refresh: as soon as its save has committed (`FeedSync.runWhenCommitted`). Where the ledger
 * does not run, there is no sync to start.
 */
export const syncFeedsOnChange =
  (services: Services<Pick<ReserveRuntime, 'feedSync'>>): CollectionAfterChangeHook =>
  ({ doc, previousDoc, req }) => {
    const urls = feedUrlsOf(doc)
    if (urls !== feedUrlsOf(previousDoc)) {
      void services
        .find(req.payload)
        ?.feedSync.runWhenCommitted(String(doc.id), urls)
        .catch((error: unknown) => req.payload.logger.error({ err: error, msg: 'payload-reserve-ledger: calendar feed sync failed' }))
    }
    return doc
  }
