import type { CollectionConfig, FieldHook } from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { ownerFieldOf } from '../../../contract/roles/role-rules.js'
import { managesOwnRecords } from '../../../contract/roles/record-scope.js'
import { relationIdsForNonStaff } from '../../shared/access/relation-ids-for-non-staff.js'
import { scheduleAccess } from '../../shared/access/schedule-access.js'
import { reservationComponent } from '../../shared/admin/registration.js'
import { calendarDateField } from '../../shared/fields/calendar-date-field.js'
import { endTimeField, startTimeField } from '../../shared/fields/time-of-day-fields.js'
import { activeField } from '../../shared/fields/presentation-fields.js'
import { collectionLabels, label, navigationGroup, translatedOptions } from '../../shared/labels.js'

const WEEKDAYS = translatedOptions('weekday', ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])

// A one-day exception need not repeat its date: an empty end date ends on the start date.
const endOnStartDate: FieldHook = ({ siblingData, value }) => value || (siblingData as { date?: unknown }).date

/**
 * When a resource is available: weekly recurring windows and dated manual windows, minus
 * exceptions (leave, possibly multi-day, whole days or a partial window on each day). Days are
 * `YYYY-MM-DD` and times `HH:mm`, wall-clock in the resource's time zone.
 */
export const buildSchedulesCollection = (resolved: RoleOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'disabled' | 'leaveTypes'>): CollectionConfig => {
  const dayPicker = reservationComponent(resolved, 'calendarDateField')
  const weekdayHours = reservationComponent(resolved, 'weekdayHours')
  return {
    slug: resolved.slugs.schedules,
    access: { ...scheduleAccess(resolved), ...resolved.access.schedules },
    admin: {
      defaultColumns: ['name', 'resource', 'active'],
      group: navigationGroup(resolved.adminGroup),
      useAsTitle: 'name',
    },
    labels: collectionLabels('coll_schedule', 'coll_schedules'),
    fields: [
      { name: 'name', type: 'text', label: label('field_name'), required: true },
      {
        name: 'resource',
        type: 'relationship',
        // Owner-mode staff may only schedule their own resources; Payload also enforces this on save.
        filterOptions: ({ user }) =>
          user?.id !== undefined && managesOwnRecords(user, resolved)
            ? { [ownerFieldOf(resolved)]: { equals: user.id } }
            : true,
        index: true,
        label: label('resource'),
        relationTo: resolved.slugs.resources,
        required: true,
      },
      activeField,
      ...(weekdayHours
        ? [
            {
              name: 'weekdayHours',
              type: 'ui' as const,
              admin: { components: { Field: weekdayHours }, disableListColumn: true },
              label: label('weekdayHours'),
            },
          ]
        : []),
      {
        name: 'recurringSlots',
        type: 'array',
        label: label('field_recurringSlots'),
        labels: { plural: label('field_recurringSlots'), singular: label('row_recurringSlot') },
        admin: { description: label('desc_recurringSlots') },
        fields: [
          {
            type: 'row',
            fields: [
              { name: 'day', type: 'select', label: label('field_day'), options: WEEKDAYS, required: true },
              startTimeField({ required: true }),
              endTimeField({ required: true }),
            ],
          },
        ],
      },
      {
        name: 'manualSlots',
        type: 'array',
        label: label('field_manualSlots'),
        labels: { plural: label('field_manualSlots'), singular: label('row_manualSlot') },
        admin: { description: label('desc_manualSlots') },
        fields: [
          {
            type: 'row',
            fields: [
              calendarDateField({ Field: dayPicker, name: 'date', label: label('field_date'), required: true }),
              startTimeField({ required: true }),
              endTimeField({ required: true }),
            ],
          },
        ],
      },
      {
        name: 'exceptions',
        type: 'array',
        label: label('field_exceptions'),
        labels: { plural: label('field_exceptions'), singular: label('row_exception') },
        admin: {
          description: label('desc_exceptions'),
        },
        fields: [
          {
            type: 'row',
            fields: [
              calendarDateField({ Field: dayPicker, name: 'date', label: label('field_date'), required: true }),
              {
                ...calendarDateField({
                  Field: dayPicker,
                  label: label('field_endDate'),
                  name: 'endDate',
                  notBefore: 'date',
                  required: false,
                }),
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
                label: label('field_type'),
                options: translatedOptions('leaveType', resolved.leaveTypes),
                required: true,
              },
              { name: 'reason', type: 'text', label: label('field_reason') },
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
  }
}
