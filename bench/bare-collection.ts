import type { CollectionConfig, Plugin } from 'payload'

import { DEFAULT_STATUS_MACHINE } from '../src/commands/status-machine.js'

/** The baseline's collection: a reservation document in plain Payload, no plugin hooks. */
export const BARE_SLUG = 'bench-bare-reservations'

const dateTime = { date: { pickerAppearance: 'dayAndTime' as const } }

/**
 * The fields, indexes and timestamps of the plugin's reservations collection
 * (src/plugin/features/booking/reservations-collection.ts), as a host would declare them without the plugin:
 * relationships to services, resources and the customers' collection, the text id the ledger
 * gives, the status select, guest group, items array and the ledger's bookkeeping columns. No
 * hooks and Payload's default access: what `payload.create` of a reservation costs in Payload
 * itself, to set the plugin's cost against.
 */
const bareReservations = (slugs: { customers: string; resources: string; services: string }): CollectionConfig => ({
  slug: BARE_SLUG,
  indexes: [{ fields: ['customer', 'createdAt'] }],
  fields: [
    { name: 'id', type: 'text' },
    { name: 'service', type: 'relationship', relationTo: slugs.services, required: true },
    { name: 'resource', type: 'relationship', index: true, relationTo: slugs.resources, required: true },
    { name: 'startTime', type: 'date', admin: dateTime, index: true, required: true },
    { name: 'endTime', type: 'date', admin: dateTime },
    {
      name: 'status',
      type: 'select',
      defaultValue: DEFAULT_STATUS_MACHINE.defaultStatus,
      index: true,
      options: DEFAULT_STATUS_MACHINE.statuses.map((status) => ({ label: status, value: status })),
    },
    { name: 'customer', type: 'relationship', index: true, relationTo: slugs.customers },
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
    { name: 'idempotencyKey', type: 'text', index: true },
    { name: 'cancellationToken', type: 'text', hidden: true },
    { name: 'notes', type: 'textarea' },
    { name: 'ledgerRevision', type: 'number' },
    { name: 'ledgerHooksRevision', type: 'number', hidden: true },
  ],
  timestamps: true,
})

/** A host plugin adding the baseline collection (run after the reserve plugin, as `hostPlugins`). */
export const bareReservationsPlugin: Plugin = (config) => ({
  ...config,
  collections: [...(config.collections ?? []), bareReservations({ customers: 'users', resources: 'resources', services: 'services' })],
})
