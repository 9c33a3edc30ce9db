import type { PayloadRequest } from 'payload'

import { executeAccess } from 'payload'

import type { RoleOptions, TenancyOptions } from '../../options.js'

import { tenancyOf } from '../tenancy/tenancy.js'
import { seesAllRecords } from '../../../contract/roles/record-scope.js'

/**
 * On a multi-tenant site, whether the requester has access to every tenant: their read access
 * to the reservations collection is unconstrained (the multi-tenant plugin adds a tenant filter
 * for everyone else). True on other sites.
 */
export const readsEveryTenant = async (req: PayloadRequest, options: TenancyOptions): Promise<boolean> => {
  if (!tenancyOf(req.payload, options).configured) {
    return true
  }
  const { config } = req.payload.collections[options.slugs.reservations]
  return (await executeAccess({ collectionConfig: config, disableErrors: true, req }, config.access.read)) === true
}

/**
 * Whether the requester may see what the whole ledger holds (its events): staff who see all
 * records and, on a multi-tenant site, have access to every tenant. The ledger's rows cannot
 * be filtered by tenant (see docs/ARCHITECTURE.md, "Tenancy").
 */
export const readsWholeLedger = async (req: PayloadRequest, options: RoleOptions & TenancyOptions): Promise<boolean> =>
  seesAllRecords(req.user, options) && (await readsEveryTenant(req, options))
