import type { CollectionConfig } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { isPrivileged } from '../access/is-privileged.js'

export const NOTIFICATIONS_COLLECTION = 'reservation-notifications'

/**
 * Every e-mail the plugin sent or tried, one row per message under a unique key (what, which
 * reservation, which occasion): written before sending, so a hook delivered again after a crash,
 * or a reminder pass in a second process, sends nothing twice.
 */
export const notificationsCollection = (options: ResolvedOptions): CollectionConfig => ({
  access: { create: () => false, delete: () => false, read: ({ req }) => isPrivileged(req.user, options), update: () => false },
  admin: { defaultColumns: ['kind', 'to', 'status', 'createdAt'], group: options.adminGroup, useAsTitle: 'key' },
  fields: [
    { name: 'key', type: 'text', index: true, required: true, unique: true },
    { name: 'kind', type: 'text' },
    { name: 'reservationId', type: 'text', index: true },
    { name: 'to', type: 'text' },
    { name: 'status', type: 'select', defaultValue: 'sending', options: ['sending', 'sent', 'failed'] },
    { name: 'error', type: 'text' },
  ],
  graphQL: false,
  slug: NOTIFICATIONS_COLLECTION,
})
