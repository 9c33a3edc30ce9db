import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'

/**
 * A booking is either a customer's or a guest's. One of the guest rules: see docs/ARCHITECTURE.md,
 * "Rules and access (`src/plugin/features/booking/rules`, `src/plugin/shared/access`)".
 */
export const guestWithoutCustomer: BookingRule = ({ customer, guest, operation }) => {
  if (operation === 'create' && guest !== null && customer !== null) {
    throw new CommandRejected('invalid', 'A booking cannot have both a customer and guest details', 'guest')
  }
}
