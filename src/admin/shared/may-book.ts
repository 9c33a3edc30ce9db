import type { ResourceRecord } from '../../contract/http.js'

import {
  type AccessUser,
  isPrivileged,
  managesOwnRecords,
  type RoleRules,
} from '../../contract/roles/role-rules.js'
import { ownedBy } from './owned-by.js'

/**
 * Whether a click at `start` into `resource`'s time would make a booking the server accepts,
 * by the server's own checks: only privileged staff book into the past (`checkPlan`), and in
 * owner mode staff book only resources they own (`owner-staff-books-own-resources.ts`).
 * Without a resource the form asks for one, and the server decides on it then.
 */
export const mayBookAt = (
  user: AccessUser | null | undefined,
  rules: RoleRules,
  { now, resource, start }: { now: number; resource: null | ResourceRecord; start: number },
): boolean => {
  if (start < now && !isPrivileged(user, rules)) {
    return false
  }
  if (resource === null || !managesOwnRecords(user, rules)) {
    return true
  }
  return ownedBy(resource, user, rules)
}
