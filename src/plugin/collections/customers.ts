import type { CollectionConfig, Field, FieldAccess } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { customerAccess } from '../access/customer-access.js'
import { isPrivileged } from '../access/is-privileged.js'
import { collectionLabels, label, navigationGroup } from './labels.js'

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

/**
 * Names that already hold top-level data: named fields, plus the fields nested in
 * presentational containers (rows, collapsibles, unnamed groups and tabs), which share the
 * document's top level.
 */
const topLevelDataNames = (fields: Field[]): Set<string> => {
  const names = new Set<string>()
  const visit = (list: Field[]): void => {
    for (const field of list) {
      if ('name' in field && typeof field.name === 'string') {
        names.add(field.name)
      } else if (field.type === 'tabs') {
        for (const tab of field.tabs) {
          if ('name' in tab && typeof tab.name === 'string') {
            names.add(tab.name)
          } else {
            visit(tab.fields)
          }
        }
      } else if ('fields' in field) {
        visit(field.fields)
      }
    }
  }
  visit(fields)
  return names
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
