import type { CollectionSlug, Payload } from 'payload'

import type { WritableCollection } from './payload-calls/append.js'
import type { MongooseDb } from './payload-mongodb.js'
import type { EventRows } from './payload-rows.js'

import { append, appendInTransaction } from './payload-calls/append.js'
import { head, readAll, readStream } from './payload-calls/reads.js'
import { ensureStreamRevisionIndex, hasMongoTransactions, isMongoose } from './payload-mongodb.js'

/** Creates the unique index once, on first call; a failed attempt is forgotten, so the next call retries it. */
const streamRevisionIndexOnce = (mongo: MongooseDb, collection: CollectionSlug): (() => Promise<void>) => {
  let indexed: Promise<void> | undefined
  return () =>
    (indexed ??= ensureStreamRevisionIndex(mongo, collection).catch((error: unknown) => {
      indexed = undefined
      throw error
    }))
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
export const createPayloadCallRows = (payload: Payload, collection: CollectionSlug): EventRows => {
  // MongoDB: transactions only where Payload enables them (a replica set); the unique index is
  // created here, and every insert waits for it (a failed attempt is retried by the next one).
  const mongo = isMongoose(payload.db) ? payload.db : null
  const events: WritableCollection = {
    payload,
    slug: collection,
    streamRevisionIndex: mongo ? streamRevisionIndexOnce(mongo, collection) : () => undefined,
    transactional: payload.db.name === 'postgres' || (mongo !== null && hasMongoTransactions(mongo)),
  }
  events.streamRevisionIndex()?.catch((error: unknown) =>
    payload.logger.error({ err: error, msg: `payload-reserve-ledger: no (stream, revision) unique index on ${collection}` }),
  )

  return {
    append: (request) => append(events, request),
    ...(events.transactional && { appendAtomically: (requests) => appendInTransaction(events, requests) }),
    head: (stream) => head(events, stream),
    readAll: (options) => readAll(events, options),
    readStream: (stream, fromRevision, limit) => readStream(events, stream, fromRevision, limit),
  }
}
