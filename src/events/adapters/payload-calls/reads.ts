import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import type { ReadAllOptions } from '../../store.js'
import type { RecordedEvent } from '../../types.js'
import type { EventRow } from '../payload-rows.js'

import { NO_STREAM } from '../../store.js'
import { toRecorded } from '../payload-rows.js'

export type Transaction = Pick<PayloadRequest, 'transactionID'>

/** The events collection, reached through Payload's adapter calls. */
export interface EventsCollection {
  payload: Payload
  slug: CollectionSlug
}

const find = async (
  { payload, slug }: EventsCollection,
  where: Where,
  sort: string,
  limit: number,
  req?: Transaction,
): Promise<EventRow[]> => {
  const { docs } = await payload.db.find<EventRow>({ collection: slug, limit, pagination: false, req, sort, where })
  return docs
}

export const head = async (collection: EventsCollection, stream: string, req?: Transaction): Promise<number> => {
  const [last] = await find(collection, { stream: { equals: stream } }, '-revision', 1, req)
  return last ? last.revision : NO_STREAM
}

export const readAll = async (
  collection: EventsCollection,
  { after, limit, streamPrefix }: ReadAllOptions,
): Promise<RecordedEvent[]> => {
  const page: RecordedEvent[] = []
  let cursor = after
  // Payload's `like` is a case-insensitive "contains": a superset of the prefix match, so
  // rows are filtered here and the next batch fetched until the page is full.
  while (page.length < limit) {
    const wanted = limit - page.length
    const conditions: Where[] = []
    if (cursor !== undefined) {
      conditions.push({ eventId: { greater_than: cursor } })
    }
    if (streamPrefix) {
      conditions.push({ stream: { like: streamPrefix } })
    }
    const rows = await find(collection, { and: conditions }, 'eventId', wanted)
    for (const row of rows) {
      if (!streamPrefix || row.stream.startsWith(streamPrefix)) {
        page.push(toRecorded(row))
      }
    }
    if (rows.length < wanted) {
      break
    }
    cursor = rows[rows.length - 1].eventId
  }
  return page
}

export const readStream = async (
  collection: EventsCollection,
  stream: string,
  fromRevision: number,
  limit = 0,
): Promise<RecordedEvent[]> => {
  const where: Where = { and: [{ stream: { equals: stream } }, { revision: { greater_than_equal: fromRevision } }] }
  return (await find(collection, where, 'revision', limit)).map(toRecorded)
}
