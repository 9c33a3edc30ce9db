import type { RoleRules } from './role-options.js'
import type { AccessUser } from './user-roles.js'

import { isPrivileged } from './is-privileged.js'
import { hasAnyRole, isCustomerAccount } from './user-roles.js'

/**
 * Staff: privileged users plus holders of a staffProvisioning role. The latter get a resource
 * of their own, so they must be able to manage it (in owner mode, only it).
 */
export const isStaff = (user: AccessUser | null | undefined, resolved: RoleRules): boolean => {
  if (isPrivileged(user, resolved)) {
    return true
  }
  const provisioning = resolved.staffProvisioning
  return (
    !!user &&
    provisioning !== undefined &&
    !isCustomerAccount(user, resolved) &&
    hasAnyRole(user, provisioning.roleField, provisioning.staffRoles)
  )
}
