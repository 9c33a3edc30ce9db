import type { ResourceRecord } from '../../plugin/http/contract.js'

import {
  type AccessUser,
  isPrivileged,
  managesOwnRecords,
  ownerFieldOf,
  type RoleRules,
} from '../../plugin/access/role-rules.js'

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
  // At depth 0 the owner is an id; populated, a document.
  const owner = (resource as unknown as Record<string, unknown>)[ownerFieldOf(rules)]
  const ownerId = typeof owner === 'object' && owner !== null ? (owner as { id?: unknown }).id : owner
  return ownerId !== undefined && ownerId !== null && String(ownerId) === String(user?.id)
}
