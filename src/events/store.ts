import type { Observable } from 'rxjs'

import type { LedgerEvent, NewEvent, RecordedEvent, StoredEvent } from './types.js'

/** Expected revision of a stream that has no events yet. */
export const NO_STREAM = -1

export interface AppendRequest {
  /** Events of the stream's family: any event the store holds. */
  events: NewEvent<StoredEvent>[]
  /** Revision of the last event the caller read; `NO_STREAM` (-1) for a new stream. */
  expectedRevision: number
  stream: string
}

export interface AppendResult {
  events: RecordedEvent[]
  /** Revision of the last event appended. */
  nextRevision: number
  stream: string
}

export interface ReadAllOptions {
  /** Return only events whose position is greater than this one. */
  after?: string
  limit: number
  /** Return only events of streams whose name starts with this prefix. */
  streamPrefix?: string
}

export interface SubscribeOptions {
  /** Deliver only events whose position is greater than this one. */
  after?: string
  /**
   * Without `after`: deliver only events committed once the subscription is open, none stored
   * before, for following what other processes append rather than replaying the ledger. A
   * subscription that drops before its first event opens at the end again.
   */
  fromEnd?: boolean
  /** Deliver only events of streams whose name starts with this prefix. */
  streamPrefix?: string
}

/**
 * The ledger's storage port. Every adapter (memory, payload, eventstoredb) passes the same
 * contract suite (test/contract/event-store.contract.ts).
 */
export interface EventStore {
  /**
   * Appends to one stream if its head is `expectedRevision`; otherwise throws
   * `WrongExpectedRevisionError` and writes nothing.
   */
  append(request: AppendRequest): Promise<AppendResult>
  /**
   * Appends to several streams all-or-nothing, each with its expected revision. Present only
   * where the store can do it atomically; callers fall back to one stream at a time.
   */
  appendAtomically?: (requests: AppendRequest[]) => Promise<AppendResult[]>
  close(): Promise<void>
  /** Committed events, in commit order per stream, as this process appended them. */
  readonly committed: Observable<RecordedEvent>
  readonly kind: string
  /** Events of all streams in position order, a page at a time. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>
  /** A stream's events from `fromRevision` (inclusive) on; at most `limit` of them when given. */
  readStream<E extends StoredEvent = LedgerEvent>(
    stream: string,
    fromRevision?: number,
    limit?: number,
  ): Promise<RecordedEvent<E>[]>
  /**
   * A position some time before `position`, for catch-up that must not miss events committed
   * late by a concurrent writer. Stores whose positions follow commit order return it as is.
   */
  rewind(position: string, milliseconds: number): string
  /** Revision of the stream's last event, or `NO_STREAM`. */
  streamRevision(stream: string): Promise<number>
  /**
   * Every event committed to any stream, by any process, after `after`: those already stored
   * first, then each new one as it commits, in position order and each once. Completes when
   * the store closes; errors only on a failure the adapter could not ride out itself. Present
   * only where the store can push events; the others are read with `readAll`.
   */
  subscribe?: (options: SubscribeOptions) => Observable<RecordedEvent>
}

export class WrongExpectedRevisionError extends Error {
  readonly actualRevision: number | undefined
  readonly expectedRevision: number
  readonly stream: string

  constructor(stream: string, expectedRevision: number, actualRevision?: number) {
    super(
      `Stream ${stream} is not at revision ${expectedRevision}` +
        (actualRevision === undefined ? '' : ` (it is at ${actualRevision})`),
    )
    this.name = 'WrongExpectedRevisionError'
    this.stream = stream
    this.expectedRevision = expectedRevision
    this.actualRevision = actualRevision
  }
}

export const isWrongExpectedRevision = (error: unknown): error is WrongExpectedRevisionError =>
  error instanceof WrongExpectedRevisionError ||
  (error instanceof Error && error.name === 'WrongExpectedRevisionError')
