import type { Access, CollectionAfterReadHook } from 'payload'

import type { RoleOptions, TenancyOptions } from '../../options.js'

import { readsWholeLedger } from './reads-whole-ledger.js'
import { withoutDigestDeep } from './token-digest.js'

/**
 * The ledger holds every reservation's details, guests' included, and cannot be filtered by
 * resource or tenant: only staff who see all records read it (in owner mode, the admin roles;
 * on a multi-tenant site, those with access to every tenant).
 */
export const readsLedger =
  (resolved: RoleOptions & TenancyOptions): Access =>
  ({ req }) =>
    readsWholeLedger(req, resolved)

/**
 * A guest's token digest lives in its booking event so the ledger can rebuild the reservation;
 * it never leaves through the API, at whatever depth an event holds it. The store reads rows
 * below the hooks. See docs/ARCHITECTURE.md,
 * "Rules and access (`src/plugin/features/booking/rules`, `src/plugin/shared/access`)".
 */
export const withoutTokenDigest: CollectionAfterReadHook = ({ doc }) => withoutDigestDeep(doc)
