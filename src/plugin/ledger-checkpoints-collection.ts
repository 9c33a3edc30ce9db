import type { CollectionConfig, CollectionSlug } from 'payload'

export const CHECKPOINTS_COLLECTION: CollectionSlug = 'reservation-ledger-checkpoints'

/** Where catch-up remembers how far it has read the ledger. Internal: hidden, server-only. */
export const ledgerCheckpointsCollection = (): CollectionConfig => ({
  access: { create: () => false, delete: () => false, read: () => false, update: () => false },
  admin: { hidden: true },
  fields: [
    { name: 'name', type: 'text', index: true, required: true, unique: true },
    { name: 'position', type: 'text' },
  ],
  graphQL: false,
  slug: CHECKPOINTS_COLLECTION,
})
