import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'

/** An anonymous caller has no account to book for: it may only make guest bookings. */
export const anonymousBooksAsGuest: BookingRule = ({ customer, meta, operation }) => {
  if (operation === 'create' && meta.actor.kind === 'guest' && customer !== null) {
    throw new CommandRejected('forbidden', 'Sign in to book for a customer; without an account, book as a guest', 'customer')
  }
}
