import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { referenceData } from '../../../shared/reference-data/reference-data.js'
import { isGuestBooking } from './booking-rule.js'

/**
 * Guest bookings only for services that allow them: `enabled`, or `inherit` while the plugin's
 * allowGuestBooking is on. One of the guest rules: see docs/ARCHITECTURE.md,
 * "Rules and access (`src/plugin/features/booking/rules`, `src/plugin/shared/access`)".
 */
export const guestBookingEnabled: BookingRule = async (context) => {
  const { operation, options, plan, req } = context
  if (operation !== 'create' || plan === null || !isGuestBooking(context)) {
    return
  }
  const service = (await referenceData(req.payload, options).services([plan.service])).get(String(plan.service))
  const setting = service?.allowGuestBooking ?? 'inherit'
  const enabled = setting === 'enabled' || (setting === 'inherit' && options.allowGuestBooking)
  if (!enabled) {
    throw new CommandRejected('invalid', 'This service cannot be booked as a guest; sign in to book it', 'guest')
  }
}
