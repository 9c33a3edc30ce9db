import type { Payload } from 'payload'

/**
 * What the payload event store uses of @payloadcms/db-mongodb's adapter, typed here because
 * that package is the host's choice, not a dependency of this one.
 */
interface MongooseDatabase {
  /** Mongoose models by collection slug; `collection` is the driver's collection. */
  collections: Record<
    string,
    { collection: { createIndex(keys: Record<string, 1>, options: { unique: true }): Promise<string> } }
  >
  name: 'mongoose'
  /**
   * The adapter's transaction options: `false` once connect() finds the connection is not to a
   * replica set (it also swaps beginTransaction for one that returns null), `undefined` when
   * the host passed `transactionOptions: false`, an object (default `{}`) otherwise.
   */
  transactionOptions?: unknown
}

export type MongooseDb = MongooseDatabase & Payload['db']

export const isMongoose = (db: Payload['db']): db is MongooseDb => db.name === 'mongoose'

/**
 * Creates the collection's (stream, revision) unique index, the store's concurrency control,
 * instead of leaving it to mongoose: its autoIndex builds indexes in the background after
 * connect (the first appends could race it) and not at all with `connectOptions.autoIndex:
 * false` or on a hot reload. The keys and options are those of the schema's own index, so
 * this is a no-op once that exists; an index that cannot be built (duplicate rows) fails it.
 */
export const ensureStreamRevisionIndex = async (db: MongooseDb, slug: string): Promise<void> => {
  const model = db.collections[slug]
  if (!model) {
    throw new Error(`The MongoDB adapter has no collection "${slug}" for the ledger's events`)
  }
  await model.collection.createIndex({ stream: 1, revision: 1 }, { unique: true })
}

/** Payload gives this adapter transactions exactly when a replica set allows and the host has not turned them off. */
export const hasMongoTransactions = (db: MongooseDb): boolean => Boolean(db.transactionOptions)

/**
 * A transaction MongoDB aborted because a concurrent one wrote the same key (WriteConflict):
 * nothing of it was written, and the other may still commit or abort. To the ledger it is a
 * lost race, to re-read and retry.
 */
export const isTransientTransactionError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { hasErrorLabel?: unknown }).hasErrorLabel === 'function' &&
  (error as { hasErrorLabel(label: string): boolean }).hasErrorLabel('TransientTransactionError')
