import type { CollectionBeforeValidateHook } from 'payload'

import type { ResolvedOptions, TenancyOptions } from '../../options.js'

import { isTimeZone } from '../validation/is-time-zone.js'
import { relationId } from '../relation-id.js'
import { tenancyOf } from './tenancy.js'

/**
 * Multi-tenant sites with `multiTenant.tenantTimezoneField`: a resource saved without a zone of
 * its own takes its tenant's (that field of the tenant), else the plugin's `timezone`. It runs
 * after Payload has set the tenant field's default (the tenant selected in the admin), and
 * writes the zone into the resource, so everything that reads a resource's zone reads it there.
 */
export const timeZoneFromTenant =
  (options: TenancyOptions & Pick<ResolvedOptions, 'timezone'>): CollectionBeforeValidateHook =>
  async ({ data, originalDoc, req }) => {
    const current = data?.timezone !== undefined ? data.timezone : originalDoc?.timezone
    if (!data || (typeof current === 'string' && current !== '')) {
      return data
    }
    const tenancy = tenancyOf(req.payload, options)
    const field = tenancy.fields.get(options.slugs.resources)
    const tenant = field === undefined ? null : relationId(data[field] ?? originalDoc?.[field])
    let zone: unknown = null
    if (tenant !== null && tenancy.tenantsSlug !== null) {
      const doc = (await req.payload.db.findOne({
        collection: tenancy.tenantsSlug,
        req,
        where: { id: { equals: tenant } },
      })) as null | Record<string, unknown>
      zone = doc?.[options.multiTenant.tenantTimezoneField!]
    }
    return { ...data, timezone: isTimeZone(zone) ? zone : options.timezone }
  }
