import type { RoleRules } from './role-options.js'
import type { AccessUser } from './user-roles.js'

import { isPrivileged } from './is-privileged.js'
import { isStaff } from './is-staff.js'
import { hasAnyRole, isCustomerAccount } from './user-roles.js'

/**
 * Manages every service, resource and schedule: privileged users, or in owner mode only the
 * holders of `resourceOwnerMode.adminRoles`.
 */
export const seesAllRecords = (user: AccessUser | null | undefined, resolved: RoleRules): boolean => {
  const ownerMode = resolved.resourceOwnerMode
  if (ownerMode === undefined) {
    return isPrivileged(user, resolved)
  }
  return !!user && !isCustomerAccount(user, resolved) && hasAnyRole(user, resolved.roles.field, ownerMode.adminRoles)
}

/** Owner mode: staff without an admin role manage only the records they own. */
export const managesOwnRecords = (user: AccessUser | null | undefined, resolved: RoleRules): boolean =>
  resolved.resourceOwnerMode !== undefined && isStaff(user, resolved) && !seesAllRecords(user, resolved)
