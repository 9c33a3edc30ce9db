import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { isCustomer } from '../../../shared/access/is-customer.js'
import { changedScheduleFields, detailChanges } from '../commands-for-write.js'

/** What a customer may change of their own booking: when, and on which resource. */
const MOVE_FIELDS = new Set(['endTime', 'resource', 'startTime'])

/** Fields compared the ledger's way, and the status, which the ledger decides (a customer may only cancel). */
const COMPARED = new Set(['customer', 'endTime', 'guest', 'guestCount', 'items', 'notes', 'resource', 'service', 'startTime', 'status'])
const SYSTEM = new Set(['createdAt', 'id', 'updatedAt'])

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * A signed-in customer moves their own booking (its access lets them update only their own):
 * a new start, end or resource, which the other rules and the ledger check as they check a
 * booking. Anything else (service, guests, items, notes, customer, a site's own fields) stays
 * staff's: 403 on the first such field that differs. A different service is a different
 * booking. The status is the ledger's to decide: a customer may cancel, nothing more.
 */
export const customerMovesOnly: BookingRule = ({ data, operation, options, originalDoc = {}, req }) => {
  if (operation !== 'update' || !req.user || !isCustomer(req.user, options)) {
    return
  }
  const changed = [
    ...changedScheduleFields(data, originalDoc),
    ...Object.keys(detailChanges(data, originalDoc)),
    ...Object.keys(data).filter((key) => !COMPARED.has(key) && !SYSTEM.has(key) && !same(data[key], originalDoc[key])),
  ]
  const refused = changed.find((field) => !MOVE_FIELDS.has(field))
  if (refused !== undefined) {
    throw new CommandRejected('forbidden', 'Customers can only move their own bookings: startTime, endTime and resource', refused)
  }
}
