import type { Payload } from 'payload'

import type { BusyIndex } from '../../capacity/busy-index.js'
import type { SqlCollection } from '../../events/adapters/payload-sql/database.js'
import type { EventStore } from '../../events/store.js'
import type { ResolvedOptions, TenancyOptions } from '../options.js'
import type { ReferenceKind } from '../shared/reference-data/reference-data.js'

import { sqlCollection, sqlEvents } from '../../events/adapters/payload-sql.js'
import { installAppendNotices } from '../../events/adapters/payload-sql/append-notices.js'
import { referenceData } from '../shared/reference-data/reference-data.js'
import { installReferenceNotices } from '../shared/reference-data/reference-notices.js'
import { followAppends } from './follow-appends.js'
import { followSubscription } from './follow-subscription.js'
import { isPgPool, listen } from './listen.js'

type PgCollection = SqlCollection & { dialect: 'postgres' }

/**
 * What other processes change, learnt as it happens. A ledger store that pushes events
 * (JetStream, EventStoreDB) is followed for their claims (`followSubscription`). On PostgreSQL,
 * changes are announced (NOTIFY from triggers in the writes' own statements) and this process
 * LISTENs: appends to the ledger, when it is in this database, bring the busy index up to their
 * heads before it decides; writes to services, resources and schedules drop the cached records
 * of their kind. Elsewhere (SQLite, MongoDB) the head is read per query and cached records
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
  const pool = (payload.db as { pool?: unknown }).pool
  const { resources, schedules, services, events } = options.slugs
  const tables = { resources: sqlCollection(payload.db, resources), schedules: sqlCollection(payload.db, schedules), services: sqlCollection(payload.db, services) }
  if (!isPgPool(pool) || !Object.values(tables).every((table): table is PgCollection => table?.dialect === 'postgres')) {
    return async () => stopFollowing()
  }
  const reference = referenceData(payload, options)
  const channels = new Map<string, (notice: string) => void>([
    [await installReferenceNotices(tables as Record<ReferenceKind, PgCollection>), (kind) => reference.changedElsewhere(kind)],
  ])
  const choice = options.eventStore
  const ledger = typeof choice !== 'function' && choice.kind === 'payload' ? sqlEvents(payload.db, events) : undefined
  if (ledger?.dialect === 'postgres') {
    channels.set(await installAppendNotices(ledger.db, ledger.table), followAppends(busy, report))
  }
  const stopListening = listen(pool, { channels, onListening: (listening) => reference.followingChanges(listening), report })
  return async () => {
    stopFollowing()
    await stopListening()
  }
}
