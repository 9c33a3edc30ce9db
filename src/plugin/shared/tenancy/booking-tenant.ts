import type { PayloadRequest } from 'payload'

import type { BookingPlan, RelationId } from '../../../events/types.js'
import type { TenancyOptions } from '../../options.js'

import { CommandRejected } from '../../../events/rejection.js'
import { referenceData } from '../reference-data/reference-data.js'
import { relationId } from '../relation-id.js'
import { tenancyOf, tenantsAgree } from './tenancy.js'

/** The refusal of a record from another tenant than the booking's, on the record's path. */
export const otherTenant = (path: string): CommandRejected =>
  new CommandRejected('invalid', 'A booking and its service, resources and customer must belong to one tenant', path)

/**
 * The tenant of a booking's records: the service's (the first resource's where services are not
 * scoped), which every resource and item service must share (else a 400 on the first path that
 * differs). Null on a site whose services and resources are not tenant-scoped. Read from the
 * reference-data cache, as the plan was.
 */
export const planTenant = async (req: PayloadRequest, options: TenancyOptions, plan: BookingPlan): Promise<null | RelationId> => {
  const reference = referenceData(req.payload, options)
  const itemServices = plan.items.map((item) => item.service ?? null)
  const services = await reference.services([plan.service, ...itemServices.filter((id): id is RelationId => id !== null)])
  const resources = await reference.resources([plan.resource, ...plan.items.map((item) => item.resource)])
  const serviceTenant = (id: RelationId) => services.get(String(id))?.tenant ?? null
  const resourceTenant = (id: RelationId) => resources.get(String(id))?.tenant ?? null
  // Each record's path and tenant, the service first: the booking's tenant is the service's.
  const records: Array<[path: string, tenant: null | RelationId]> = [
    ['service', serviceTenant(plan.service)],
    ['resource', resourceTenant(plan.resource)],
    ...plan.items.flatMap((item, index): Array<[string, null | RelationId]> => [
      [`items.${index}.resource`, resourceTenant(item.resource)],
      ...(itemServices[index] === null ? [] : [[`items.${index}.service`, serviceTenant(itemServices[index])] as [string, null | RelationId]]),
    ]),
  ]
  const tenant = records.find(([, found]) => found !== null)?.[1] ?? null
  const stray = records.find(([, found]) => !tenantsAgree(found, tenant))
  if (stray) {
    throw otherTenant(stray[0])
  }
  return tenant
}

/**
 * The tenants a customer belongs to: the tenant field of a scoped customers collection, or the
 * tenant rows of a user of the collection the multi-tenant plugin gives tenants to
 * (`userCollection` sites). Null when customers are not split by tenant.
 */
export const customerTenants = async (req: PayloadRequest, options: TenancyOptions, customer: RelationId): Promise<null | string[]> => {
  const tenancy = tenancyOf(req.payload, options)
  const field = tenancy.fields.get(options.slugs.customers)
  const members = tenancy.members?.collection === options.slugs.customers ? tenancy.members : null
  if (field === undefined && members === null) {
    return null
  }
  const doc = (await req.payload.db.findOne({
    collection: options.slugs.customers,
    req,
    where: { id: { equals: customer } },
  })) as null | Record<string, unknown>
  if (doc === null) {
    return []
  }
  if (field !== undefined) {
    const tenant = relationId(doc[field])
    return tenant === null ? [] : [String(tenant)]
  }
  const rows = Array.isArray(doc[members!.array]) ? (doc[members!.array] as Record<string, unknown>[]) : []
  return rows.map((row) => relationId(row[members!.tenant])).filter((id): id is RelationId => id !== null).map(String)
}
