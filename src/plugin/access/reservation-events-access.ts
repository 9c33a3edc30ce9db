import type { Access, CollectionAfterReadHook } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { seesAllRecords } from './record-scope.js'
import { withoutDigestDeep } from './token-digest.js'

/**
 * The ledger holds every reservation's details, guests' included, and cannot be filtered by
 * resource: only staff who see all records read it (in owner mode, the admin roles).
 */
export const readsLedger =
  (resolved: ResolvedOptions): Access =>
  ({ req }) =>
    seesAllRecords(req.user, resolved)

/**
 * A guest's token digest lives in its booking event so the ledger can rebuild the reservation;
 * it never leaves through the API, at whatever depth an event holds it. The store reads rows
 * below the hooks. See docs/ARCHITECTURE.md,
 * "Rules and access (`src/plugin/reservations/rules`, `src/plugin/access`)".
 */
export const withoutTokenDigest: CollectionAfterReadHook = ({ doc }) => withoutDigestDeep(doc)
