import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { isCustomer } from '../../../shared/access/is-customer.js'

/**
 * A signed-in customer books only for themselves. The customer field defaults to them (see the
 * reservations collection), so this refuses naming someone else, or no one.
 */
export const customerBooksForSelf: BookingRule = ({ customer, operation, options, req }) => {
  if (operation !== 'create' || !req.user || !isCustomer(req.user, options)) {
    return
  }
  if (customer === null || String(customer) !== String(req.user.id)) {
    throw new CommandRejected('forbidden', 'Customers can only book for themselves', 'customer')
  }
}
