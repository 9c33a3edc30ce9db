import type { CollectionSlug, Payload } from 'payload'

import type { ResolvedOptions } from '../../options.js'
import type { FeedCache } from './feed-cache.js'

import { calendarIntervals } from './calendar-intervals.js'
import { fetchFeed } from './fetch-feed.js'
import { feedUrl } from '../../shared/outbound-url.js'
import { FEEDS_COLLECTION, STALE_AFTER_FAILURES } from './feeds-collection.js'

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** How long a changed resource's sync waits for its save to commit, and how often it looks. */
const COMMIT_WAIT_MS = 30_000
const COMMIT_POLL_MS = 50

/** The addresses of a resource's calendar feeds, as one comparable text. */
export const feedUrlsOf = (resource: unknown): string =>
  JSON.stringify(((resource as { calendarFeeds?: { url?: unknown }[] } | null | undefined)?.calendarFeeds ?? []).map(({ url }) => url))

interface FeedState {
  etag?: null | string
  failures?: null | number
  id: number | string
  lastAttemptAt?: null | string
  resource: unknown
  url: string
}

/** A resource as its feeds are read from it. */
interface FeedResource {
  calendarFeeds?: { url?: unknown }[]
  id: unknown
  timezone?: unknown
}

interface FeedTarget {
  resource: number | string
  timeZone: string
  url: string
}

const keyOf = (resource: unknown, url: string) =>
  `${String(typeof resource === 'object' && resource !== null ? (resource as { id: unknown }).id : resource)} ${url}`

/**
 * Keeps the feeds collection in step with the calendar feeds resources name: fetches each feed
 * in the background (ETag first), expands its busy time over the horizon, and records the
 * outcome; a failure keeps the last good intervals and counts towards the stale marker. A feed
 * another process attempted within the refresh interval is left to it.
 */
export class FeedSync {
  private running: null | Promise<void> = null
  private stopped = false
  private readonly waits = new Set<Promise<void>>()

  constructor(
    private readonly payload: Payload,
    private readonly options: Pick<ResolvedOptions, 'calendarFeeds' | 'slugs' | 'timezone'>,
    private readonly cache: FeedCache,
  ) {}

  private get collection(): CollectionSlug {
    return FEEDS_COLLECTION
  }

  /**
   * One pass over every feed. Concurrent callers share the pass in progress; with `force` (a
   * resource whose feeds just changed) a pass follows it that syncs that resource's feeds
   * whatever their last attempt.
   */
  run(force?: string): Promise<void> {
    if (this.running && force === undefined) {
      return this.running
    }
    const pass: Promise<void> = (this.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.pass(force))
      .finally(() => {
        if (this.running === pass) {
          this.running = null
        }
      })
    this.running = pass
    return pass
  }

  /**
   * Syncs a resource whose feeds a save changed to `urls` (`feedUrlsOf`), once that save has
   * committed. Payload's afterChange runs inside the request's transaction on PostgreSQL, and a
   * pass reads on its own connection: it would not see the new feeds yet. So this reads the
   * resource on its own connection until it shows them; a save rolled back never does, and the
   * wait ends after COMMIT_WAIT_MS (the periodic refresh is the backstop).
   */
  runWhenCommitted(resource: string, urls: string): Promise<void> {
    const wait = this.awaitCommit(resource, urls).then((committed) => (committed ? this.run(resource) : undefined))
    this.waits.add(wait)
    return wait.finally(() => this.waits.delete(wait))
  }

  private async awaitCommit(resource: string, urls: string): Promise<boolean> {
    const collection = this.options.slugs.resources
    for (const until = Date.now() + COMMIT_WAIT_MS; !this.stopped && Date.now() < until; ) {
      if (feedUrlsOf(await this.payload.db.findOne({ collection, where: { id: { equals: resource } } })) === urls) {
        return true
      }
      await new Promise((resolve) => setTimeout(resolve, COMMIT_POLL_MS))
    }
    return false
  }

  /** Ends the waits for commits and waits for the pass in progress, if any. */
  async stop(): Promise<void> {
    this.stopped = true
    await Promise.all([...this.waits].map((wait) => wait.catch(() => undefined)))
    await this.running?.catch(() => undefined)
  }

  private async pass(force?: string): Promise<void> {
    const targets = await this.targets()
    const { docs } = await this.payload.db.find<FeedState>({ collection: this.collection, limit: 0, pagination: false })
    const states = new Map(docs.map((doc) => [keyOf(doc.resource, doc.url), doc]))
    const refreshMs = this.options.calendarFeeds.refreshMinutes * MINUTE_MS
    for (const target of targets) {
      const state = states.get(keyOf(target.resource, target.url))
      const attempted = state?.lastAttemptAt ? Date.parse(state.lastAttemptAt) : 0
      if (String(target.resource) === force || Date.now() - attempted >= refreshMs * 0.9) {
        await this.sync(target, state)
      }
    }
    const wanted = new Set(targets.map((target) => keyOf(target.resource, target.url)))
    const dropped = [...states.entries()].filter(([key]) => !wanted.has(key)).map(([, state]) => state.id)
    if (dropped.length > 0) {
      await this.payload.db.deleteMany({ collection: this.collection, where: { id: { in: dropped } } })
    }
    await this.cache.reload()
  }

  /** Every feed of every resource, with the zone its floating and all-day times are read in. */
  private async targets(): Promise<FeedTarget[]> {
    const { docs } = await this.payload.db.find<FeedResource>({ collection: this.options.slugs.resources, limit: 0, pagination: false })
    return docs.flatMap((resource) =>
      (resource.calendarFeeds ?? [])
        .filter((feed): feed is { url: string } => typeof feed.url === 'string' && feed.url !== '')
        .map((feed) => ({
          resource: resource.id as number | string,
          timeZone: typeof resource.timezone === 'string' && resource.timezone !== '' ? resource.timezone : this.options.timezone,
          url: feed.url,
        })),
    )
  }

  private async sync(target: FeedTarget, state: FeedState | undefined): Promise<void> {
    const now = Date.now()
    const attempt = { lastAttemptAt: new Date(now).toISOString() }
    let data: Record<string, unknown>
    try {
      const url = feedUrl(target.url)
      if (!url) {
        throw new Error('not an http(s) or webcal address')
      }
      const answer = await fetchFeed(url, state?.etag ?? null, this.options.calendarFeeds.allowPrivateNetworks)
      const fresh = { ...attempt, failures: 0, lastError: null, lastSyncedAt: attempt.lastAttemptAt, stale: false }
      data =
        answer.status === 'unchanged'
          ? fresh
          : {
              ...fresh,
              etag: answer.etag,
              intervals: calendarIntervals(answer.body, now - DAY_MS, now + this.options.calendarFeeds.horizonDays * DAY_MS, target.timeZone),
            }
    } catch (error) {
      const failures = (state?.failures ?? 0) + 1
      const message = error instanceof Error ? error.message : String(error)
      data = { ...attempt, failures, lastError: message.slice(0, 500), stale: failures >= STALE_AFTER_FAILURES }
      this.payload.logger.warn({ msg: `payload-reserve-ledger: calendar feed ${target.url} of resource ${target.resource} failed: ${message}` })
    }
    if (state) {
      await this.payload.db.updateOne({ collection: this.collection, data, id: state.id, returning: false })
    } else {
      await this.payload.db.create({ collection: this.collection, data: { ...data, resource: target.resource, url: target.url } })
    }
  }
}
