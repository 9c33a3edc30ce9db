import type { Access } from 'payload'

import type { RoleOptions } from '../../options.js'
import type { CrudAccess } from './owned-record-access.js'

import { isCustomer } from './is-customer.js'
import { isStaff } from '../../../contract/roles/is-staff.js'
import { ownedResourcesWhere } from './owner-filter.js'
import { managesOwnRecords, seesAllRecords } from '../../../contract/roles/record-scope.js'

/** A reservation is tied to a resource directly or through one of its items. */
const RESOURCE_PATHS = ['resource', 'items.resource'] as const

/**
 * Default access of the reservations collection (see docs/ARCHITECTURE.md,
 * "Rules and access (`src/plugin/features/booking/rules`, `src/plugin/shared/access`)"). Staff who see all
 * records manage all; in owner mode other staff manage the reservations of resources they own.
 * A customer reads, books and moves their own (the booking rules let them change only when and
 * where, `customer-moves-only.ts`); they cancel through the cancel endpoint and never delete.
 * Anonymous callers may only book, and the booking rules make that a guest booking.
 */
export const reservationAccess = (resolved: RoleOptions): CrudAccess => {
  const manage: Access = async ({ req }) => {
    if (seesAllRecords(req.user, resolved)) {
      return true
    }
    return managesOwnRecords(req.user, resolved) ? ownedResourcesWhere(req, resolved, RESOURCE_PATHS) : false
  }
  const ownOrManaged: Access = (args) => {
    const { user } = args.req
    return user && isCustomer(user, resolved) ? { customer: { equals: user.id } } : manage(args)
  }
  return {
    create: ({ req: { user } }) => !user || isStaff(user, resolved) || isCustomer(user, resolved),
    delete: manage,
    read: ownOrManaged,
    update: ownOrManaged,
  }
}
