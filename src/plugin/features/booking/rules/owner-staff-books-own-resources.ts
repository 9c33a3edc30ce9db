import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { ownedResourceIds } from '../../../shared/access/owner-filter.js'
import { managesOwnRecords } from '../../../../contract/roles/record-scope.js'

/**
 * Owner mode: staff without an admin role manage the reservations of their own resources only,
 * so they may book (or move a booking to) only a resource they own. Required resources that
 * come with the service (shared pools) are not theirs to own and are not checked.
 */
export const ownerStaffBooksOwnResources: BookingRule = async ({ options, plan, req }) => {
  if (plan === null || !managesOwnRecords(req.user, options)) {
    return
  }
  const owned = await ownedResourceIds(req, options)
  if (!owned.some((id) => String(id) === String(plan.resource))) {
    throw new CommandRejected('forbidden', 'You can only book resources you own', 'resource')
  }
}
