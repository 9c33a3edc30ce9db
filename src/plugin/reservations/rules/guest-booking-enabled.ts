import type { CollectionSlug } from 'payload'

import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../commands/rejection.js'
import { isGuestBooking } from './booking-rule.js'

/**
 * Guest bookings only for services that allow them: `enabled`, or `inherit` while the plugin's
 * allowGuestBooking is on (SPEC 2.6, guest rule 3).
 */
export const guestBookingEnabled: BookingRule = async (context) => {
  const { operation, options, plan, req } = context
  if (operation !== 'create' || plan === null || !isGuestBooking(context)) {
    return
  }
  const service = (await req.payload.db.findOne({
    collection: options.slugs.services as CollectionSlug,
    req,
    where: { id: { equals: plan.service } },
  })) as { allowGuestBooking?: null | string } | null
  const setting = service?.allowGuestBooking ?? 'inherit'
  const enabled = setting === 'enabled' || (setting === 'inherit' && options.allowGuestBooking)
  if (!enabled) {
    throw new CommandRejected('invalid', 'This service cannot be booked as a guest; sign in to book it', 'guest')
  }
}
