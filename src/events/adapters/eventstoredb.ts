import type { AllStreamResolvedEvent, ReadStreamOptions, ResolvedEvent, StreamingRead } from '@eventstore/db-client'

import {
  BACKWARDS,
  convertToCommandError,
  END,
  EventStoreDBClient,
  START,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client'
import { setTimeout as sleep } from 'node:timers/promises'
import { defer, EMPTY, Observable, retry, Subject, takeUntil, tap, throwError, timer } from 'rxjs'
import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult, EventStore, ReadAllOptions, SubscribeOptions } from '../store.js'
import type { LedgerEvent, RecordedEvent } from '../types.js'

import { NO_STREAM } from '../store.js'
import {
  decodePosition,
  isSystemStream,
  isTransientError,
  toConflictError,
  toEventData,
  toExpectedRevision,
  toClientConnectionString,
  toRecordedEvent,
  toSubscribedEvent,
  toSubscriptionFilter,
} from './eventstoredb-mapping.js'

export interface EventStoreDBStoreOptions {
  /** `esdb://`, `esdb+discover://`, `kurrentdb://` or `kurrentdb+discover://` URI. */
  connectionString: string
}

/** Waits between attempts of an operation that failed transiently: about 8 s in all, enough for a node restart. */
const RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 4_000]

/**
 * Waits before resubscribing to a dropped `$all` subscription: about 30 s in all, since the
 * subscription drops as the node goes down, not when the caller next needs it.
 */
const RESUBSCRIBE_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]

/**
 * `$all` has no server-side filter on plain reads in this client, so prefix and system-stream
 * filtering happen here; reading at least this many records per round trip keeps that cheap.
 */
const MIN_READ_ALL_BATCH = 256

const drain = async <T>(read: StreamingRead<T>): Promise<T[]> => {
  const items: T[] = []
  for await (const item of read) {
    items.push(item)
  }
  return items
}

/**
 * The production event store: one EventStoreDB (KurrentDB) stream per ledger stream, with the
 * server's expected-revision check as the concurrency control.
 *
 * Appends retry transient failures with the same event ids. The server compares the ids of
 * an append that names an expected revision against the events already at those revisions,
 * so a retry of an append that was in fact written succeeds without writing it twice.
 *
 * No `appendAtomically`: this client (6.x) has no multi-stream append, so the ledger claims
 * one stream at a time.
 *
 * `subscribe` follows `$all` with the server filtering by stream name. A subscription that
 * drops transiently (a node restart) is opened again after the last event it delivered, with
 * growing waits that start over once the server confirms it; only a failure that is not
 * transient, or that outlasts those waits, reaches the subscriber.
 */
