/**
 * The options the role checks read. The server passes its resolved options; the admin passes
 * the copy in its settings, so what it offers is decided by the same functions as what the
 * server allows. The checks the admin uses are re-exported here, the one module of access it
 * may import (they are pure: no request, no database).
 */
export interface RoleRules {
  resourceOwnerMode?: { adminRoles: string[]; ownerField?: string }
  roles: { field: string; privileged: string[] }
  slugs: { customers: string }
  staffProvisioning?: { roleField: string; staffRoles: string[] }
  userCollection?: string
}

/** Name of the relationship field holding a record's owning user (services and resources). */
export const ownerFieldOf = (resolved: RoleRules): string => resolved.resourceOwnerMode?.ownerField ?? 'owner'

export { isPrivileged } from './is-privileged.js'
export { managesOwnRecords, seesAllRecords } from './record-scope.js'
export type { AccessUser } from './user-roles.js'
