import type { CollectionConfig, CollectionSlug } from 'payload'

export const HOLDS_COLLECTION: CollectionSlug = 'reservation-holds'

/**
 * The live holds, a projection of the ledger's hold events (`projections/holds-projector.ts`):
 * what the expiry sweep looks for (`expiresAt` indexed) and which busy time the calendar draws as
 * held. Internal: hidden, server-only; rebuilt from the ledger like the reservations.
 */
export const holdsCollection = (): CollectionConfig => ({
  access: { create: () => false, delete: () => false, read: () => false, update: () => false },
  admin: { hidden: true },
  fields: [
    { name: 'holdId', type: 'text', index: true, required: true, unique: true },
    { name: 'expiresAt', type: 'date', index: true, required: true },
    { name: 'startTime', type: 'date', required: true },
    { name: 'endTime', type: 'date', required: true },
    // Who placed it (`holderRef`), so the calendar tells the caller's holds without a ledger read each.
    { name: 'holder', type: 'text' },
  ],
  graphQL: false,
  slug: HOLDS_COLLECTION,
})
