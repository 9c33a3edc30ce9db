import type { RoleRules } from './role-options.js'

/**
 * The parts of an authenticated user the access rules read. Payload's `req.user` (generated
 * interfaces included, which have no index signature) is assignable to it.
 */
export interface AccessUser {
  collection?: string
  id?: number | string
}

/** The roles held in a user's role field: a single string or an array of strings. */
export const rolesOf = (user: AccessUser, field: string): string[] => {
  const value = (user as Record<string, unknown>)[field]
  if (typeof value === 'string') {
    return [value]
  }
  return Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : []
}

export const hasAnyRole = (user: AccessUser, field: string, roles: readonly string[]): boolean =>
  rolesOf(user, field).some((role) => roles.includes(role))

/**
 * A user of the plugin's standalone customers collection. Only possible without userCollection;
 * in userCollection mode customers and staff share one collection and roles tell them apart.
 */
export const isCustomerAccount = (user: AccessUser, resolved: RoleRules): boolean =>
  resolved.userCollection === undefined && user.collection === resolved.slugs.customers
