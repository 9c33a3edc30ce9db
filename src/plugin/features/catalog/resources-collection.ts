import type { CollectionConfig } from 'payload'

import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'

import { ownedRecordAccess } from '../../shared/access/owned-record-access.js'
import { relationIdsForNonStaff } from '../../shared/access/relation-ids-for-non-staff.js'
import { reservationComponent } from '../../shared/admin/registration.js'
import { calendarFeedsField } from '../../shared/fields/calendar-feeds-field.js'
import { colourField } from '../../shared/fields/colour-field.js'
import { ownerField } from '../../shared/fields/owner-field.js'
import { activeField, descriptionField, imageFields, nameField } from '../../shared/fields/presentation-fields.js'
import { timeZoneField } from '../../shared/fields/time-zone-field.js'
import { timeZoneFromTenant } from '../../shared/tenancy/time-zone-from-tenant.js'
import { wholeNumberField } from '../../shared/fields/whole-number-field.js'
import { collectionLabels, label, navigationGroup, translatedOptions } from '../../shared/labels.js'

/** Who or what is booked: a staff member, room or piece of equipment, with its capacity. */
export const buildResourcesCollection = (resolved: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'disabled' | 'localizedTexts' | 'mediaCollection' | 'resourceTypes' | 'timezone'>): CollectionConfig => ({
  slug: resolved.slugs.resources,
  access: { ...ownedRecordAccess(resolved), ...resolved.access.resources },
  admin: {
    defaultColumns: ['name', 'resourceType', 'quantity', 'active'],
    group: navigationGroup(resolved.adminGroup),
    useAsTitle: 'name',
  },
  labels: collectionLabels('coll_resource', 'coll_resources'),
  fields: [
    nameField(resolved),
    { name: 'services', type: 'relationship', hasMany: true, label: label('field_services'), relationTo: resolved.slugs.services },
    wholeNumberField({
      name: 'quantity',
      admin: { description: label('desc_quantity') },
      defaultValue: 1,
      label: label('field_quantity'),
      min: 1,
      required: true,
    }),
    {
      name: 'capacityMode',
      type: 'select',
      defaultValue: 'per-reservation',
      label: label('field_capacityMode'),
      options: translatedOptions('capacityMode', ['per-reservation', 'per-guest']),
      required: true,
    },
    timeZoneField(resolved.timezone, {
      Field: reservationComponent(resolved, 'timeZoneField'),
      fromTenant: resolved.multiTenant.tenantTimezoneField !== null,
    }),
    {
      name: 'resourceType',
      type: 'select',
      defaultValue: resolved.resourceTypes[0],
      label: label('field_resourceType'),
      options: translatedOptions('resourceType', resolved.resourceTypes),
      required: true,
    },
    colourField(reservationComponent(resolved, 'colourField')),
    descriptionField(resolved),
    ...imageFields(resolved),
    calendarFeedsField,
    ownerField(resolved),
    activeField,
  ],
  hooks: {
    afterRead: [relationIdsForNonStaff(resolved, ['owner', 'services'])],
    ...(resolved.multiTenant.tenantTimezoneField === null ? {} : { beforeValidate: [timeZoneFromTenant(resolved)] }),
  },
})
