import type { RelationshipField } from 'payload'

import { relationship } from 'payload/shared'

import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { ownerFieldOf } from '../../../contract/roles/role-rules.js'
import { managesOwnRecords } from '../../../contract/roles/record-scope.js'
import { label } from '../labels.js'

/**
 * The owning staff user of a service or resource. In owner mode, staff without an admin role
 * can only pick themselves (and are picked by default), so they cannot create records they
 * would not own or hand theirs to someone else. Server code running with overrideAccess (staff
 * provisioning) may set any owner.
 */
export const ownerField = (resolved: RoleOptions & Pick<ResolvedOptions, 'staffCollection'>): RelationshipField => ({
  name: ownerFieldOf(resolved),
  type: 'relationship',
  admin: { position: 'sidebar' },
  defaultValue: ({ user }) => (user && managesOwnRecords(user, resolved) ? user.id : undefined),
  filterOptions: ({ user }) =>
    user?.id !== undefined && managesOwnRecords(user, resolved) ? { id: { equals: user.id } } : true,
  index: true,
  label: label('field_owner'),
  relationTo: resolved.staffCollection,
  validate: (value, options) =>
    relationship(value, options.overrideAccess ? { ...options, filterOptions: undefined } : options),
})
