import type { CollectionConfig, CollectionSlug } from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { zonedDateComponents } from '../../shared/admin/registration.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { collectionLabels, label, navigationGroup } from '../../shared/labels.js'

export const FEEDS_COLLECTION: CollectionSlug = 'reservation-calendar-feeds'

/** Failed syncs in a row after which a feed's busy time is marked stale (kept, but old). */
export const STALE_AFTER_FAILURES = 3

const dayAndTime = { pickerAppearance: 'dayAndTime' as const }

/**
 * The synced state of each resource's calendar feed: its busy intervals within the horizon,
 * the ETag of the copy they came from, the last successful sync and the failures since. Written
 * by the background sync only; staff read it in the admin to see whether a feed is stale.
 */
export const feedsCollection = (options: RoleOptions & Pick<ResolvedOptions, 'adminGroup' | 'cancelledStatus' | 'disabled' | 'slotInterval' | 'statusMachine' | 'timezone'>): CollectionConfig => {
  const zoned = zonedDateComponents(options)
  return {
    access: {
      create: () => false,
      delete: () => false,
      read: ({ req }) => isPrivileged(req.user, options),
      update: () => false,
    },
    admin: {
      defaultColumns: ['url', 'resource', 'lastSyncedAt', 'stale'],
      description: label('desc_feeds'),
      group: navigationGroup(options.adminGroup),
      useAsTitle: 'url',
    },
    fields: [
      { name: 'resource', type: 'relationship', index: true, label: label('resource'), relationTo: options.slugs.resources, required: true },
      { name: 'url', type: 'text', label: label('field_url'), required: true },
      { name: 'lastSyncedAt', type: 'date', admin: { components: zoned, date: dayAndTime }, label: label('field_lastSyncedAt') },
      { name: 'lastAttemptAt', type: 'date', admin: { components: zoned, date: dayAndTime }, label: label('field_lastAttemptAt') },
      {
        name: 'stale',
        type: 'checkbox',
        admin: { description: label('desc_stale', { count: STALE_AFTER_FAILURES }) },
        defaultValue: false,
        label: label('field_stale'),
      },
      { name: 'failures', type: 'number', defaultValue: 0, label: label('field_failures') },
      { name: 'lastError', type: 'text', label: label('field_lastError') },
      { name: 'etag', type: 'text', admin: { hidden: true } },
      { name: 'intervals', type: 'json', admin: { hidden: true } },
    ],
    graphQL: false,
    labels: collectionLabels('coll_feed', 'coll_feeds'),
    slug: FEEDS_COLLECTION,
  }
}
