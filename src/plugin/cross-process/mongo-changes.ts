import type { MongooseDb } from '../../events/adapters/payload-mongodb.js'
import type { RecordedEvent } from '../../events/types.js'
import type { ReferenceKind } from '../shared/reference-data/reference-data.js'
import type { Change, Watchable, Watching } from './watch-changes.js'

import { toRecorded } from '../../events/adapters/payload-rows.js'
import { RESOURCE_STREAM_PREFIX } from '../../events/stream-names.js'
import { watchChanges } from './watch-changes.js'

/** What is used of @payloadcms/db-mongodb's adapter to watch its collections. */
type WatchedDb = MongooseDb & {
  collections: Record<string, { collection: { collectionName: string } }>
  /** The mongoose connection; `db` is the driver's database once connected. */
  connection: { db?: Watchable }
}

export interface MongoChanges {
  /** The ledger's events collection, where the ledger is in this database. */
  events?: string
  onClaim(event: RecordedEvent): void
  onReference(kind: ReferenceKind): void
  /** The collections of the services, resources and schedules, by kind. */
  reference: Record<ReferenceKind, string>
}

/** An inserted event document as the adapter stores it: `recordedAt` is a date field, a BSON date. */
const recordedOf = ({ data, eventId, metadata, recordedAt, revision, stream, type }: Record<string, unknown>): RecordedEvent =>
  toRecorded({
    data,
    eventId: String(eventId),
    metadata: metadata as RecordedEvent['metadata'],
    recordedAt: recordedAt instanceof Date ? recordedAt.toISOString() : String(recordedAt),
    revision: Number(revision),
    stream: String(stream),
    type: String(type),
  })

/**
 * On a MongoDB replica set, what PostgreSQL's notices tell, learnt from one change stream: any
 * write to the services, resources or schedules, and the claims other processes append to the
 * ledger when it is in this database. A server that is not a replica set has no change streams:
 * it is tried once, and the head is then read per query and cached records expire, as on
 * SQLite. (Payload's `transactionOptions` cannot tell beforehand: it is off for any connection
 * string without `replicaSet`, a direct connection to a primary included.) Returns what stops it.
 */
export const watchMongoChanges = (
  db: MongooseDb,
  { events, onClaim, onReference, reference }: MongoChanges,
  watching: Omit<Watching, 'collections'>,
): (() => Promise<void>) | undefined => {
  const { collections, connection } = db as WatchedDb
  if (!connection.db) {
    return undefined
  }
  const name = (slug: string) => collections[slug].collection.collectionName
  const handlers = new Map<string, (change: Change) => void>(
    Object.entries(reference).map(([kind, slug]) => [name(slug), () => onReference(kind as ReferenceKind)]),
  )
  const match: object[] = [{ 'ns.coll': { $in: [...handlers.keys()] } }]
  if (events) {
    handlers.set(name(events), ({ fullDocument }) => fullDocument && onClaim(recordedOf(fullDocument)))
    match.push({ 'fullDocument.stream': { $regex: `^${RESOURCE_STREAM_PREFIX}` }, 'ns.coll': name(events), operationType: 'insert' })
  }
  return watchChanges(connection.db, { $or: match }, { ...watching, collections: handlers })
}
