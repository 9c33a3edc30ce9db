import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import type { RoleOptions, TenancyOptions } from './options.js'

import { KeyedQueue } from '../concurrency/keyed-queue.js'
import { ownerFieldOf } from '../contract/roles/role-rules.js'
import { hasAnyRole } from '../contract/roles/user-roles.js'
import { configError } from './config-error.js'
import { tenancyOf, userTenants } from './shared/tenancy/tenancy.js'

type StaffUser = { collection: string; id: number | string } & Record<string, unknown>

const nameOf = (user: StaffUser, nameFrom: string | undefined): string => {
  const fromField = nameFrom === undefined ? undefined : user[nameFrom]
  if (typeof fromField === 'string' && fromField.trim() !== '') {
    return fromField
  }
  return typeof user.email === 'string' && user.email !== '' ? user.email : String(user.id)
}

/**
 * A request for the provisioning writes, on behalf of the staff user, inside the user save's
 * transaction when there is one. Its transaction id is handed over as a settled promise, which
 * Payload reads as "owned by another operation": a failing write then neither commits nor rolls
 * back the user's transaction, and the failure stays ours to log. (A statement PostgreSQL itself
 * refuses, such as a beforeCreate stamp naming a missing record, still aborts that transaction.)
 */
const provisioningReq = (req: PayloadRequest, user: StaffUser): Promise<PayloadRequest> => {
  const { transactionID } = req
  return createLocalReq(
    {
      req: transactionID === undefined ? {} : { transactionID: Promise.resolve(transactionID) },
      user,
    },
    req.payload,
  )
}

/**
 * afterChange hook for the staff collection (see docs/ARCHITECTURE.md,
 * "Rules and access (`src/plugin/features/booking/rules`, `src/plugin/shared/access`)"). When a
 * created or updated user holds a staff role and owns no resource yet, it creates one owned by
 * that user (found again by owner, so it happens once per user; provisioning of one user is
 * serialised within the process). Demotion deletes nothing. The resource is created on behalf
 * of the staff user (as req.user, access bypassed), and its owner is set last, so neither the
 * saver nor beforeCreate can change it. Failures are logged, never thrown.
 *
 * The resource is written in the user save's own transaction (see `provisioningReq`), so it
 * exists when the save returns and commits or rolls back with the user. A separate transaction
 * could not reference the user before that commits (PostgreSQL refuses the foreign key).
 */
export const provisionStaffResource = (resolved: RoleOptions & TenancyOptions): CollectionAfterChangeHook => {
  const provisioning = resolved.staffProvisioning
  if (provisioning === undefined) {
    throw configError('provisionStaffResource needs the staffProvisioning option')
  }
  const ownerField = ownerFieldOf(resolved)
  const queue = new KeyedQueue()

  const provision = async (req: PayloadRequest, user: StaffUser): Promise<void> => {
    try {
      const own = await provisioningReq(req, user)
      const owned = await req.payload.find({
        collection: resolved.slugs.resources,
        depth: 0,
        limit: 1,
        overrideAccess: true,
        req: own,
        where: { [ownerField]: { equals: user.id } },
      })
      if (owned.docs.length > 0) {
        return
      }
      const data: Record<string, unknown> = {
        name: nameOf(user, provisioning.nameFrom),
        resourceType: provisioning.resourceType,
      }
      // Multi-tenant sites: the resource is the user's first tenant's, unless beforeCreate says otherwise.
      const tenancy = tenancyOf(req.payload, resolved)
      const tenantField = tenancy.fields.get(resolved.slugs.resources)
      const [tenant] = userTenants(tenancy, user)
      if (tenantField !== undefined && tenant !== undefined) {
        data[tenantField] = tenant
      }
      const stamped = provisioning.beforeCreate ? await provisioning.beforeCreate({ data, user }) : data
      await req.payload.create({
        collection: resolved.slugs.resources,
        data: { ...stamped, [ownerField]: user.id },
        depth: 0,
        overrideAccess: true,
        req: own,
      })
    } catch (error) {
      req.payload.logger.error({
        err: error,
        msg: `payload-reserve-ledger: could not provision a ${provisioning.resourceType} resource for user ${String(user.id)}`,
      })
    }
  }

  return async ({ collection, doc, req }) => {
    if (!hasAnyRole(doc, provisioning.roleField, provisioning.staffRoles)) {
      return doc
    }
    await queue.run(String(doc.id), () => provision(req, { ...doc, collection: collection.slug }))
    return doc
  }
}
