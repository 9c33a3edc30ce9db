import type {
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  CurrentRevision,
  RecordedEvent as EsdbRecordedEvent,
  Filter,
  JSONEventData,
  NO_STREAM as NoStream,
  Position,
  WrongExpectedVersionError,
} from '@eventstore/db-client'

import type { NewEvent, RecordedEvent, StoredEvent } from '../types.js'

import { NO_STREAM, WrongExpectedRevisionError } from '../store.js'

/** `@eventstore/db-client`, an optional peer dependency loaded when the store is created. */
export type EventStoreDBClientModule = typeof import('@eventstore/db-client')

/**
 * Pure translations between the EventStore port and `@eventstore/db-client`.
 *
 * Positions: every event appended over gRPC is self-committed (an implicit transaction), so
 * its commit position is its own log position: unique per event and increasing in commit
 * order, on stream reads and on `$all` reads alike. The port's position is that commit
 * position as 20 decimal digits (2^64 − 1 has 20), so that string order is commit order.
 */

/** The client's `NO_STREAM`, typed by it, so that the pure translations below need no client loaded. */
const ESDB_NO_STREAM: typeof NoStream = 'no_stream'

const KURRENTDB_SCHEME = /^kurrentdb(\+discover)?:\/\//i

/** KurrentDB's URI schemes name the same options as `esdb://`, the only ones this client (6.x) parses. */
export const toClientConnectionString = (uri: string): string => uri.replace(KURRENTDB_SCHEME, 'esdb$1://')

const POSITION_DIGITS = 20
const MAX_POSITION = 2n ** 64n - 1n
const POSITION = /^\d{20}$/

export const encodePosition = (commit: bigint): string => {
  if (commit < 0n || commit > MAX_POSITION) {
    throw new RangeError(`Not an EventStoreDB commit position: ${commit}`)
  }
  return commit.toString(10).padStart(POSITION_DIGITS, '0')
}

/** The `$all` read position of an event at `position` (reads from it are inclusive). */
export const decodePosition = (position: string): Position => {
  if (!POSITION.test(position)) {
    throw new Error(`Not a position of the eventstoredb event store: ${position}`)
  }
  const commit = BigInt(position)
  return { commit, prepare: commit }
}

export const toExpectedRevision = (revision: number): AppendExpectedRevision => {
  if (revision === NO_STREAM) {
    return ESDB_NO_STREAM
  }
  if (!Number.isSafeInteger(revision) || revision < 0) {
    throw new RangeError(`Not an expected revision: ${revision}`)
  }
  return BigInt(revision)
}

export const toPortRevision = (revision: CurrentRevision): number =>
  revision === ESDB_NO_STREAM ? NO_STREAM : Number(revision)

/** The port's conflict error for the client's, keeping the caller's own expected revision. */
export const toConflictError = (
  error: WrongExpectedVersionError,
  stream: string,
  expectedRevision: number,
): WrongExpectedRevisionError => new WrongExpectedRevisionError(stream, expectedRevision, toPortRevision(error.actualVersion))

/**
 * Failures worth retrying: the node was unreachable, restarting or not the leader, or the call
 * was cancelled by a reconnection (the client reconnects by itself on all of these), or the
 * operation timed out, on the client's deadline or on the server's own. Such a failure is
 * ambiguous for an append: it may have been written.
 */
export const isTransientError = (esdb: EventStoreDBClientModule, error: unknown): boolean =>
  error instanceof esdb.UnavailableError ||
  error instanceof esdb.CancelledError ||
  error instanceof esdb.NotLeaderError ||
  error instanceof esdb.DeadlineExceededError ||
  error instanceof esdb.TimeoutError

/** Streams whose names start with `$` are EventStoreDB's own (metadata, statistics, projections). */
export const isSystemStream = (stream: string): boolean => stream.startsWith('$')

/**
 * Copies, so that every attempt of a retried append proposes the same events even if the
 * caller changes its objects meanwhile (spread: the client wants index-signature types).
 */
export const toEventData = (event: NewEvent<StoredEvent>, id: string): JSONEventData => ({
  contentType: 'application/json',
  data: { ...structuredClone(event.data) },
  id,
  metadata: { ...structuredClone(event.metadata) },
  type: event.type,
})

export const toRecordedEvent = (event: EsdbRecordedEvent): RecordedEvent => {
  if (!event.position) {
    throw new Error(
      `EventStoreDB reported no position for ${event.streamId}@${event.revision}: the server must be 22.6 or later`,
    )
  }
  // The ledger wrote these as JSON of its own event types; the client types them only as JSON.
  const { data, metadata }: { data: unknown; metadata: unknown } = event
  return {
    data,
    eventId: event.id,
    metadata,
    position: encodePosition(event.position.commit),
    recordedAt: event.created.toISOString(),
    revision: Number(event.revision),
    stream: event.streamId,
    type: event.type,
  } as RecordedEvent
}

/** The server-side filter of a `$all` subscription: the streams under the prefix, else every stream but the system's. */
export const toSubscriptionFilter = (esdb: EventStoreDBClientModule, streamPrefix: string | undefined): Filter =>
  streamPrefix ? esdb.streamNameFilter({ prefixes: [streamPrefix] }) : esdb.streamNameFilter({ regex: '^[^$]' })

/**
 * The port's event for what a `$all` subscription delivered, or none: the client passes on no
 * checkpoints, but a message may carry no event; system streams and streams outside the prefix
 * are checked again here, so that the port's literal prefix match does not rest on the server's;
 * and an event at or before `after` is one a resubscription from that position delivered again.
 */
export const toSubscribedEvent = (
  resolved: AllStreamResolvedEvent,
  after: string | undefined,
  streamPrefix: string | undefined,
): RecordedEvent | undefined => {
  const { event } = resolved
  if (!event || isSystemStream(event.streamId) || (streamPrefix && !event.streamId.startsWith(streamPrefix))) {
    return undefined
  }
  const recorded = toRecordedEvent(event)
  return after !== undefined && recorded.position <= after ? undefined : recorded
}
