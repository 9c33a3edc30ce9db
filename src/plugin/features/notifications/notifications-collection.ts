import type { CollectionConfig, CollectionSlug } from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { collectionLabels, label, navigationGroup, translatedOptions } from '../../shared/labels.js'

export const NOTIFICATIONS_COLLECTION: CollectionSlug = 'reservation-notifications'

/**
 * Every e-mail the plugin sent or tried, one row per message under a unique key (what, which
 * reservation, which occasion): written before sending, so a hook delivered again after a crash,
 * or a reminder pass in a second process, sends nothing twice.
 */
export const notificationsCollection = (options: RoleOptions & Pick<ResolvedOptions, 'adminGroup'>): CollectionConfig => ({
  access: { create: () => false, delete: () => false, read: ({ req }) => isPrivileged(req.user, options), update: () => false },
  admin: { defaultColumns: ['kind', 'to', 'status', 'createdAt'], group: navigationGroup(options.adminGroup), useAsTitle: 'key' },
  fields: [
    { name: 'key', type: 'text', index: true, label: label('field_key'), required: true, unique: true },
    { name: 'kind', type: 'text', label: label('field_kind') },
    { name: 'reservationId', type: 'text', index: true, label: label('field_reservationId') },
    { name: 'to', type: 'text', label: label('field_to') },
    {
      name: 'status',
      type: 'select',
      defaultValue: 'sending',
      label: label('field_status'),
      options: translatedOptions('mailStatus', ['sending', 'sent', 'failed']),
    },
    { name: 'error', type: 'text', label: label('field_error') },
  ],
  graphQL: false,
  labels: collectionLabels('coll_notification', 'coll_notifications'),
  slug: NOTIFICATIONS_COLLECTION,
})
