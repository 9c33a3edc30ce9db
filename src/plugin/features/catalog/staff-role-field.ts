import type { CollectionConfig, FieldAccess, FieldHook, SelectField } from 'payload'

import type { ResolvedOptions, RoleOptions } from '../../options.js'

import { seesAllRecords } from '../../../contract/roles/record-scope.js'
import { label } from '../../shared/labels.js'
import { topLevelDataNames } from '../../shared/top-level-names.js'

/** The roles the plugin's options name, privileged ones first: the choices of the added field. */
const rolesNamed = (resolved: Pick<ResolvedOptions, 'resourceOwnerMode' | 'roles' | 'staffProvisioning'>): string[] => [
  ...new Set([
    ...resolved.roles.privileged,
    ...(resolved.resourceOwnerMode?.adminRoles ?? []),
    ...(resolved.staffProvisioning?.staffRoles ?? []),
  ]),
]

/**
 * The role of the collection's first user, when nobody is signed in to give it one (Payload's
 * create-first-user form): the first role that sees every record, so the site's first admin is
 * the ledger's.
 */
const firstUserIsPrivileged =
  (resolved: Pick<ResolvedOptions, 'resourceOwnerMode' | 'roles'>, slug: string): FieldHook =>
  async ({ operation, req, value }) => {
    if (operation !== 'create' || req.user || value) {
      return value
    }
    const { totalDocs } = await req.payload.count({ collection: slug, req })
    return totalDocs === 0 ? (resolved.resourceOwnerMode?.adminRoles[0] ?? resolved.roles.privileged[0]) : value
  }

/**
 * The staff collection with the role field the access rules read (`roles.field`), added when the
 * site has no field of that name, as Payload's own plugins add the fields they need: without it
 * every user, the only admin included, would be refused the ledger's collections. A site's own
 * field of that name is left as it is. Only a user who manages every record may set it, so
 * nobody signs up or edits themselves into staff.
 */
export const withRoleField = (collection: CollectionConfig, resolved: RoleOptions): CollectionConfig => {
  const name = resolved.roles.field
  const roles = rolesNamed(resolved)
  if (topLevelDataNames(collection.fields).has(name) || roles.length === 0) {
    return collection
  }
  const assignable: FieldAccess = ({ req }) => seesAllRecords(req.user, resolved)
  const field: SelectField = {
    name,
    type: 'select',
    access: { create: assignable, update: assignable },
    admin: { description: label('field_role_description') },
    hooks: { beforeChange: [firstUserIsPrivileged(resolved, collection.slug)] },
    label: label('field_role'),
    options: roles,
  }
  return { ...collection, fields: [...collection.fields, field] }
}
