import type { CollectionConfig, Field, FieldAccess } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { customerAccess } from '../access/customer-access.js'
import { isPrivileged } from '../access/is-privileged.js'
import { collectionLabels, label, navigationGroup } from './labels.js'
import { topLevelDataNames } from './top-level-names.js'

type NamedField = { name: string } & Field

/** The fields every customer has besides email (which auth provides). */
const customerFields = (resolved: ResolvedOptions): NamedField[] => {
  // Notes are the staff's notes about a customer: never shown to, or set by, the customer.
  const privileged: FieldAccess = ({ req }) => isPrivileged(req.user, resolved)
  return [
    { name: 'name', type: 'text', label: label('field_name') },
    { name: 'phone', type: 'text', label: label('field_phone') },
    {
      name: 'notes',
      type: 'textarea',
      access: { create: privileged, read: privileged, update: privileged },
      label: label('notes'),
    },
    {
      name: 'bookings',
      type: 'join',
      admin: { defaultColumns: ['startTime', 'service', 'status'] },
      collection: resolved.slugs.reservations,
      label: label('field_bookings'),
      on: 'customer',
    },
  ]
}

/** The standalone customers auth collection, used when no userCollection is configured. */
export const buildCustomersCollection = (resolved: ResolvedOptions): CollectionConfig => ({
  slug: resolved.slugs.customers,
  access: { ...customerAccess(resolved), ...resolved.access.customers },
  admin: {
    defaultColumns: ['email', 'name', 'phone'],
    group: navigationGroup(resolved.adminGroup),
    useAsTitle: 'email',
  },
  auth: true,
  labels: collectionLabels('coll_customer', 'coll_customers'),
  fields: customerFields(resolved),
})

/**
 * userCollection mode: adds the customer fields to the host's auth collection where no field
 * of that name exists; the host's own same-named fields are kept untouched.
 */
export const injectCustomerFields = (collection: CollectionConfig, resolved: ResolvedOptions): CollectionConfig => {
  const existing = topLevelDataNames(collection.fields)
  return {
    ...collection,
    fields: [...collection.fields, ...customerFields(resolved).filter((field) => !existing.has(field.name))],
  }
}
