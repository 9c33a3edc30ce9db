import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import { Subject } from 'rxjs'
import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult, EventStore, ReadAllOptions } from '../store.js'
import type { EventMetadata, LedgerEvent, NewEvent, RecordedEvent } from '../types.js'

import { NO_STREAM, WrongExpectedRevisionError } from '../store.js'
import { DEFAULT_EVENTS_COLLECTION } from './payload-collection.js'
import {
  ensureStreamRevisionIndex,
  hasMongoTransactions,
  isMongoose,
  isTransientTransactionError,
} from './payload-mongodb.js'

export interface PayloadEventStoreOptions {
  /** Slug of the collection made by `reservationEventsCollection`. */
  collection?: string
}

/** One row of the events collection. */
interface EventRow {
  data: unknown
  eventId: string
  metadata: EventMetadata
  recordedAt: string
  revision: number
  stream: string
  type: string
}

type Transaction = Pick<PayloadRequest, 'transactionID'>

/** An insert that failed at `revision`; whether that was a lost race is decided outside any transaction. */
class InsertRejected extends Error {
  constructor(
    readonly reason: unknown,
    readonly stream: string,
    readonly revision: number,
    readonly expectedRevision: number,
  ) {
    super(`Insert of ${stream}@${revision} failed`)
  }
}

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The smallest string that sorts at the given millisecond among UUIDv7 positions: below every
 * id generated in that millisecond.
 */
