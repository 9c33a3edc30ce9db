import type { AppendRequest, AppendResult } from '../../store.js'
import type { EventRow } from '../payload-rows.js'
import type { EventsCollection, Transaction } from './reads.js'

import { WrongExpectedRevisionError } from '../../store.js'
import { isTransientTransactionError } from '../payload-mongodb.js'
import { inStreamOrder, toRecorded, toRow } from '../payload-rows.js'
import { head } from './reads.js'

/** The collection as appends write it. */
export interface WritableCollection extends EventsCollection {
  /** Resolves once the (stream, revision) unique index exists; undefined where the adapter makes it itself. */
  streamRevisionIndex: () => Promise<void> | undefined
  /** Whether the adapter has real transactions (PostgreSQL, a MongoDB replica set). */
  transactional: boolean
}

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

const write = async (
  collection: WritableCollection,
  { events, expectedRevision, stream }: AppendRequest,
  req?: Transaction,
): Promise<AppendResult> => {
  const { payload, slug } = collection
  const actual = await head(collection, stream, req)
  if (actual !== expectedRevision) {
    throw new WrongExpectedRevisionError(stream, expectedRevision, actual)
  }
  await collection.streamRevisionIndex()
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
const explain = async (collection: EventsCollection, error: unknown): Promise<unknown> => {
  if (!(error instanceof InsertRejected)) {
    return error
  }
  const actual = await head(collection, error.stream)
  if (actual >= error.revision) {
    return new WrongExpectedRevisionError(error.stream, error.expectedRevision, actual)
  }
  // MongoDB: a concurrent transaction holds the key and has not committed yet.
  return isTransientTransactionError(error.reason)
    ? new WrongExpectedRevisionError(error.stream, error.expectedRevision)
    : error.reason
}

const inTransaction = async <T>(collection: EventsCollection, work: (req: Transaction) => Promise<T>): Promise<T> => {
  const { db } = collection.payload
  const transactionID = await db.beginTransaction()
  if (transactionID === null) {
    throw new Error('The payload event store needs database transactions here; the adapter has them turned off')
  }
  let result: T
  try {
    result = await work({ transactionID })
  } catch (error) {
    await db.rollbackTransaction(transactionID)
    throw await explain(collection, error)
  }
  await db.commitTransaction(transactionID)
  return result
}

/** Payload's commitTransaction swallows a failed COMMIT; publishing unsaved events would be worse. */
const assertPersisted = async ({ payload, slug }: EventsCollection, results: AppendResult[]): Promise<void> => {
  const ids = results.flatMap(({ events }) => events.map(({ eventId }) => eventId))
  const { totalDocs } = await payload.db.count({ collection: slug, where: { eventId: { in: ids } } })
  if (totalDocs !== ids.length) {
    throw new Error(`Commit failed: ${ids.length - totalDocs} of ${ids.length} events were not persisted`)
  }
}

export const appendInTransaction = async (
  collection: WritableCollection,
  requests: AppendRequest[],
): Promise<AppendResult[]> => {
  const results = await inTransaction(collection, async (req) => {
    const written: AppendResult[] = []
    for (const index of inStreamOrder(requests)) {
      written[index] = await write(collection, requests[index], req)
    }
    return written
  })
  await assertPersisted(collection, results)
  return results
}

/** Several events in one transaction where there are transactions; else insert by insert. */
export const append = async (collection: WritableCollection, request: AppendRequest): Promise<AppendResult> => {
  if (collection.transactional && request.events.length > 1) {
    const [result] = await appendInTransaction(collection, [request])
    return result
  }
  try {
    return await write(collection, request)
  } catch (error) {
    throw await explain(collection, error)
  }
}
