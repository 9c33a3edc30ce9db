import type { CollectionConfig } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { ownedRecordAccess } from '../access/owned-record-access.js'
import { relationIdsForNonStaff } from '../access/relation-ids-for-non-staff.js'
import { calendarFeedsField } from './fields/calendar-feeds-field.js'
import { ownerField } from './fields/owner-field.js'
import { descriptionField, imageFields, nameField } from './fields/presentation-fields.js'
import { timeZoneField } from './fields/time-zone-field.js'
import { timeZoneFromTenant } from '../tenancy/time-zone-from-tenant.js'
import { wholeNumberField } from './fields/whole-number-field.js'

/** Who or what is booked: a staff member, room or piece of equipment, with its capacity. */
export const buildResourcesCollection = (resolved: ResolvedOptions): CollectionConfig => ({
  slug: resolved.slugs.resources,
  access: { ...ownedRecordAccess(resolved), ...resolved.access.resources },
  admin: {
    defaultColumns: ['name', 'resourceType', 'quantity', 'active'],
    group: resolved.adminGroup,
    useAsTitle: 'name',
  },
  fields: [
    nameField(resolved),
    { name: 'services', type: 'relationship', hasMany: true, relationTo: resolved.slugs.services },
    wholeNumberField({
      name: 'quantity',
      admin: { description: 'Identical units, or total seats when capacity is per guest.' },
      defaultValue: 1,
      min: 1,
      required: true,
    }),
    {
      name: 'capacityMode',
      type: 'select',
      defaultValue: 'per-reservation',
      options: [
        { label: 'Per reservation', value: 'per-reservation' },
        { label: 'Per guest', value: 'per-guest' },
      ],
      required: true,
    },
    timeZoneField(resolved.timezone, { fromTenant: resolved.multiTenant.tenantTimezoneField !== null }),
    {
      name: 'resourceType',
      type: 'select',
      defaultValue: resolved.resourceTypes[0],
      options: resolved.resourceTypes,
      required: true,
    },
    descriptionField(resolved),
    ...imageFields(resolved),
    calendarFeedsField,
    ownerField(resolved),
    { name: 'active', type: 'checkbox', admin: { position: 'sidebar' }, defaultValue: true },
  ],
  hooks: {
    afterRead: [relationIdsForNonStaff(resolved, ['owner', 'services'])],
    ...(resolved.multiTenant.tenantTimezoneField === null ? {} : { beforeValidate: [timeZoneFromTenant(resolved)] }),
  },
})
