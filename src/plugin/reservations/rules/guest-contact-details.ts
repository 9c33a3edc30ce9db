import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../events/rejection.js'
import { isGuestBooking } from './booking-rule.js'

/** A guest must be reachable: a name and an email or phone (SPEC 2.6, guest rule 1). */
export const guestContactDetails: BookingRule = (context) => {
  const { guest, operation } = context
  if (operation !== 'create' || !isGuestBooking(context)) {
    return
  }
  if (!guest?.name) {
    throw new CommandRejected('invalid', 'A guest booking needs the guest’s name', 'guest.name')
  }
  if (!guest.email && !guest.phone) {
    throw new CommandRejected('invalid', 'A guest booking needs the guest’s email or phone', 'guest.email')
  }
}
