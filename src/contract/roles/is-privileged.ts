import type { RoleRules } from './role-options.js'
import type { AccessUser } from './user-roles.js'

import { hasAnyRole, isCustomerAccount } from './user-roles.js'

/**
 * Privileged staff/admin: sees all reservations, is exempt from the notice period, may search
 * customers. Decided by role (`roles.field` holding one of `roles.privileged` or an owner-mode
 * admin role), so it works whether staff and customers share one auth collection or not; a user
 * of the standalone customers collection is never privileged, whatever fields it carries.
 */
export const isPrivileged = (user: AccessUser | null | undefined, resolved: RoleRules): boolean => {
  if (!user || isCustomerAccount(user, resolved)) {
    return false
  }
  const roles = [...resolved.roles.privileged, ...(resolved.resourceOwnerMode?.adminRoles ?? [])]
  return hasAnyRole(user, resolved.roles.field, roles)
}
