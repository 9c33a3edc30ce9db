import type { CollectionConfig, FieldAccess } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { reservationFieldComponents } from '../admin/registration.js'
import { isCustomer } from '../access/is-customer.js'
import { reservationAccess } from '../access/reservation-access.js'
import { relationIdsForNonStaff } from '../access/relation-ids-for-non-staff.js'
import { refuseMalformedQueries } from '../access/refuse-malformed-queries.js'
import { reservationWriteHooks } from './write-hooks.js'

const nobody: FieldAccess = () => false

const dateTime = { date: { pickerAppearance: 'dayAndTime' as const } }

/**
 * The reservations collection: a projection of the reservation streams. Writes through Payload
 * (Local API, REST, GraphQL, the admin form) are turned into ledger commands by its hooks;
 * the fields the ledger owns cannot be written directly.
 */
export const buildReservationsCollection = (options: ResolvedOptions): CollectionConfig => {
  const { slugs, statusMachine } = options
  const hooks = options.disabled ? undefined : reservationWriteHooks(options)
  return {
    access: { ...reservationAccess(options), ...options.access.reservations },
    admin: {
      defaultColumns: ['startTime', 'resource', 'service', 'status', 'customer'],
      group: options.adminGroup,
      useAsTitle: 'startTime',
    },
    fields: [
      // Ids are made by the ledger (UUIDv7) so they are the same on every database.
      { name: 'id', type: 'text', access: { update: nobody }, admin: { hidden: true } },
      { name: 'service', type: 'relationship', relationTo: slugs.services, required: true },
      { name: 'resource', type: 'relationship', index: true, relationTo: slugs.resources, required: true },
      {
        name: 'startTime',
        type: 'date',
        admin: { ...dateTime, components: reservationFieldComponents(options, 'slotPicker') },
        index: true,
        required: true,
      },
      { name: 'endTime', type: 'date', admin: { ...dateTime, description: 'Calculated from the service when left empty.' } },
      {
        name: 'status',
        type: 'select',
        defaultValue: statusMachine.defaultStatus,
        index: true,
        options: statusMachine.statuses.map((status) => ({ label: status, value: status })),
      },
      {
        name: 'customer',
        type: 'relationship',
        admin: { components: reservationFieldComponents(options, 'customerField') },
        // A signed-in customer books for themselves (the booking rules refuse anyone else).
        defaultValue: ({ user }) => (isCustomer(user, options) ? user?.id : undefined),
        index: true,
        relationTo: slugs.customers,
      },
      {
        name: 'guest',
        type: 'group',
        fields: [
          { name: 'name', type: 'text' },
          { name: 'email', type: 'email' },
          { name: 'phone', type: 'text' },
        ],
      },
      { name: 'guestCount', type: 'number', defaultValue: 1, min: 1 },
      {
        name: 'items',
        type: 'array',
        fields: [
          { name: 'resource', type: 'relationship', relationTo: slugs.resources, required: true },
          { name: 'service', type: 'relationship', relationTo: slugs.services },
          { name: 'startTime', type: 'date', admin: dateTime },
          { name: 'endTime', type: 'date', admin: dateTime },
          { name: 'guestCount', type: 'number', min: 1 },
        ],
      },
      { name: 'idempotencyKey', type: 'text', access: { update: nobody }, index: true },
      // Holds the SHA-256 of a guest's cancellation token; the token itself is never stored.
      {
        name: 'cancellationToken',
        type: 'text',
        access: { create: nobody, read: nobody, update: nobody },
        hidden: true,
      },
      { name: 'notes', type: 'textarea' },
      {
        name: 'ledgerRevision',
        type: 'number',
        access: { create: nobody, update: nobody },
        admin: { description: 'Revision of the reservation stream this document reflects.', position: 'sidebar', readOnly: true },
      },
      { name: 'ledgerHooksRevision', type: 'number', access: { create: nobody, update: nobody }, hidden: true },
    ],
    hooks: {
      afterRead: [relationIdsForNonStaff(options, ['customer', 'resource', 'service', 'items.resource', 'items.service'])],
      ...(hooks && {
        afterOperation: [hooks.afterOperation],
        beforeChange: [hooks.beforeChange],
        beforeDelete: [hooks.beforeDelete],
      }),
      beforeOperation: [...(hooks ? [hooks.beforeOperation] : []), refuseMalformedQueries(slugs.reservations)],
    },
    slug: slugs.reservations,
    timestamps: true,
  }
}
