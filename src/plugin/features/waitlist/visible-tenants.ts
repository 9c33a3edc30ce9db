import type { PayloadRequest } from 'payload'

import type { TenancyOptions } from '../../options.js'

import { readsEveryTenant } from '../../shared/access/reads-whole-ledger.js'
import { isTenantScoped, tenancyOf, userTenants } from '../../shared/tenancy/tenancy.js'

/**
 * The tenants whose waitlist entries the requester sees, as the multi-tenant plugin scopes the
 * reservations: null for every entry (a site whose services and resources are not split by tenant,
 * or a user with access to every tenant), else the tenants of the user's tenant rows.
 */
export const visibleTenants = async (req: PayloadRequest, options: TenancyOptions): Promise<null | string[]> => {
  const tenancy = tenancyOf(req.payload, options)
  if (!req.user || !isTenantScoped(tenancy, options) || (await readsEveryTenant(req, options))) {
    return null
  }
  return userTenants(tenancy, req.user).map(String)
}
