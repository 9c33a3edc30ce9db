import type { CollectionConfig, CollectionSlug } from 'payload'

export const WAITLIST_COLLECTION: CollectionSlug = 'reservation-waitlist'
export const WAITLIST_NOTICES_COLLECTION: CollectionSlug = 'reservation-waitlist-notices'

const internal = { create: () => false, delete: () => false, read: () => false, update: () => false }

/**
 * The waitlist entries, a projection of the waitlist streams (`projections/waitlist-projector.ts`):
 * what the offer pass walks (waiting, oldest first), what the expiry sweep looks for (`to`
 * indexed) and what the admin lists per day. Internal: hidden, server-only; rebuilt from the
 * ledger like the holds.
 */
export const waitlistCollection = (): CollectionConfig => ({
  access: internal,
  admin: { hidden: true },
  fields: [
    { name: 'entryId', type: 'text', index: true, required: true, unique: true },
    { name: 'status', type: 'text', index: true, required: true },
    { name: 'service', type: 'text', required: true },
    // Empty: any resource that offers the service.
    { name: 'resource', type: 'text', index: true },
    { name: 'from', type: 'date', required: true },
    { name: 'to', type: 'date', index: true, required: true },
    { name: 'joinedAt', type: 'date', index: true, required: true },
    { name: 'guestCount', type: 'number', required: true },
    { name: 'customer', type: 'text' },
    { name: 'guestName', type: 'text' },
    { name: 'holdId', type: 'text' },
    { name: 'offeredStart', type: 'date' },
    { name: 'offerExpiresAt', type: 'date' },
    // Multi-tenant sites: the entry's recorded tenant, which staff of other tenants do not see.
    { name: 'tenant', type: 'text', index: true },
    // Set once the offer's notice was claimed (`reservation-waitlist-notices`): the notice pass skips it.
    { name: 'announced', type: 'checkbox', index: true },
    { name: 'ledgerRevision', type: 'number', required: true },
  ],
  graphQL: false,
  slug: WAITLIST_COLLECTION,
})

/**
 * One row per waitlist offer whose `afterWaitlistOffer` hooks were claimed: the unique `entryId`
 * is the claim, so of all the processes that find an offer to announce exactly one inserts it
 * and calls the hooks. Not a projection: a rebuild leaves it, and so never announces again.
 */
export const waitlistNoticesCollection = (): CollectionConfig => ({
  access: internal,
  admin: { hidden: true },
  fields: [
    { name: 'entryId', type: 'text', index: true, required: true, unique: true },
    { name: 'claimedAt', type: 'date', required: true },
  ],
  graphQL: false,
  slug: WAITLIST_NOTICES_COLLECTION,
})
