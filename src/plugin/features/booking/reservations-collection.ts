import type {
  CollectionAfterOperationHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionBeforeOperationHook,
  CollectionConfig,
  Condition,
  FieldAccess,
} from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { reservationComponent, reservationFieldComponents, zonedDateComponents } from '../../shared/admin/registration.js'
import { adminSettings } from '../../shared/admin/settings.js'
import { isCustomer } from '../../shared/access/is-customer.js'
import { seesAllRecords } from '../../../contract/roles/record-scope.js'
import { reservationAccess } from '../../shared/access/reservation-access.js'
import { relationIdsForNonStaff } from '../../shared/access/relation-ids-for-non-staff.js'
import { collectionLabels, label, navigationGroup, translatedOptions } from '../../shared/labels.js'

const nobody: FieldAccess = () => false

const dateTime = { date: { pickerAppearance: 'dayAndTime' as const } }

/**
 * Fields only the API or the ledger fill in: shown on a reservation that has them, never on a
 * new one's form. (Only on optional fields: a condition makes a required column nullable.)
 */
const whenSet = (name: string) => (data: Record<string, unknown> | undefined) => {
  const value = data?.[name]
  return value !== undefined && value !== null && value !== ''
}

/** A reservation's form before its first save. */
const isNew: Condition = (data) => !data?.id

/** A guest's details: asked for while the booking has no customer, shown once they are set. */
const guestCondition: Condition = (data) => {
  const guest = data?.guest as Record<string, unknown> | undefined
  return !data?.customer || Object.values(guest ?? {}).some((value) => value !== undefined && value !== null && value !== '')
}

/** The hooks that turn the collection's writes into ledger commands (`write-hooks.ts` builds them). */
export interface ReservationWriteHooks {
  afterOperation: CollectionAfterOperationHook
  beforeChange: CollectionBeforeChangeHook
  beforeDelete: CollectionBeforeDeleteHook
  beforeOperation: CollectionBeforeOperationHook
}

/**
 * The reservations collection: a projection of the reservation streams. Writes through Payload
 * (Local API, REST, GraphQL, the admin form) are turned into ledger commands by its hooks;
 * the fields the ledger owns cannot be written directly. Without `hooks` (the plugin disabled, or
 * only its fields read) it is the collection's shape alone.
 */