export const createEventStoreDBStore = ({ connectionString }: EventStoreDBStoreOptions): EventStore => {
  const client = EventStoreDBClient.connectionString(toClientConnectionString(connectionString))
  const committed = new Subject<RecordedEvent>()
  /** Emits once, on close: open subscriptions complete. */
  const closing = new Subject<void>()
  let closed = false

  const withRetry = async <T>(operation: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation()
      } catch (error) {
        // Some paths (e.g. the server-features probe before an append) reject with raw gRPC errors.
        const failure = error instanceof Error ? convertToCommandError(error) : error
        const delay = RETRY_DELAYS_MS[attempt]
        if (closed || delay === undefined || !isTransientError(failure)) {
          throw failure
        }
        await sleep(delay)
      }
    }
  }

  /** A stream's events as the client resolves them; none for a stream that does not exist. */
  const readResolved = (stream: string, options: ReadStreamOptions): Promise<ResolvedEvent[]> =>
    withRetry(async () => {
      try {
        return await drain(client.readStream(stream, options))
      } catch (error) {
        if (error instanceof StreamNotFoundError) {
          return []
        }
        throw error
      }
    })

  const readEvents = async (stream: string, options: ReadStreamOptions): Promise<RecordedEvent[]> =>
    (await readResolved(stream, options)).flatMap(({ event }) => (event ? [toRecordedEvent(event)] : []))

  const append = async ({ events, expectedRevision, stream }: AppendRequest): Promise<AppendResult> => {
    const expected = toExpectedRevision(expectedRevision)
    // Ids are fixed once, before the first attempt, so that every retry proposes the same events.
    const proposed = events.map((event) => toEventData(event, uuidv7()))
    try {
      await withRetry(() => client.appendToStream(stream, proposed, { expectedRevision: expected }))
    } catch (error) {
      throw error instanceof WrongExpectedVersionError ? toConflictError(error, stream, expectedRevision) : error
    }
    // The reply carries neither record times nor per-event positions: read the events back.
    const recorded = await readEvents(stream, { fromRevision: BigInt(expectedRevision + 1), maxCount: events.length })
    const written = recorded.map(({ eventId }) => eventId).join()
    if (written !== proposed.map(({ id }) => id).join()) {
      throw new Error(`Append to ${stream} succeeded, but revisions ${expectedRevision + 1}… hold other events`)
    }
    for (const event of recorded) {
      committed.next(structuredClone(event))
    }
    return { events: recorded, nextRevision: expectedRevision + events.length, stream }
  }

  const readAll = async ({ after, limit, streamPrefix }: ReadAllOptions): Promise<RecordedEvent[]> => {
    const page: RecordedEvent[] = []
    const batchSize = Math.max(limit, MIN_READ_ALL_BATCH)
    // Reads from a position include the event at it; `last` is the commit position already seen.
    let last = after === undefined ? -1n : decodePosition(after).commit
    while (page.length < limit) {
      const fromPosition = last < 0n ? START : { commit: last, prepare: last }
      const batch = await withRetry(() => drain(client.readAll({ fromPosition, maxCount: batchSize })))
      for (const { event } of batch) {
        if (!event || event.position.commit <= last) {
          continue
        }
        last = event.position.commit
        if (isSystemStream(event.streamId) || (streamPrefix && !event.streamId.startsWith(streamPrefix))) {
          continue
        }
        page.push(toRecordedEvent(event))
        if (page.length === limit) {
          break
        }
      }
      if (batch.length < batchSize) {
        break
      }
    }
    return page
  }

  /** One `$all` subscription from `after`, erroring when it drops. */
  const subscribeOnce = (
    after: string | undefined,
    streamPrefix: string | undefined,
    onConfirmed: () => void,
  ): Observable<RecordedEvent> =>
    new Observable<RecordedEvent>((subscriber) => {
      const subscription = client.subscribeToAll({
        filter: toSubscriptionFilter(streamPrefix),
        fromPosition: after === undefined ? START : decodePosition(after),
      })
      let last = after
      subscription
        .on('confirmation', onConfirmed)
        .on('data', (resolved: AllStreamResolvedEvent) => {
          try {
            const event = toSubscribedEvent(resolved, last, streamPrefix)
            if (event) {
              last = event.position
              subscriber.next(event)
            }
          } catch (error) {
            subscriber.error(error)
          }
        })
        // The subscription converts gRPC errors itself, except a failure to open the call.
        .on('error', (error: Error) => subscriber.error(convertToCommandError(error)))
        .on('end', () => subscriber.error(new UnavailableError(undefined, 'EventStoreDB ended the $all subscription')))
      return () => {
        // A call that never opened has nothing to cancel.
        subscription.unsubscribe().catch(() => undefined)
      }
    })

  const subscribe = ({ after, streamPrefix }: SubscribeOptions): Observable<RecordedEvent> =>
    defer(() => {
      if (closed) {
        return EMPTY
      }
      let last = after
      let attempt = 0
      const confirmed = () => {
        attempt = 0
      }
      return defer(() => subscribeOnce(last, streamPrefix, confirmed)).pipe(
        tap((event) => {
          last = event.position
        }),
        retry({
          delay: (error: unknown) => {
            const wait = RESUBSCRIBE_DELAYS_MS[attempt++]
            return closed || wait === undefined || !isTransientError(error) ? throwError(() => error) : timer(wait)
          },
        }),
        takeUntil(closing),
      )
    })

  return {
    append,
    async close() {
      closed = true
      committed.complete()
      closing.next()
      closing.complete()
      await client.dispose()
    },
    committed: committed.asObservable(),
    kind: 'eventstoredb',
    readAll,
    async readStream<E extends LedgerEvent>(stream: string, fromRevision = 0, limit?: number) {
      const options = { fromRevision: BigInt(Math.max(0, fromRevision)), ...(limit === undefined ? {} : { maxCount: limit }) }
      return (await readEvents(stream, options)) as RecordedEvent<E>[]
    },
    // Positions are commit positions: a later commit never gets an earlier position.
    rewind: (position) => position,
    async streamRevision(stream) {
      const [last] = await readResolved(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })
      return last?.event ? Number(last.event.revision) : NO_STREAM
    },
    subscribe,
  }
}
