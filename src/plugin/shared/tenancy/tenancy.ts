import type { CollectionSlug, Field, Payload } from 'payload'

import type { RelationId } from '../../../events/types.js'
import type { ResolvedOptions, TenancyOptions } from '../../options.js'

import { relationId } from '../relation-id.js'

/** The admin component `@payloadcms/plugin-multi-tenant` gives the tenant field it adds: its mark. */
const TENANT_FIELD_MARK = '@payloadcms/plugin-multi-tenant/client#TenantField'

/** How a site's collections are split by tenant, as found in its config at start. */
export interface Tenancy {
  /** A collection of the site is tenant-scoped (or `multiTenant.tenantField` was given). */
  configured: boolean
  /** The tenant field of each scoped collection, by slug. */
  fields: ReadonlyMap<string, string>
  /** Users of this auth collection belong to tenants through an array of tenant rows. */
  members: null | { array: string; collection: string; tenant: string }
  tenantsSlug: CollectionSlug | null
}

type Relationship = Extract<Field, { type: 'relationship' }>

const componentPath = (field: Field): unknown => {
  const component = (field.admin as { components?: { Field?: unknown } } | undefined)?.components?.Field
  return typeof component === 'object' && component !== null ? (component as { path?: unknown }).path : component
}

/** The multi-tenant plugin's tenant field of a collection (its mark), or the one the site named. */
const tenantFieldOf = (fields: Field[], named: null | string): null | Relationship => {
  const found = fields.find(
    (field) => field.type === 'relationship' && (componentPath(field) === TENANT_FIELD_MARK || (named !== null && field.name === named)),
  )
  return (found as Relationship | undefined) ?? null
}

/** The users' array of tenant rows the multi-tenant plugin adds (`tenants.tenant` by default). */
const membersOf = (slug: string, fields: Field[], tenantsSlug: string): Tenancy['members'] => {
  for (const field of fields) {
    if (field.type !== 'array') {
      continue
    }
    const row = field.fields.find((inner) => inner.type === 'relationship' && inner.relationTo === tenantsSlug)
    if (row && 'name' in row) {
      return { array: field.name, collection: slug, tenant: row.name }
    }
  }
  return null
}

const detect = (payload: Payload, options: Pick<ResolvedOptions, 'multiTenant' | 'staffCollection'>): Tenancy => {
  const fields = new Map<string, string>()
  let tenantsSlug: CollectionSlug | null = null
  for (const collection of payload.config.collections) {
    const field = tenantFieldOf(collection.fields, options.multiTenant.tenantField)
    if (field && typeof field.relationTo === 'string') {
      fields.set(collection.slug, field.name)
      tenantsSlug ??= field.relationTo
    }
  }
  const staff = payload.config.collections.find((collection) => collection.slug === options.staffCollection)
  return {
    configured: fields.size > 0 || options.multiTenant.tenantField !== null,
    fields,
    members: tenantsSlug && staff ? membersOf(staff.slug, staff.fields, tenantsSlug) : null,
    tenantsSlug,
  }
}

const found = new WeakMap<Payload, Tenancy>()

/** The site's tenancy, read from its config once per Payload instance. */
export const tenancyOf = (payload: Payload, options: Pick<ResolvedOptions, 'multiTenant' | 'staffCollection'>): Tenancy => {
  let tenancy = found.get(payload)
  if (!tenancy) {
    tenancy = detect(payload, options)
    found.set(payload, tenancy)
  }
  return tenancy
}

/** Whether the ledger's own records are split by tenant: services or resources are scoped. */
export const isTenantScoped = (tenancy: Tenancy, options: Pick<ResolvedOptions, 'slugs'>): boolean =>
  tenancy.fields.has(options.slugs.services) || tenancy.fields.has(options.slugs.resources)

/** The tenant a document of `collection` belongs to; null where the collection is not scoped or the field is empty. */
export const tenantOfDoc = (tenancy: Tenancy, collection: string, doc: Record<string, unknown>): null | RelationId => {
  const field = tenancy.fields.get(collection)
  return field === undefined ? null : relationId(doc[field])
}

/**
 * Whether records of these tenants may meet in one booking: the same tenant (ids arrive as
 * numbers or text), or either has none (its collection is not scoped by the multi-tenant plugin).
 */
export const tenantsAgree = (a: null | RelationId, b: null | RelationId): boolean => a === null || b === null || String(a) === String(b)

/** The reservations collection's tenant field, where the multi-tenant plugin scopes it. */
export const reservationTenantField = (payload: Payload, options: TenancyOptions): null | string =>
  tenancyOf(payload, options).fields.get(options.slugs.reservations) ?? null

/** The tenants a user of the multi-tenant plugin's users collection belongs to, in their order. */
export const userTenants = (tenancy: Tenancy, user: Record<string, unknown>): RelationId[] => {
  const members = tenancy.members
  const rows = members !== null && Array.isArray(user[members.array]) ? (user[members.array] as Record<string, unknown>[]) : []
  return rows.map((row) => relationId(row[members!.tenant])).filter((id): id is RelationId => id !== null)
}
