import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { isGuestBooking } from './booking-rule.js'

/**
 * A guest must be reachable: a name and an email or phone. One of the guest rules: see
 * docs/ARCHITECTURE.md, "Rules and access (`src/plugin/features/booking/rules`, `src/plugin/shared/access`)".
 */
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
