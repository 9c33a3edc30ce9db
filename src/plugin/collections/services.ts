import type { CollectionConfig } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { ownedRecordAccess } from '../access/owned-record-access.js'
import { relationIdsForNonStaff } from '../access/relation-ids-for-non-staff.js'
import { ownerField } from './fields/owner-field.js'
import { maxFlexibleDurationField } from './fields/max-flexible-duration.js'
import { descriptionField, imageFields, nameField } from './fields/presentation-fields.js'
import { wholeNumberField } from './fields/whole-number-field.js'
import { forceFullDayDuration } from './hooks/force-full-day-duration.js'

/** What can be booked: a treatment, room type or offering, with its length and buffers. */
export const buildServicesCollection = (resolved: ResolvedOptions): CollectionConfig => ({
  slug: resolved.slugs.services,
  access: { ...ownedRecordAccess(resolved), ...resolved.access.services },
  admin: {
    defaultColumns: ['name', 'duration', 'price', 'active'],
    group: resolved.adminGroup,
    useAsTitle: 'name',
  },
  fields: [
    nameField(resolved),
    {
      name: 'durationType',
      type: 'select',
      defaultValue: 'fixed',
      options: [
        { label: 'Fixed', value: 'fixed' },
        { label: 'Flexible', value: 'flexible' },
        { label: 'Full day', value: 'full-day' },
      ],
      required: true,
    },
    wholeNumberField({
      name: 'duration',
      admin: {
        condition: (data) => data?.durationType !== 'full-day',
        description: 'Minutes. Full-day services always last 1440; for flexible ones this is the shortest booking.',
      },
      min: 1,
      required: true,
    }),
    maxFlexibleDurationField,
    { name: 'price', type: 'number', min: 0 },
    {
      name: 'requiredResources',
      type: 'relationship',
      admin: { description: 'Resource pools needed in addition to the booked resource.' },
      hasMany: true,
      relationTo: resolved.slugs.resources,
    },
    {
      name: 'allowGuestBooking',
      type: 'select',
      admin: { description: 'Inherit follows the plugin-wide setting.' },
      defaultValue: 'inherit',
      options: [
        { label: 'Enabled', value: 'enabled' },
        { label: 'Disabled', value: 'disabled' },
        { label: 'Inherit', value: 'inherit' },
      ],
      required: true,
    },
    wholeNumberField({
      name: 'bufferTimeBefore',
      admin: { description: 'Minutes kept free before each booking.' },
      max: 1439,
      min: 0,
    }),
    wholeNumberField({
      name: 'bufferTimeAfter',
      admin: { description: 'Minutes kept free after each booking; empty uses the plugin default.' },
      max: 1439,
      min: 0,
    }),
    wholeNumberField({
      name: 'slotInterval',
      admin: { description: 'Minutes between offered start times; empty uses the plugin default.' },
      max: 1440,
      min: 1,
    }),
    wholeNumberField({
      name: 'minNoticeMinutes',
      admin: { description: 'How soon a customer may book: minutes before the start. Empty uses the plugin default.' },
      max: 525_600,
      min: 0,
    }),
    wholeNumberField({
      name: 'maxAdvanceDays',
      admin: { description: 'How far ahead a customer may book, in days. Empty uses the plugin default.' },
      max: 3660,
      min: 1,
    }),
    wholeNumberField({
      name: 'holdMinutes',
      admin: { description: 'How long a hold keeps a time while the customer checks out, in minutes. Empty uses the plugin default.' },
      max: 1440,
      min: 1,
    }),
    descriptionField(resolved),
    ...imageFields(resolved),
    {
      name: 'resources',
      type: 'join',
      admin: { description: 'The resources that offer this service (set on each resource).' },
      collection: resolved.slugs.resources,
      on: 'services',
    },
    ownerField(resolved),
    { name: 'active', type: 'checkbox', admin: { position: 'sidebar' }, defaultValue: true },
  ],
  hooks: {
    afterRead: [relationIdsForNonStaff(resolved, ['owner', 'requiredResources'])],
    beforeValidate: [forceFullDayDuration],
  },
})