export const buildReservationsCollection = (options: RoleOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'cancelledStatus' | 'components' | 'disabled' | 'slotInterval' | 'statusMachine' | 'timezone'>, hooks?: ReservationWriteHooks): CollectionConfig => {
  const { slugs, statusMachine } = options
  const statusField = reservationComponent(options, 'statusField')
  const customerCell = reservationComponent(options, 'customerCell')
  const relatedCell = reservationComponent(options, 'relatedCell')
  const relatedAdmin = relatedCell ? { admin: { components: { Cell: relatedCell } } } : {}
  const formBehaviour = reservationComponent(options, 'formBehaviour')
  const itemsField = reservationComponent(options, 'itemsField')
  const repeatsField = reservationComponent(options, 'repeatsField')
  const zoned = zonedDateComponents(options)
  // The slot picker shows the start in the zone itself; a site that chose Payload's field gets Payload's.
  const startField = reservationFieldComponents(options, 'slotPicker')?.Field
  return {
    access: { ...reservationAccess(options), ...options.access.reservations },
    admin: {
      defaultColumns: ['startTime', 'resource', 'service', 'status', 'customer'],
      group: navigationGroup(options.adminGroup),
      // The list's search box: who booked (customer or guest), by name or e-mail.
      listSearchableFields: ['customer.name', 'customer.email', 'guest.name', 'guest.email'],
      useAsTitle: 'startTime',
    },
    // The list view (and a find without `sort`): by when the bookings are, the latest first.
    defaultSort: '-startTime',
    // A customer's `bookings` join (its latest by creation) is read whenever a customer is
    // populated, a booking's returned document included. Without this index PostgreSQL may walk
    // the whole createdAt index looking for a customer with few bookings (270 ms at 10^6
    // reservations before its statistics caught up).
    indexes: [{ fields: ['customer', 'createdAt'] }],
    labels: collectionLabels('coll_reservation', 'coll_reservations'),
    fields: [
      // Ids are made by the ledger (UUIDv7) so they are the same on every database.
      { name: 'id', type: 'text', access: { update: nobody }, admin: { hidden: true } },
      { name: 'service', type: 'relationship', ...relatedAdmin, label: label('service'), relationTo: slugs.services, required: true },
      {
        name: 'resource',
        type: 'relationship',
        ...relatedAdmin,
        index: true,
        label: label('resource'),
        relationTo: slugs.resources,
        required: true,
      },
      {
        name: 'startTime',
        type: 'date',
        admin: {
          ...dateTime,
          components: { ...(zoned && { Cell: zoned.Cell }), ...(startField && { Field: startField }) },
        },
        index: true,
        label: label('field_startTime'),
        required: true,
      },
      {
        name: 'endTime',
        type: 'date',
        admin: { ...dateTime, components: zoned, description: label('desc_reservationEndTime') },
        label: label('field_endTime'),
      },
      {
        name: 'status',
        type: 'select',
        ...(statusField && { admin: { components: { Field: { clientProps: { settings: adminSettings(options) }, path: statusField } } } }),
        defaultValue: statusMachine.defaultStatus,
        index: true,
        label: label('field_status'),
        options: translatedOptions('status', statusMachine.statuses),
      },
      {
        name: 'customer',
        type: 'relationship',
        admin: { components: { ...reservationFieldComponents(options, 'customerField'), ...(customerCell && { Cell: customerCell }) } },
        // A signed-in customer books for themselves (the booking rules refuse anyone else).
        defaultValue: ({ user }) => (isCustomer(user, options) ? user?.id : undefined),
        index: true,
        label: label('customer'),
        relationTo: slugs.customers,
      },
      {
        name: 'guest',
        type: 'group',
        fields: [
          { name: 'name', type: 'text', label: label('field_name') },
          { name: 'email', type: 'email', label: label('field_email') },
          { name: 'phone', type: 'text', label: label('field_phone') },
        ],
        admin: { condition: guestCondition, description: label('desc_guest') },
        label: label('guest'),
      },
      { name: 'guestCount', type: 'number', defaultValue: 1, label: label('guestCount'), min: 1 },
      {
        name: 'items',
        type: 'array',
        ...(itemsField && { admin: { components: { Field: itemsField } } }),
        fields: [
          { name: 'resource', type: 'relationship', label: label('resource'), relationTo: slugs.resources, required: true },
          { name: 'service', type: 'relationship', label: label('service'), relationTo: slugs.services },
          { name: 'startTime', type: 'date', admin: { ...dateTime, components: zoned }, label: label('field_startTime') },
          { name: 'endTime', type: 'date', admin: { ...dateTime, components: zoned }, label: label('field_endTime') },
          { name: 'guestCount', type: 'number', label: label('guestCount'), min: 1 },
        ],
        label: label('field_items'),
        labels: { plural: label('field_items'), singular: label('row_item') },
      },
      {
        name: 'idempotencyKey',
        type: 'text',
        access: { update: nobody },
        admin: { condition: whenSet('idempotencyKey'), position: 'sidebar', readOnly: true },
        index: true,
        label: label('field_idempotencyKey'),
      },
      {
        name: 'seriesId',
        type: 'text',
        access: { create: nobody, update: nobody },
        admin: { condition: whenSet('seriesId'), description: label('desc_seriesId'), position: 'sidebar', readOnly: true },
        index: true,
        label: label('field_seriesId'),
      },
      // Holds the SHA-256 of a guest's cancellation token; the token itself is never stored.
      {
        name: 'cancellationToken',
        type: 'text',
        access: { create: nobody, read: nobody, update: nobody },
        hidden: true,
      },
      { name: 'notes', type: 'textarea', label: label('notes') },
      // A create that repeats books a series (`series/create-series.ts`), as POST /api/reserve/book
      // with `recurrence` and `partial` does; neither is stored, each occurrence carries its seriesId.
      {
        name: 'recurrence',
        type: 'json',
        admin: {
          ...(repeatsField && { components: { Field: { clientProps: { settings: adminSettings(options) }, path: repeatsField } } }),
          condition: isNew,
          disableListColumn: true,
          disableListFilter: true,
        },
        label: label('repeats'),
        virtual: true,
      },
      {
        name: 'partial',
        type: 'checkbox',
        // Set by the recurrence's field, beside its occurrences.
        admin: { condition: isNew, disableListColumn: true, disableListFilter: true, hidden: true },
        label: label('repeatsPartial'),
        virtual: true,
      },
      {
        name: 'ledgerRevision',
        type: 'number',
        access: { create: nobody, update: nobody },
        admin: {
          // The ledger's bookkeeping: for whoever runs the site, not for a receptionist at the desk.
          condition: (data, _sibling, { user }) => whenSet('ledgerRevision')(data) && seesAllRecords(user, options),
          description: label('desc_ledgerRevision'),
          position: 'sidebar',
          readOnly: true,
        },
        label: label('field_ledgerRevision'),
      },
      ...(formBehaviour
        ? [
            {
              name: 'formBehaviour',
              type: 'ui' as const,
              admin: {
                components: { Field: { clientProps: { settings: adminSettings(options) }, path: formBehaviour } },
                disableListColumn: true,
              },
              label: label('field_formBehaviour'),
            },
          ]
        : []),
      { name: 'ledgerHooksRevision', type: 'number', access: { create: nobody, update: nobody }, hidden: true },
    ],
    hooks: {
      afterRead: [relationIdsForNonStaff(options, ['customer', 'resource', 'service', 'items.resource', 'items.service'])],
      ...(hooks && {
        afterOperation: [hooks.afterOperation],
        beforeChange: [hooks.beforeChange],
        beforeDelete: [hooks.beforeDelete],
      }),
      ...(hooks && { beforeOperation: [hooks.beforeOperation] }),
    },
    slug: slugs.reservations,
    timestamps: true,
  }
}
