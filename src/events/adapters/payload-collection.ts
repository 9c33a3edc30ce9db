import type { Access, CollectionConfig, CollectionSlug, DateField, StaticLabel } from 'payload'

type FieldName = 'data' | 'eventId' | 'metadata' | 'recordedAt' | 'revision' | 'stream' | 'type'

export const DEFAULT_EVENTS_COLLECTION: CollectionSlug = 'reservation-events'

export interface ReservationEventsCollectionArgs {
  adminGroup?: Record<string, string> | string
  /** The collection's and its fields' names, by field name (`singular`, `plural` for the collection's). */
  labels?: Partial<Record<'plural' | 'singular' | FieldName, StaticLabel>>
  /** Who may read the ledger over HTTP and in the admin; nobody unless given (events hold guest details). */
  read?: Access
  slug?: string
  /** The admin components of `recordedAt` (paths for the import map); none: Payload's date field and cell. */
  recordedAtComponents?: NonNullable<DateField['admin']>['components']
  /** The admin component that shows `data` and `metadata` (a path for the import map); none: Payload's JSON field. */
  valueField?: string
}

const nobody: Access = () => false

const valueAdmin = (path: string | undefined) => (path ? { admin: { components: { Field: path } } } : {})

/**
 * The collection the embedded `payload` event store writes to: one row per event. The
 * compound unique index on (stream, revision) is what makes concurrent appends safe.
 * Rows are immutable: no one may create, update or delete them through Payload's API; the
 * store writes with adapter-level calls that bypass access control.
 */
export const reservationEventsCollection = ({
  slug = DEFAULT_EVENTS_COLLECTION,
  adminGroup,
  labels = {},
  read = nobody,
  recordedAtComponents,
  valueField,
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
    { name: 'stream', type: 'text', index: true, label: labels.stream, required: true },
    { name: 'revision', type: 'number', label: labels.revision, required: true },
    // UUIDv7: also the event's global position, so it must sort in time order.
    { name: 'eventId', type: 'text', index: true, label: labels.eventId, required: true, unique: true },
    { name: 'type', type: 'text', label: labels.type, required: true },
    { name: 'data', type: 'json', label: labels.data, required: true, ...valueAdmin(valueField) },
    { name: 'metadata', type: 'json', label: labels.metadata, required: true, ...valueAdmin(valueField) },
    {
      name: 'recordedAt',
      type: 'date',
      admin: { components: recordedAtComponents, date: { pickerAppearance: 'dayAndTime' } },
      label: labels.recordedAt,
      required: true,
    },
  ],
  ...(labels.singular && labels.plural ? { labels: { plural: labels.plural, singular: labels.singular } } : {}),
  indexes: [{ fields: ['stream', 'revision'], unique: true }],
  timestamps: false,
})
