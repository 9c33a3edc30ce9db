import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import type { AppendRequest, AppendResult, ReadAllOptions } from '../store.js'
import type { RecordedEvent } from '../types.js'
import type { EventRow, EventRows } from './payload-rows.js'

import { NO_STREAM, WrongExpectedRevisionError } from '../store.js'
import {
  ensureStreamRevisionIndex,
  hasMongoTransactions,
  isMongoose,
  isTransientTransactionError,
} from './payload-mongodb.js'
import { inStreamOrder, toRecorded, toRow } from './payload-rows.js'

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

/**
 * The events collection through Payload's adapter calls (`payload.db.*`), for MongoDB and any
 * adapter without drizzle. An append reads the head, then inserts at `expectedRevision + 1`;
 * of concurrent writers to one stream the unique (stream, revision) index lets one insert win.
 *
 * Atomic multi-stream appends need real transactions: offered on PostgreSQL and on a MongoDB
 * replica set, where several events to one stream are also written in one transaction. A
 * standalone MongoDB inserts them one by one in revision order, so a multi-event append that
 * loses a race midway keeps the events it already wrote.
 */
export const createPayloadCallRows = (payload: Payload, collection: string): EventRows => {
  const slug = collection as CollectionSlug
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

  const appendInTransaction = async (requests: AppendRequest[]): Promise<AppendResult[]> => {
    const results = await inTransaction(async (req) => {
      const written: AppendResult[] = []
      for (const index of inStreamOrder(requests)) {
        written[index] = await write(requests[index], req)
      }
      return written
    })
    await assertPersisted(results)
    return results
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
    async append(request) {
      if (transactional && request.events.length > 1) {
        const [result] = await appendInTransaction([request])
        return result
      }
      try {
        return await write(request)
      } catch (error) {
        throw await explain(error)
      }
    },
    ...(transactional && { appendAtomically: appendInTransaction }),
    head: (stream) => head(stream),
    readAll,
    async readStream(stream, fromRevision, limit = 0) {
      const where: Where = { and: [{ stream: { equals: stream } }, { revision: { greater_than_equal: fromRevision } }] }
      return (await find(where, 'revision', limit)).map(toRecorded)
    },
  }
}
