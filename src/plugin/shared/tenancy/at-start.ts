import type { Payload } from 'payload'

import type { ResolvedOptions, TenancyOptions } from '../../options.js'

import { tenancyOf } from './tenancy.js'

/** The ledger's collections a multi-tenant site should scope (customers only where the ledger owns them). */
const scopedCollections = (options: Pick<ResolvedOptions, 'slugs' | 'userCollection'>): string[] => [
  options.slugs.services,
  options.slugs.resources,
  options.slugs.schedules,
  options.slugs.reservations,
  ...(options.userCollection === undefined ? [options.slugs.customers] : []),
]

/**
 * Multi-tenant sites, at start: names the ledger's collections the multi-tenant plugin does not
 * scope (their records are shared by every tenant, which is seldom meant: the plugin must come
 * after this one in `plugins` to see them), and hands the reservations' tenant field to the
 * ledger (below). See docs/ARCHITECTURE.md, "Tenancy".
 */
export const startTenancy = (payload: Payload, options: TenancyOptions & Pick<ResolvedOptions, 'userCollection'>): void => {
  const tenancy = tenancyOf(payload, options)
  if (!tenancy.configured) {
    return
  }
  const unscoped = scopedCollections(options).filter((slug) => !tenancy.fields.has(slug))
  if (unscoped.length > 0) {
    payload.logger.warn(
      `payload-reserve-ledger: multi-tenant is configured, but these collections are not tenant-scoped: ${unscoped.join(', ')}. ` +
        "Every tenant shares their records: add them to the multi-tenant plugin's collections, with that plugin after reserveLedgerPlugin in plugins.",
    )
  }
  ledgerSetsReservationTenant(payload, options)
}

/**
 * The multi-tenant plugin's field validation lets a user assign only a tenant they belong to,
 * which refuses every guest's and customer's booking (they belong to none). On the
 * reservations collection the ledger sets the field itself, from the tenant the booking's
 * records share (the `one-tenant` rule), and no request can write it: its check is replaced by
 * that. A request naming another tenant is still refused by the rule and by the plugin's
 * beforeValidate hook.
 */
const ledgerSetsReservationTenant = (payload: Payload, options: TenancyOptions): void => {
  const name = tenancyOf(payload, options).fields.get(options.slugs.reservations)
  const collection = payload.collections[options.slugs.reservations as keyof typeof payload.collections]?.config
  const field = collection?.fields.find((candidate) => 'name' in candidate && candidate.name === name)
  if (field && 'validate' in field) {
    field.validate = () => true as const
  }
}
