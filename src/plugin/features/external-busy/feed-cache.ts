import type { Payload } from 'payload'

import type { ExternalInterval } from './calendar-intervals.js'

import { FEEDS_COLLECTION } from './feeds-collection.js'

/** What the feeds collection holds of a feed, as the cache reads it. */
interface FeedDoc {
  intervals?: unknown
  resource: unknown
}

const resourceKey = (value: unknown): string =>
  String(typeof value === 'object' && value !== null ? (value as { id: unknown }).id : value)

const asIntervals = (value: unknown): ExternalInterval[] =>
  Array.isArray(value) ? value.filter((interval): interval is ExternalInterval => typeof interval?.start === 'number' && typeof interval?.end === 'number') : []

/**
 * The synced busy time of every resource's feeds, in memory, so that availability and booking
 * never wait on a remote server or read a feed per request. Reloaded after each sync of this
 * process and on its timer, which picks up another process's syncs.
 */
export class FeedCache {
  private byResource = new Map<string, ExternalInterval[]>()

  constructor(private readonly payload: Payload) {}

  async reload(): Promise<void> {
    const { docs } = await this.payload.db.find<FeedDoc>({ collection: FEEDS_COLLECTION, limit: 0, pagination: false })
    const next = new Map<string, ExternalInterval[]>()
    for (const doc of docs) {
      const key = resourceKey(doc.resource)
      next.set(key, [...(next.get(key) ?? []), ...asIntervals(doc.intervals)])
    }
    this.byResource = new Map([...next].map(([key, intervals]) => [key, intervals.sort((a, b) => a.start - b.start)]))
  }

  /** The resource's feed intervals overlapping `[from, to)`. */
  within(resourceId: string, from: number, to: number): ExternalInterval[] {
    return (this.byResource.get(resourceId) ?? []).filter((interval) => interval.start < to && from < interval.end)
  }
}
