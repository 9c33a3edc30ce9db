import type { Access, CollectionConfig, CollectionSlug } from 'payload'

import { randomBytes } from 'node:crypto'

import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'

import { zonedDateComponents } from '../../shared/admin/registration.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { readsEveryTenant } from '../../shared/access/reads-whole-ledger.js'
import { feedUrl } from '../../shared/outbound-url.js'
import { collectionLabels, label, navigationGroup, translatedOptions } from '../../shared/labels.js'
import { WEBHOOK_EVENTS } from './webhook-events.js'

export const WEBHOOKS_COLLECTION: CollectionSlug = 'reservation-webhooks'
export const DELIVERIES_COLLECTION: CollectionSlug = 'reservation-webhook-deliveries'

/**
 * Privileged staff manage webhooks and their deliveries; on a multi-tenant site only those with
 * access to every tenant, as a webhook receives every reservation's events.
 */
const managesWebhooks =
  (options: RoleOptions & TenancyOptions): Access =>
  async ({ req }) =>
    isPrivileged(req.user, options) && (await readsEveryTenant(req, options))

/** Where the ledger's changes are posted: privileged staff manage them. */
export const webhooksCollection = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'adminGroup'>): CollectionConfig => {
  const staff = managesWebhooks(options)
  return {
    access: { create: staff, delete: staff, read: staff, update: staff },
    admin: { defaultColumns: ['url', 'events', 'active'], group: navigationGroup(options.adminGroup), useAsTitle: 'url' },
    fields: [
      {
        name: 'url',
        type: 'text',
        label: label('field_url'),
        required: true,
        validate: (value: null | string | undefined) => (typeof value === 'string' && feedUrl(value) !== null && !value.startsWith('webcal') ? true : 'Enter an http(s) address'),
      },
      {
        name: 'events',
        type: 'select',
        admin: { description: label('desc_webhookEvents') },
        hasMany: true,
        label: label('field_events'),
        options: translatedOptions('webhookEvent', WEBHOOK_EVENTS),
      },
      {
        name: 'secret',
        type: 'text',
        admin: { description: label('desc_webhookSecret') },
        label: label('field_secret'),
        hooks: { beforeChange: [({ value }) => (typeof value === 'string' && value !== '' ? value : randomBytes(24).toString('base64url'))] },
      },
      { name: 'active', type: 'checkbox', defaultValue: true, label: label('field_active') },
    ],
    labels: collectionLabels('coll_webhook', 'coll_webhooks'),
    slug: WEBHOOKS_COLLECTION,
  }
}

/**
 * One event for one webhook: the outbox. Setting a delivery's status back to `pending` (the
 * admin's "redeliver") sends it again at once.
 */
export const deliveriesCollection = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'adminGroup' | 'cancelledStatus' | 'disabled' | 'slotInterval' | 'statusMachine' | 'timezone'>): CollectionConfig => {
  const staff = managesWebhooks(options)
  const zoned = zonedDateComponents(options)
  return {
    access: { create: () => false, delete: staff, read: staff, update: staff },
    admin: { defaultColumns: ['event', 'reservationId', 'status', 'attempts', 'lastError'], group: navigationGroup(options.adminGroup) },
    fields: [
      { name: 'key', type: 'text', admin: { readOnly: true }, index: true, label: label('field_key'), required: true, unique: true },
      {
        name: 'webhook',
        type: 'relationship',
        admin: { readOnly: true },
        index: true,
        label: label('coll_webhook'),
        relationTo: WEBHOOKS_COLLECTION,
        required: true,
      },
      { name: 'event', type: 'text', admin: { readOnly: true }, label: label('field_event') },
      { name: 'reservationId', type: 'text', admin: { readOnly: true }, index: true, label: label('field_reservationId') },
      { name: 'revision', type: 'number', admin: { readOnly: true }, label: label('field_revision') },
      {
        name: 'status',
        type: 'select',
        defaultValue: 'pending',
        index: true,
        label: label('field_status'),
        options: translatedOptions('deliveryStatus', ['pending', 'delivered', 'dead', 'voided']),
      },
      { name: 'attempts', type: 'number', admin: { readOnly: true }, defaultValue: 0, label: label('field_attempts') },
      { name: 'nextAttemptAt', type: 'date', admin: { components: zoned, readOnly: true }, index: true, label: label('field_nextAttemptAt') },
      { name: 'lastError', type: 'text', admin: { readOnly: true }, label: label('field_lastError') },
      { name: 'deliveredAt', type: 'date', admin: { components: zoned, readOnly: true }, label: label('field_deliveredAt') },
      { name: 'body', type: 'json', admin: { readOnly: true }, label: label('field_body') },
    ],
    labels: collectionLabels('coll_delivery', 'coll_deliveries'),
    hooks: {
      beforeChange: [
        ({ data, operation, originalDoc }) =>
          operation === 'update' && data.status === 'pending' && originalDoc?.status !== 'pending'
            ? { ...data, attempts: 0, lastError: null, nextAttemptAt: new Date().toISOString() }
            : data,
      ],
    },
    slug: DELIVERIES_COLLECTION,
  }
}
