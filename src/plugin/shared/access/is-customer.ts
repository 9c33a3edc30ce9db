import type { RoleOptions } from '../../options.js'
import type { AccessUser } from '../../../contract/roles/user-roles.js'

import { isStaff } from '../../../contract/roles/is-staff.js'

/**
 * A customer: a signed-in user of the customers collection (the standalone one, or
 * userCollection) who is not staff. Only they can be a reservation's `customer`; a staff user
 * of a separate collection is never one, even when an id happens to match.
 */
export const isCustomer = (user: AccessUser | null | undefined, resolved: RoleOptions): boolean =>
  !!user && user.collection === resolved.slugs.customers && !isStaff(user, resolved)
