import type { BookingRule } from './booking-rule.js'

import { customerTenants, otherTenant, planTenant } from '../../../shared/tenancy/booking-tenant.js'
import { isTenantScoped, tenancyOf, tenantsAgree } from '../../../shared/tenancy/tenancy.js'
import { relationId } from '../../../shared/relation-id.js'

/**
 * Multi-tenant sites: a reservation's service, resources, items and customer belong to one
 * tenant, the reservation's own (fixed at booking, so a move stays within it), and a tenant the
 * request names must be that one. A customer who holds no tenant (a user who signed up on their
 * own) may book with any. Refused with a 400 on the path of the record that differs.
 */
export const oneTenant: BookingRule = async ({ customer, data, operation, options, originalDoc, plan, req }) => {
  const tenancy = tenancyOf(req.payload, options)
  if (!isTenantScoped(tenancy, options)) {
    return
  }
  const field = tenancy.fields.get(options.slugs.reservations)
  const stored = operation === 'update' && field !== undefined ? relationId(originalDoc?.[field]) : null
  let tenant = stored
  if (plan !== null) {
    const planned = await planTenant(req, options, plan)
    if (stored !== null && !tenantsAgree(planned, stored)) {
      throw otherTenant('service')
    }
    tenant = planned
  }
  const named = operation === 'create' && field !== undefined ? relationId(data[field]) : null
  if (named !== null && !tenantsAgree(named, tenant)) {
    throw otherTenant(field!)
  }
  const customerChanged = customer !== null && (operation === 'create' || String(customer) !== String(relationId(originalDoc?.customer)))
  if (customerChanged && tenant !== null) {
    const tenants = await customerTenants(req, options, customer)
    if (tenants !== null && tenants.length > 0 && !tenants.includes(String(tenant))) {
      throw otherTenant('customer')
    }
  }
}
