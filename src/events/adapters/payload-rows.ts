import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult, ReadAllOptions } from '../store.js'
import type { EventMetadata, NewEvent, RecordedEvent, StoredEvent } from '../types.js'

/** One row of the events collection, keyed by its field names. */
export interface EventRow {
  data: unknown
  eventId: string
  metadata: EventMetadata
  recordedAt: string
  revision: number
  stream: string
  type: string
}

/**
 * How the embedded store reads and writes its collection: Payload's adapter calls, or SQL on a
 * SQL adapter's drizzle instance. The store built on it publishes, rewinds and closes.
 */
export interface EventRows {
  /** As `EventStore.append`, without publishing. */
  append(request: AppendRequest): Promise<AppendResult>
  /** As `EventStore.appendAtomically`, without publishing; only where the database can. */
  appendAtomically?: (requests: AppendRequest[]) => Promise<AppendResult[]>
  /** Revision of the stream's last event, or `NO_STREAM`. */
  head(stream: string): Promise<number>
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>
  readStream(stream: string, fromRevision: number, limit?: number): Promise<RecordedEvent[]>
}

export const toRecorded = (row: EventRow): RecordedEvent =>
  ({
    data: row.data,
    eventId: row.eventId,
    metadata: row.metadata,
    position: row.eventId,
    recordedAt: row.recordedAt,
    revision: row.revision,
    stream: row.stream,
    type: row.type,
  }) as RecordedEvent

// Copies, so that what append returns does not change when the caller reuses its objects.
export const toRow = (event: NewEvent<StoredEvent>, stream: string, revision: number): EventRow => ({
  data: structuredClone(event.data),
  eventId: uuidv7(),
  metadata: structuredClone(event.metadata),
  recordedAt: new Date().toISOString(),
  revision,
  stream,
  type: event.type,
})

/**
 * Indexes of `requests` in stream-name order (requests to one stream keep theirs): the order in
 * which a transaction writes them, as every claimer of several streams does, so concurrent ones
 * cannot deadlock.
 */
export const inStreamOrder = (requests: AppendRequest[]): number[] =>
  requests
    .map((_, index) => index)
    .sort((a, b) => (requests[a].stream < requests[b].stream ? -1 : requests[a].stream > requests[b].stream ? 1 : 0))
