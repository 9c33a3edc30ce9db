import type { CollectionConfig } from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { ownedRecordAccess } from '../../shared/access/owned-record-access.js'
import { relationIdsForNonStaff } from '../../shared/access/relation-ids-for-non-staff.js'
import { ownerField } from '../../shared/fields/owner-field.js'
import { maxFlexibleDurationField } from '../../shared/fields/max-flexible-duration.js'
import { activeField, descriptionField, imageFields, nameField } from '../../shared/fields/presentation-fields.js'
import { wholeNumberField } from '../../shared/fields/whole-number-field.js'
import { forceFullDayDuration } from './hooks/force-full-day-duration.js'
import { collectionLabels, label, navigationGroup, translatedOptions } from '../../shared/labels.js'

/** What can be booked: a treatment, room type or offering, with its length and buffers. */
export const buildServicesCollection = (resolved: RoleOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'localizedTexts' | 'maxFlexibleDuration' | 'mediaCollection' | 'staffCollection'>): CollectionConfig => ({
  slug: resolved.slugs.services,
  access: { ...ownedRecordAccess(resolved), ...resolved.access.services },
  admin: {
    defaultColumns: ['name', 'duration', 'price', 'active'],
    group: navigationGroup(resolved.adminGroup),
    useAsTitle: 'name',
  },
  labels: collectionLabels('coll_service', 'coll_services'),
  fields: [
    nameField(resolved),
    {
      name: 'durationType',
      type: 'select',
      defaultValue: 'fixed',
      label: label('field_durationType'),
      options: translatedOptions('durationType', ['fixed', 'flexible', 'full-day']),
      required: true,
    },
    wholeNumberField({
      name: 'duration',
      admin: {
        condition: (data) => data?.durationType !== 'full-day',
        description: label('desc_duration'),
      },
      label: label('field_duration'),
      min: 1,
      required: true,
    }),
    maxFlexibleDurationField(resolved),
    { name: 'price', type: 'number', label: label('field_price'), min: 0 },
    {
      name: 'requiredResources',
      type: 'relationship',
      admin: { description: label('desc_requiredResources') },
      hasMany: true,
      label: label('field_requiredResources'),
      relationTo: resolved.slugs.resources,
    },
    {
      name: 'allowGuestBooking',
      type: 'select',
      admin: { description: label('desc_allowGuestBooking') },
      defaultValue: 'inherit',
      label: label('field_allowGuestBooking'),
      options: translatedOptions('guestBooking', ['enabled', 'disabled', 'inherit']),
      required: true,
    },
    wholeNumberField({
      name: 'bufferTimeBefore',
      admin: { description: label('desc_bufferTimeBefore') },
      label: label('field_bufferTimeBefore'),
      max: 1439,
      min: 0,
    }),
    wholeNumberField({
      name: 'bufferTimeAfter',
      admin: { description: label('desc_bufferTimeAfter') },
      label: label('field_bufferTimeAfter'),
      max: 1439,
      min: 0,
    }),
    wholeNumberField({
      name: 'slotInterval',
      admin: { description: label('desc_slotInterval') },
      label: label('field_slotInterval'),
      max: 1440,
      min: 1,
    }),
    wholeNumberField({
      name: 'minNoticeMinutes',
      admin: { description: label('desc_minNoticeMinutes') },
      label: label('field_minNoticeMinutes'),
      max: 525_600,
      min: 0,
    }),
    wholeNumberField({
      name: 'maxAdvanceDays',
      admin: { description: label('desc_maxAdvanceDays') },
      label: label('field_maxAdvanceDays'),
      max: 3660,
      min: 1,
    }),
    wholeNumberField({
      name: 'holdMinutes',
      admin: { description: label('desc_holdMinutes') },
      label: label('field_holdMinutes'),
      max: 1440,
      min: 1,
    }),
    descriptionField(resolved),
    ...imageFields(resolved),
    {
      name: 'resources',
      type: 'join',
      admin: { description: label('desc_serviceResources') },
      collection: resolved.slugs.resources,
      label: label('field_resources'),
      on: 'services',
    },
    ownerField(resolved),
    activeField,
  ],
  hooks: {
    afterRead: [relationIdsForNonStaff(resolved, ['owner', 'requiredResources'])],
    beforeValidate: [forceFullDayDuration],
  },
})
