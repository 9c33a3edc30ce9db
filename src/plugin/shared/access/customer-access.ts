import type { Access } from 'payload'

import type { RoleOptions } from '../../options.js'

import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { isCustomerAccount } from '../../../contract/roles/user-roles.js'

type CustomerAccess = Record<'create' | 'delete' | 'read' | 'unlock' | 'update', Access>

/**
 * Default access of the standalone customers collection: anyone may sign up; a customer reads
 * and updates only their own account; privileged staff read and manage all.
 */
export const customerAccess = (resolved: RoleOptions): CustomerAccess => {
  const privileged: Access = ({ req: { user } }) => isPrivileged(user, resolved)
  const selfOrPrivileged: Access = ({ req: { user } }) => {
    if (isPrivileged(user, resolved)) {
      return true
    }
    return user && isCustomerAccount(user, resolved) ? { id: { equals: user.id } } : false
  }
  return {
    create: () => true,
    delete: privileged,
    read: selfOrPrivileged,
    unlock: privileged,
    update: selfOrPrivileged,
  }
}
