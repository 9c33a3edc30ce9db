import type { PayloadRequest, Where } from 'payload'

import type { RoleOptions } from '../../options.js'
import type { AccessUser } from '../../../contract/roles/user-roles.js'

import { ownerFieldOf } from '../../../contract/roles/role-rules.js'


/** Records (services, resources) whose owner field is the user. */
export const ownedByUser = (user: AccessUser, resolved: RoleOptions): Where => ({
  [ownerFieldOf(resolved)]: { equals: user.id },
})

// Every document has an id, so this matches nothing on every database adapter; an empty
// `in: []` is not portable across adapters.
const MATCHES_NOTHING: Where = { id: { exists: false } }

/** Ids of the resources the request's user owns (one indexed query, access bypassed). */
export const ownedResourceIds = async (
  req: PayloadRequest,
  resolved: RoleOptions,
): Promise<Array<number | string>> => {
  if (!req.user) {
    return []
  }
  const { docs } = await req.payload.find({
    collection: resolved.slugs.resources,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    req,
    select: { id: true },
    where: ownedByUser(req.user, resolved),
  })
  return docs.map((doc) => doc.id)
}

/**
 * Records tied to a resource the user owns (schedules: `resource`; reservations: `resource` and
 * `items.resource`). Ownership of a schedule or reservation is its resource's ownership, so the
 * user's resource ids are read first and matched with `in`: plain equality on the record's own
 * columns, which every adapter supports, instead of a query through the relationship (which
 * would have to join through array rows for `items.resource`).
 */
export const ownedResourcesWhere = async (
  req: PayloadRequest,
  resolved: RoleOptions,
  paths: readonly string[] = ['resource'],
): Promise<Where> => {
  const ids = await ownedResourceIds(req, resolved)
  if (ids.length === 0) {
    return MATCHES_NOTHING
  }
  const byPath = paths.map((path): Where => ({ [path]: { in: ids } }))
  return byPath.length === 1 ? byPath[0] : { or: byPath }
}