const positionAt = (milliseconds: number): string => {
  const hex = Math.max(0, milliseconds).toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8)}-0000-0000-000000000000`
}

const toRecorded = (row: EventRow): RecordedEvent =>
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
const toRow = (event: NewEvent, stream: string, revision: number): EventRow => ({
  data: structuredClone(event.data),
  eventId: uuidv7(),
  metadata: structuredClone(event.metadata),
  recordedAt: new Date().toISOString(),
  revision,
  stream,
  type: event.type,
})

/**
 * The embedded event store: events are rows of a Payload collection in the host's database,
 * written and read with adapter-level calls (no hooks, access control or population).
 *
 * Concurrency control is the unique index on (stream, revision): an append reads the head,
 * then inserts at `expectedRevision + 1`; of concurrent writers to one stream exactly one
 * insert succeeds. Positions are the UUIDv7 event ids, which sort in creation time but may
 * commit out of that order across writers, hence `rewind`.
 *
 * Atomic multi-stream appends need real transactions and are offered on PostgreSQL and on a
 * MongoDB replica set, where several events to one stream are also written in one
 * transaction. SQLite (transactions off, see DESIGN section 4) and a standalone MongoDB insert
 * them one by one in revision order, so a multi-event append that loses a race midway keeps
 * the events it already wrote.
 */
export const createPayloadEventStore = (
  payload: Payload,
  { collection = DEFAULT_EVENTS_COLLECTION }: PayloadEventStoreOptions = {},
): EventStore => {
  const slug = collection as CollectionSlug
  const committed = new Subject<RecordedEvent>()
  // MongoDB: transactions only where Payload enables them (a replica set); the unique index is
  // created here, and every insert waits for it (a failed attempt is retried by the next one).
  const mongo = isMongoose(payload.db) ? payload.db : null
  const transactional = payload.db.name === 'postgres' || (mongo !== null && hasMongoTransactions(mongo))
  let indexed: Promise<void> | undefined
  const streamRevisionIndex = (): Promise<void> | undefined =>
    mongo
      ? (indexed ??= ensureStreamRevisionIndex(mongo, collection).catch((error: unknown) => {
          indexed = undefined
          throw error
        }))
      : undefined
  streamRevisionIndex()?.catch((error: unknown) =>
    payload.logger.error({ err: error, msg: `payload-reserve-ledger: no (stream, revision) unique index on ${collection}` }),
  )

  const find = async (where: Where, sort: string, limit: number, req?: Transaction): Promise<EventRow[]> => {
    const { docs } = await payload.db.find<EventRow>({ collection: slug, limit, pagination: false, req, sort, where })
    return docs
  }

  const head = async (stream: string, req?: Transaction): Promise<number> => {
    const [last] = await find({ stream: { equals: stream } }, '-revision', 1, req)
    return last ? last.revision : NO_STREAM
  }

  const write = async ({ events, expectedRevision, stream }: AppendRequest, req?: Transaction): Promise<AppendResult> => {
    const actual = await head(stream, req)
    if (actual !== expectedRevision) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, actual)
    }
    await streamRevisionIndex()
    const rows: EventRow[] = []
    for (const [index, event] of events.entries()) {
      const row = toRow(event, stream, expectedRevision + 1 + index)
      try {
        // A copy: create() writes createdAt into the object it is given.
        await payload.db.create({ collection: slug, data: { ...row }, req, returning: false })
      } catch (error) {
        throw new InsertRejected(error, stream, row.revision, expectedRevision)
      }
      rows.push(row)
    }
    return { events: rows.map(toRecorded), nextRevision: expectedRevision + events.length, stream }
  }

  /** A rejected insert is a lost race when the stream now reaches that revision; else the real error. */
  const explain = async (error: unknown): Promise<unknown> => {
    if (!(error instanceof InsertRejected)) {
      return error
    }
    const actual = await head(error.stream)
    if (actual >= error.revision) {
      return new WrongExpectedRevisionError(error.stream, error.expectedRevision, actual)
    }
    // MongoDB: a concurrent transaction holds the key and has not committed yet.
    return isTransientTransactionError(error.reason)
      ? new WrongExpectedRevisionError(error.stream, error.expectedRevision)
      : error.reason
  }

  const inTransaction = async <T>(work: (req: Transaction) => Promise<T>): Promise<T> => {
    const transactionID = await payload.db.beginTransaction()
    if (transactionID === null) {
      throw new Error('The payload event store needs database transactions here; the adapter has them turned off')
    }
    let result: T
    try {
      result = await work({ transactionID })
    } catch (error) {
      await payload.db.rollbackTransaction(transactionID)
      throw await explain(error)
    }
    await payload.db.commitTransaction(transactionID)
    return result
  }

  /** Payload's commitTransaction swallows a failed COMMIT; publishing unsaved events would be worse. */
  const assertPersisted = async (results: AppendResult[]): Promise<void> => {
    const ids = results.flatMap(({ events }) => events.map(({ eventId }) => eventId))
    const { totalDocs } = await payload.db.count({ collection: slug, where: { eventId: { in: ids } } })
    if (totalDocs !== ids.length) {
      throw new Error(`Commit failed: ${ids.length - totalDocs} of ${ids.length} events were not persisted`)
    }
  }

  const publish = (results: AppendResult[]): void => {
    for (const { events } of results) {
      for (const event of events) {
        committed.next(event)
      }
    }
  }

  /** Writes in stream-name order (as DESIGN asks of claimers) so concurrent transactions cannot deadlock. */
  const appendInTransaction = async (requests: AppendRequest[]): Promise<AppendResult[]> => {
    const byName = (a: number, b: number): number =>
      requests[a].stream < requests[b].stream ? -1 : requests[a].stream > requests[b].stream ? 1 : 0
    const order = requests.map((_, index) => index).sort(byName)
    const results = await inTransaction(async (req) => {
      const written: AppendResult[] = []
      for (const index of order) {
        written[index] = await write(requests[index], req)
      }
      return written
    })
    await assertPersisted(results)
    return results
  }

  const append = async (request: AppendRequest): Promise<AppendResult> => {
    let result: AppendResult
    if (transactional && request.events.length > 1) {
      ;[result] = await appendInTransaction([request])
    } else {
      try {
        result = await write(request)
      } catch (error) {
        throw await explain(error)
      }
    }
    publish([result])
    return result
  }

  const readAll = async ({ after, limit, streamPrefix }: ReadAllOptions): Promise<RecordedEvent[]> => {
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
      const rows = await find({ and: conditions }, 'eventId', wanted)
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

  return {
    append,
    ...(transactional && {
      async appendAtomically(requests: AppendRequest[]) {
        const results = await appendInTransaction(requests)
        publish(results)
        return results
      },
    }),
    close() {
      committed.complete()
      return Promise.resolve()
    },
    committed: committed.asObservable(),
    kind: 'payload',
    readAll,
    async readStream<E extends LedgerEvent>(stream: string, fromRevision = 0) {
      const where: Where = { and: [{ stream: { equals: stream } }, { revision: { greater_than_equal: fromRevision } }] }
      const rows = await find(where, 'revision', 0)
      return rows.map(toRecorded) as RecordedEvent<E>[]
    },
    rewind(position, milliseconds) {
      const match = UUID.exec(position)
      if (!match) {
        throw new Error(`Not a position of the payload event store: ${position}`)
      }
      return positionAt(Number.parseInt(match[1] + match[2], 16) - milliseconds)
    },
    streamRevision: (stream) => head(stream),
  }
}

/** What a bulk load uses of a SQL adapter (@payloadcms/db-sqlite, db-postgres): drizzle and its tables. */
interface DrizzleDatabase {
  drizzle: { insert(table: unknown): { values(rows: unknown[]): PromiseLike<unknown> } }
  tableNameMap: Map<string, string>
  tables: Record<string, unknown>
}

/** The key of a collection in `tableNameMap`: its slug in snake case, as the SQL adapters make it. */
const tableKey = (slug: string): string =>
  slug
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .toLowerCase()

const isDrizzle = (db: unknown): db is DrizzleDatabase => {
  const candidate = db as Partial<DrizzleDatabase>
  return typeof candidate.drizzle?.insert === 'function' && candidate.tableNameMap instanceof Map && !!candidate.tables
}

/** Rows per INSERT: 8 columns each stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const BULK_ROWS = 1000

/**
 * Loads pre-decided history into the embedded store's collection many rows per statement, for
 * seeding a ledger that nothing else writes to meanwhile (the benchmark in bench/ seeds 10^5
 * reservations this way; `append` costs a head read and an insert per event). It is not part
 * of the store: it reads no heads and notifies no one. Each request's events go at
 * `expectedRevision + 1` on; the unique (stream, revision) index is the only check, and a
 * clash fails its batch. Events are recorded at their decision time (`metadata.at`, or the
 * previous event's time when that is later), so loaded history keeps its own timeline and
 * catch-up sees it as old; positions increase in the order given. Callers hydrate busy
 * indexes and write documents themselves. SQL adapters insert in batches, others row by row.
 */
export const bulkLoadPayloadEvents = async (
  payload: Payload,
  requests: AppendRequest[],
  { collection = DEFAULT_EVENTS_COLLECTION }: PayloadEventStoreOptions = {},
): Promise<AppendResult[]> => {
  const clock = { msecs: -Infinity, seq: 0 }
  const rows: EventRow[] = []
  const results = requests.map(({ events, expectedRevision, stream }): AppendResult => {
    const recorded = events.map((event, index) => {
      const at = Date.parse(event.metadata.at)
      clock.seq = at > clock.msecs ? 0 : clock.seq + 1
      clock.msecs = Math.max(at, clock.msecs)
      const row: EventRow = {
        data: event.data,
        eventId: uuidv7({ msecs: clock.msecs, seq: clock.seq }),
        metadata: event.metadata,
        recordedAt: new Date(clock.msecs).toISOString(),
        revision: expectedRevision + 1 + index,
        stream,
        type: event.type,
      }
      rows.push(row)
      return toRecorded(row)
    })
    return { events: recorded, nextRevision: expectedRevision + events.length, stream }
  })
  const db: unknown = payload.db
  if (isDrizzle(db)) {
    const table = db.tables[db.tableNameMap.get(tableKey(collection)) ?? '']
    if (!table) {
      throw new Error(`The database adapter has no table for the collection "${collection}"`)
    }
    for (let from = 0; from < rows.length; from += BULK_ROWS) {
      await db.drizzle.insert(table).values(rows.slice(from, from + BULK_ROWS))
    }
  } else {
    for (const row of rows) {
      await payload.db.create({ collection: collection as CollectionSlug, data: { ...row }, returning: false })
    }
  }
  return results
}
