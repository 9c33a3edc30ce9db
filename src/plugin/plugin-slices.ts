import type { CollectionConfig, Endpoint, TaskConfig } from 'payload'

import type { ResolvedOptions } from './options.js'
import type { ReserveRuntime, Services } from './services.js'
import type { SliceOf } from './slice.js'

import { auditSlice } from './features/audit/index.js'
import { bookingSlice } from './features/booking/index.js'
import { calendarExportSlice } from './features/calendar-export/index.js'
import { catalogSlice } from './features/catalog/index.js'
import { externalBusySlice } from './features/external-busy/index.js'
import { holdsSlice } from './features/holds/index.js'
import { liveSlice } from './features/live/index.js'
import { notificationsSlice } from './features/notifications/index.js'
import { openApiSlice } from './features/openapi/index.js'
import { slotsSlice } from './features/slots/index.js'
import { waitlistSlice } from './features/waitlist/index.js'
import { webhooksSlice } from './features/webhooks/index.js'
import { reserveTasks } from './jobs.js'
import { ledgerCheckpointsCollection } from './ledger-checkpoints-collection.js'
import { refuseMalformedQueries } from './shared/access/refuse-malformed-queries.js'
import { withZonedTimestamps } from './shared/admin/registration.js'
import { onRunningConfig } from './shared/config/on-running-config.js'

/** The features, in the order the admin lists their collections. */
const SLICES: SliceOf[] = [
  catalogSlice,
  bookingSlice,
  externalBusySlice,
  calendarExportSlice,
  webhooksSlice,
  notificationsSlice,
  holdsSlice,
  waitlistSlice,
  slotsSlice,
  auditSlice,
  liveSlice,
  openApiSlice,
]

/**
 * Every plugin collection refuses a query the database would fail on with a 400, after the
 * hooks that may still shape it (the site's `collectionOverrides` included).
 */
const withMalformedQueryRefusal = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  hooks: { ...collection.hooks, beforeOperation: [...(collection.hooks?.beforeOperation ?? []), refuseMalformedQueries(collection.slug)] },
})

/**
 * What the plugin adds to the host's config: each feature's collections, endpoints and tasks,
 * and the ledger's own (its checkpoints, the catch-up and checkpoint tasks). The features reach
 * the running ledger through `services`; every operation on the collections runs on the config
 * Payload runs (`onRunningConfig`).
 */
export const pluginSlices = (options: ResolvedOptions, services: Services<ReserveRuntime>): { collections: CollectionConfig[]; endpoints: Endpoint[]; tasks: TaskConfig[] } => {
  const slices = SLICES.map((slice) => slice(options, services))
  return {
    collections: [...slices.flatMap((slice) => slice.collections ?? []), ledgerCheckpointsCollection()].map((collection) =>
      onRunningConfig(withMalformedQueryRefusal(withZonedTimestamps(collection, options))),
    ),
    endpoints: slices.flatMap((slice) => slice.endpoints ?? []),
    tasks: [...reserveTasks(services), ...slices.flatMap((slice) => slice.tasks ?? [])],
  }
}
