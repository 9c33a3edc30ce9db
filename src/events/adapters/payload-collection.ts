import type { Access, CollectionConfig } from 'payload'

export const DEFAULT_EVENTS_COLLECTION = 'reservation-events'

export interface ReservationEventsCollectionArgs {
  adminGroup?: string
  /** Who may read the ledger over HTTP and in the admin; nobody unless given (events hold guest details). */
  read?: Access
  slug?: string
}

const nobody: Access = () => false

/**
 * The collection the embedded `payload` event store writes to: one row per event. The
 * compound unique index on (stream, revision) is what makes concurrent appends safe.
 * Rows are immutable: no one may create, update or delete them through Payload's API; the
 * store writes with adapter-level calls that bypass access control.
 */
export const reservationEventsCollection = ({
  slug = DEFAULT_EVENTS_COLLECTION,
  adminGroup,
  read = nobody,
}: ReservationEventsCollectionArgs = {}): CollectionConfig => ({
  slug,
  access: { create: nobody, delete: nobody, read, update: nobody },
  admin: {
    defaultColumns: ['stream', 'revision', 'type', 'recordedAt'],
    group: adminGroup,
    useAsTitle: 'type',
  },
  disableDuplicate: true,
  fields: [
    { name: 'stream', type: 'text', index: true, required: true },
    { name: 'revision', type: 'number', required: true },
    // UUIDv7: also the event's global position, so it must sort in time order.
    { name: 'eventId', type: 'text', index: true, required: true, unique: true },
    { name: 'type', type: 'text', required: true },
    { name: 'data', type: 'json', required: true },
    { name: 'metadata', type: 'json', required: true },
    { name: 'recordedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } }, required: true },
  ],
  indexes: [{ fields: ['stream', 'revision'], unique: true }],
  timestamps: false,
})
