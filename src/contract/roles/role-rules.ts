import type { RoleRules } from './role-options.js'

/** Name of the relationship field holding a record's owning user (services and resources). */
export const ownerFieldOf = (resolved: RoleRules): string => resolved.resourceOwnerMode?.ownerField ?? 'owner'

// The checks the admin uses, re-exported here: the one module of access it may import (they are
// pure: no request, no database).
export { isPrivileged } from './is-privileged.js'
export { managesOwnRecords, seesAllRecords } from './record-scope.js'
export type { AccessUser } from './user-roles.js'
export type { RoleRules } from './role-options.js'
