/**
 * The options the role checks read. The server passes its resolved options; the admin passes
 * the copy in its settings, so what it offers is decided by the same functions as what the
 * server allows.
 */
export interface RoleRules {
  resourceOwnerMode?: { adminRoles: string[]; ownerField?: string }
  roles: { field: string; privileged: string[] }
  slugs: { customers: string }
  staffProvisioning?: { roleField: string; staffRoles: string[] }
  userCollection?: string
}
