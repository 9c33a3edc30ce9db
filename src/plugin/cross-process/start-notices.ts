import type { Payload } from 'payload'

import type { BusyIndex } from '../../capacity/busy-index.js'
import type { MongooseDb } from '../../events/adapters/payload-mongodb.js'
import type { SqlCollection } from '../../events/adapters/payload-sql/database.js'
import type { EventStore } from '../../events/store.js'
import type { ResolvedOptions, TenancyOptions } from '../options.js'
import type { ReferenceKind } from '../shared/reference-data/reference-data.js'

import { isMongoose } from '../../events/adapters/payload-mongodb.js'
import { sqlCollection, sqlEvents } from '../../events/adapters/payload-sql.js'
import { installAppendNotices } from '../../events/adapters/payload-sql/append-notices.js'
import { referenceData } from '../shared/reference-data/reference-data.js'
import { installReferenceNotices } from '../shared/reference-data/reference-notices.js'
import { followAppends } from './follow-appends.js'
import { followClaim, followSubscription } from './follow-subscription.js'
import { isPgPool, listen } from './listen.js'
import { watchMongoChanges } from './mongo-changes.js'

type PgCollection = SqlCollection & { dialect: 'postgres' }

/**
 * What other processes change, learnt as it happens. A ledger store that pushes events
 * (JetStream, EventStoreDB) is followed for their claims (`followSubscription`). On PostgreSQL,
 * changes are announced (NOTIFY from triggers in the writes' own statements) and this process
 * LISTENs; on a MongoDB replica set it watches them (a change stream). Either way appends to
 * the ledger, when it is in this database, bring the busy index up to their heads before it
 * decides, and writes to services, resources and schedules drop the cached records of their
 * kind. Elsewhere (SQLite, a standalone MongoDB) the head is read per query and cached records
 * expire after seconds. Returns what stops it.
 */
export const startNotices = async (
  payload: Payload,
  options: Pick<ResolvedOptions, 'eventStore'> & TenancyOptions,
  { busy, store }: { busy: BusyIndex; store: EventStore },
): Promise<() => Promise<void>> => {
  const report = (error: unknown) =>
    payload.logger.warn({ err: error, msg: 'payload-reserve-ledger: notices of other processes interrupted (bookings retry, cached records expire meanwhile)' })
  const stopFollowing = store.subscribe ? followSubscription(store.subscribe.bind(store), busy, report) : () => undefined
  const reference = referenceData(payload, options)
  const { events, resources, schedules, services } = options.slugs
  const choice = options.eventStore
  const watched = {
    busy,
    // The ledger's own appends are watched where it is in this database.
    events: typeof choice !== 'function' && choice.kind === 'payload' ? events : undefined,
    reference,
    referenceSlugs: { resources, schedules, services },
    report,
  }
  const stopWatching = isMongoose(payload.db) ? watchMongo(payload, payload.db, watched) : await listenToPostgres(payload, watched)
  return async () => {
    stopFollowing()
    await stopWatching?.()
  }
}

interface Watched {
  busy: BusyIndex
  events: string | undefined
  reference: ReturnType<typeof referenceData>
  referenceSlugs: Record<ReferenceKind, string>
  report: (error: unknown) => void
}

/**
 * On PostgreSQL: installs the notices (triggers on the reference tables, and on the ledger's
 * table when it is in this database) and LISTENs to them. Nothing on other databases.
 */
const listenToPostgres = async (
  payload: Payload,
  { busy, events, reference, referenceSlugs, report }: Watched,
): Promise<(() => Promise<void>) | undefined> => {
  const pool = (payload.db as { pool?: unknown }).pool
  const tables = {
    resources: sqlCollection(payload.db, referenceSlugs.resources),
    schedules: sqlCollection(payload.db, referenceSlugs.schedules),
    services: sqlCollection(payload.db, referenceSlugs.services),
  }
  if (!isPgPool(pool) || !Object.values(tables).every((table): table is PgCollection => table?.dialect === 'postgres')) {
    return undefined
  }
  const channels = new Map<string, (notice: string) => void>([
    [await installReferenceNotices(tables as Record<ReferenceKind, PgCollection>), (kind) => reference.changedElsewhere(kind)],
  ])
  const ledger = events ? sqlEvents(payload.db, events) : undefined
  if (ledger?.dialect === 'postgres') {
    channels.set(await installAppendNotices(ledger.db, ledger.table), followAppends(busy, report))
  }
  return listen(pool, { channels, onListening: (listening) => reference.followingChanges(listening), report })
}

/** On MongoDB: one change stream over the reference collections and the ledger's, where the server has them. */
const watchMongo = (payload: Payload, db: MongooseDb, { busy, events, reference, referenceSlugs, report }: Watched) =>
  watchMongoChanges(
    db,
    {
      events,
      onClaim: followClaim(busy, report),
      onReference: (kind) => reference.changedElsewhere(kind),
      reference: referenceSlugs,
    },
    {
      onWatching: (watching) => reference.followingChanges(watching),
      report,
      unavailable: () =>
        payload.logger.info(
          "payload-reserve-ledger: this MongoDB server has no change streams (it is not a replica set): other processes' bookings are learnt when an append meets them, and cached services, resources and schedules expire after seconds",
        ),
    },
  )
