import type { CollectionConfig, FieldHook } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { ownerFieldOf } from '../access/owner-filter.js'
import { managesOwnRecords } from '../access/record-scope.js'
import { relationIdsForNonStaff } from '../access/relation-ids-for-non-staff.js'
import { scheduleAccess } from '../access/schedule-access.js'
import { calendarDateField } from './fields/calendar-date-field.js'
import { endTimeField, startTimeField } from './fields/time-of-day-fields.js'

const WEEKDAYS = [
  { label: 'Monday', value: 'mon' },
  { label: 'Tuesday', value: 'tue' },
  { label: 'Wednesday', value: 'wed' },
  { label: 'Thursday', value: 'thu' },
  { label: 'Friday', value: 'fri' },
  { label: 'Saturday', value: 'sat' },
  { label: 'Sunday', value: 'sun' },
]

// A one-day exception need not repeat its date: an empty end date ends on the start date.
const endOnStartDate: FieldHook = ({ siblingData, value }) => value || (siblingData as { date?: unknown }).date

/**
 * When a resource is available: weekly recurring windows and dated manual windows, minus
 * exceptions (leave, possibly multi-day, whole days or a partial window on each day). Days are
 * `YYYY-MM-DD` and times `HH:mm`, wall-clock in the resource's time zone.
 */
export const buildSchedulesCollection = (resolved: ResolvedOptions): CollectionConfig => ({
  slug: resolved.slugs.schedules,
  access: { ...scheduleAccess(resolved), ...resolved.access.schedules },
  admin: {
    defaultColumns: ['name', 'resource', 'active'],
    group: resolved.adminGroup,
    useAsTitle: 'name',
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    {
      name: 'resource',
      type: 'relationship',
      // Owner-mode staff may only schedule their own resources; Payload also enforces this on save.
      filterOptions: ({ user }) =>
        user?.id !== undefined && managesOwnRecords(user, resolved)
          ? { [ownerFieldOf(resolved)]: { equals: user.id } }
          : true,
      index: true,
      relationTo: resolved.slugs.resources,
      required: true,
    },
    { name: 'active', type: 'checkbox', admin: { position: 'sidebar' }, defaultValue: true },
    {
      name: 'recurringSlots',
      type: 'array',
      admin: { description: 'Weekly windows. An end time of 24:00 closes at midnight.' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'day', type: 'select', options: WEEKDAYS, required: true },
            startTimeField({ required: true }),
            endTimeField({ required: true }),
          ],
        },
      ],
    },
    {
      name: 'manualSlots',
      type: 'array',
      admin: { description: 'Windows on specific dates, in addition to the weekly ones.' },
      fields: [
        {
          type: 'row',
          fields: [
            calendarDateField({ name: 'date', required: true }),
            startTimeField({ required: true }),
            endTimeField({ required: true }),
          ],
        },
      ],
    },
    {
      name: 'exceptions',
      type: 'array',
      admin: {
        description:
          'Unavailable days, from date to end date inclusive. With start and end times only that window of each day is blocked.',
      },
      fields: [
        {
          type: 'row',
          fields: [
            calendarDateField({ name: 'date', required: true }),
            {
              ...calendarDateField({ name: 'endDate', notBefore: 'date', required: false }),
              hooks: { beforeValidate: [endOnStartDate] },
            },
          ],
        },
        {
          type: 'row',
          fields: [
            {
              name: 'type',
              type: 'select',
              defaultValue: resolved.leaveTypes[0],
              options: resolved.leaveTypes,
              required: true,
            },
            { name: 'reason', type: 'text' },
          ],
        },
        {
          type: 'row',
          fields: [startTimeField({ required: false }), endTimeField({ required: false })],
        },
      ],
    },
  ],
  hooks: { afterRead: [relationIdsForNonStaff(resolved, ['resource'])] },
})
