import type { BookingRule, BookingRuleContext } from './booking-rule.js'

import { activeRecordsOnly } from './active-records-only.js'
import { anonymousBooksAsGuest } from './anonymous-books-as-guest.js'
import { customerBooksForSelf } from './customer-books-for-self.js'
import { customerExists } from './customer-exists.js'
import { customerMovesOnly } from './customer-moves-only.js'
import { fieldTypes } from './field-types.js'
import { guestBookingEnabled } from './guest-booking-enabled.js'
import { guestContactDetails } from './guest-contact-details.js'
import { guestWithoutCustomer } from './guest-without-customer.js'
import { itemsForNonStaff } from './items-for-non-staff.js'
import { oneTenant } from './one-tenant.js'
import { outsideExternalBusy } from './outside-external-busy.js'
import { ownerStaffBooksOwnResources } from './owner-staff-books-own-resources.js'
import { resourceOffersService } from './resource-offers-service.js'
import { withinBookingWindow } from './within-booking-window.js'
import { withinSchedule } from './within-schedule.js'

/**
 * The rules every reservation write passes, in order (one rule per file): who may book for
 * whom first, then the guest rules, then the checks that read other records.
 */
const rules: BookingRule[] = [
  fieldTypes,
  anonymousBooksAsGuest,
  customerBooksForSelf,
  customerMovesOnly,
  ownerStaffBooksOwnResources,
  guestWithoutCustomer,
  guestBookingEnabled,
  guestContactDetails,
  customerExists,
  oneTenant,
  activeRecordsOnly,
  resourceOffersService,
  itemsForNonStaff,
  withinSchedule,
  withinBookingWindow,
  outsideExternalBusy,
]

export const checkBookingRules = async (context: BookingRuleContext): Promise<void> => {
  for (const rule of rules) {
    await rule(context)
  }
}
