import type { RecordId } from '../../contract/http.js'

import { type AccessUser, ownerFieldOf, type RoleRules } from '../../contract/roles/role-rules.js'

/**
 * Whether `user` owns `resource` in owner mode: its owner field holds the user's id, as an id at
 * depth 0 or as the populated user. An unpopulated resource (its id alone) owns nothing here.
 */
export const ownedBy = (resource: null | object | RecordId | undefined, user: AccessUser | null | undefined, rules: RoleRules): boolean => {
  if (typeof resource !== 'object' || resource === null) {
    return false
  }
  const owner: unknown = Reflect.get(resource, ownerFieldOf(rules))
  const ownerId: unknown = typeof owner === 'object' && owner !== null ? Reflect.get(owner, 'id') : owner
  return ownerId !== undefined && ownerId !== null && String(ownerId) === String(user?.id)
}
