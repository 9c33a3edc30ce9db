import type { Field, Payload } from 'payload'

import { describe, expect, it } from 'vitest'

import { resolveOptions } from '../../../../../src/plugin/resolve-options.js'
import { tenancyOf, tenantOfDoc, tenantsAgree } from '../../../../../src/plugin/shared/tenancy/tenancy.js'

/** A started site's config as tenancy reads it: its collections and their fields. */
const site = (collections: Array<{ fields: Field[]; slug: string }>) => ({ config: { collections } }) as unknown as Payload

// What @payloadcms/plugin-multi-tenant adds to a collection it scopes.
const pluginTenantField: Field = {
  name: 'tenant',
  type: 'relationship',
  admin: { components: { Field: { path: '@payloadcms/plugin-multi-tenant/client#TenantField' } } },
  relationTo: 'tenants',
}
const tenantRows: Field = { name: 'tenants', type: 'array', fields: [{ name: 'tenant', type: 'relationship', relationTo: 'tenants' }] }
const name: Field = { name: 'name', type: 'text' }

describe('tenancy of a site', () => {
  it("finds the collections the multi-tenant plugin scopes by its field's admin component, and the users' tenant rows", () => {
    const tenancy = tenancyOf(
      site([
        { fields: [tenantRows], slug: 'users' },
        { fields: [pluginTenantField, name], slug: 'services' },
        { fields: [name, { name: 'tenant', type: 'relationship', relationTo: 'tenants' }], slug: 'resources' },
      ]),
      resolveOptions({}),
    )
    expect(tenancy).toEqual({
      configured: true,
      fields: new Map([['services', 'tenant']]),
      members: { array: 'tenants', collection: 'users', tenant: 'tenant' },
      tenantsSlug: 'tenants',
    })
  })

  it('takes a tenant field the site added itself by the name multiTenant.tenantField gives', () => {
    const own: Field = { name: 'site', type: 'relationship', relationTo: 'sites' }
    const tenancy = tenancyOf(site([{ fields: [own], slug: 'reservations' }]), resolveOptions({ multiTenant: { tenantField: 'site' } }))
    expect([tenancy.fields, tenancy.tenantsSlug]).toEqual([new Map([['reservations', 'site']]), 'sites'])
    expect(tenantOfDoc(tenancy, 'reservations', { site: { id: 4, name: 'North' } })).toBe(4)
    expect(tenantOfDoc(tenancy, 'services', { site: 4 })).toBeNull()
  })

  it('is not configured on a site without the multi-tenant plugin', () => {
    expect(tenancyOf(site([{ fields: [name], slug: 'services' }]), resolveOptions({})).configured).toBe(false)
  })

  it('lets records of one tenant, or of a collection without tenants, meet in a booking', () => {
    expect([tenantsAgree(1, '1'), tenantsAgree(1, 2), tenantsAgree(null, 2), tenantsAgree(3, null)]).toEqual([true, false, true, true])
  })
})
