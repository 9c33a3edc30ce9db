import type { CollectionConfig, Field, FieldAccess } from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { customerAccess } from '../../shared/access/customer-access.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { collectionLabels, label, navigationGroup } from '../../shared/labels.js'
import { topLevelDataNames } from '../../shared/top-level-names.js'

type NamedField = { name: string } & Field

/** The fields every customer has besides email (which auth provides). */
const customerFields = (resolved: RoleOptions): NamedField[] => {
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
 * `collection` with Payload's own `sessions` field of an auth collection labelled in every
 * language (Payload names it in English only), where Payload adds that field. Declared here, it
 * is merged with Payload's, which keeps its access and hides it.
 */
export const withSessionLabels = (collection: CollectionConfig): CollectionConfig => {
  const { auth } = collection
  if (!auth || (auth !== true && auth.useSessions === false) || topLevelDataNames(collection.fields).has('sessions')) {
    return collection
  }
  const sessions: Field = {
    name: 'sessions',
    type: 'array',
    fields: [{ name: 'expiresAt', type: 'date', label: label('field_sessionExpiresAt'), required: true }],
    label: label('field_sessions'),
    labels: collectionLabels('field_session', 'field_sessions'),
  }
  return { ...collection, fields: [...collection.fields, sessions] }
}

/** The standalone customers auth collection, used when no userCollection is configured. */
export const buildCustomersCollection = (resolved: RoleOptions & Pick<ResolvedOptions, 'access' | 'adminGroup'>): CollectionConfig => ({
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
export const injectCustomerFields = (collection: CollectionConfig, resolved: RoleOptions): CollectionConfig => {
  const existing = topLevelDataNames(collection.fields)
  return {
    ...collection,
    fields: [...collection.fields, ...customerFields(resolved).filter((field) => !existing.has(field.name))],
  }
}
