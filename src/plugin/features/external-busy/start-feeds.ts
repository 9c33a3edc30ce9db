import type { Payload } from 'payload'

import type { ResolvedOptions } from '../../options.js'

import { every } from '../../shared/every.js'
import { FeedCache } from './feed-cache.js'
import { FeedSync } from './feed-sync.js'

/**
 * The calendar feeds: their synced busy time loaded now, a sync pass started in the background
 * (boot does not wait on remote servers) and repeated every `refreshMinutes`.
 */
export const startFeeds = async (payload: Payload, options: Pick<ResolvedOptions, 'calendarFeeds' | 'inProcessTimers' | 'slugs' | 'timezone'>) => {
  const feeds = new FeedCache(payload)
  await feeds.reload()
  const feedSync = new FeedSync(payload, options, feeds)
  if (!options.inProcessTimers) {
    return { feedSync, feeds, stopFeeds: () => undefined }
  }
  const report = (error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: calendar feed sync failed' })
  void feedSync.run().catch(report)
  return { feedSync, feeds, stopFeeds: every(true, options.calendarFeeds.refreshMinutes * 60_000, () => feedSync.run().catch(report)) }
}
