import type { CollectionConfig } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { isPrivileged } from '../access/is-privileged.js'

export const FEEDS_COLLECTION = 'reservation-calendar-feeds'

/** Failed syncs in a row after which a feed's busy time is marked stale (kept, but old). */
export const STALE_AFTER_FAILURES = 3

/**
 * The synced state of each resource's calendar feed: its busy intervals within the horizon,
 * the ETag of the copy they came from, the last successful sync and the failures since. Written
 * by the background sync only; staff read it in the admin to see whether a feed is stale.
 */
export const feedsCollection = (options: ResolvedOptions): CollectionConfig => ({
  access: {
    create: () => false,
    delete: () => false,
    read: ({ req }) => isPrivileged(req.user, options),
    update: () => false,
  },
  admin: {
    defaultColumns: ['url', 'resource', 'lastSyncedAt', 'stale'],
    description: 'Busy time synced from the calendar feeds of resources. Read-only: edit the feeds on the resource.',
    group: options.adminGroup,
    useAsTitle: 'url',
  },
  fields: [
    { name: 'resource', type: 'relationship', index: true, relationTo: options.slugs.resources, required: true },
    { name: 'url', type: 'text', required: true },
    { name: 'lastSyncedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'lastAttemptAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'stale', type: 'checkbox', admin: { description: `${STALE_AFTER_FAILURES} or more failed syncs in a row.` }, defaultValue: false },
    { name: 'failures', type: 'number', defaultValue: 0 },
    { name: 'lastError', type: 'text' },
    { name: 'etag', type: 'text', admin: { hidden: true } },
    { name: 'intervals', type: 'json', admin: { hidden: true } },
  ],
  graphQL: false,
  slug: FEEDS_COLLECTION,
})
