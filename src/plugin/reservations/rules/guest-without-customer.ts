import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../events/rejection.js'

/** A booking is either a customer's or a guest's (SPEC 2.6, guest rule 2). */
export const guestWithoutCustomer: BookingRule = ({ customer, guest, operation }) => {
  if (operation === 'create' && guest !== null && customer !== null) {
    throw new CommandRejected('invalid', 'A booking cannot have both a customer and guest details', 'guest')
  }
}
