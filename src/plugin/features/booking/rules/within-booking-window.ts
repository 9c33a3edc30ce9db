import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { bookingWindowOf } from '../../../shared/reference-data/booking-window.js'
import { referenceData } from '../../../shared/reference-data/reference-data.js'

/**
 * Customers and guests book and move within the service's booking window: not sooner than its
 * minimum notice, not further ahead than its maximum advance. Privileged staff are exempt, as
 * for the cancellation notice.
 */
export const withinBookingWindow: BookingRule = async ({ meta, options, plan, req }) => {
  if (plan === null || meta.privileged) {
    return
  }
  const service = (await referenceData(req.payload, options).services([plan.service])).get(String(plan.service))
  if (!service) {
    return
  }
  const { earliest, latest } = bookingWindowOf(service, options, (meta.now ?? new Date()).getTime())
  const start = Date.parse(plan.startTime)
  if (start < earliest) {
    throw new CommandRejected('invalid', 'This booking starts too soon: the service needs more notice', 'startTime')
  }
  if (start > latest) {
    throw new CommandRejected('invalid', 'This booking is too far ahead: the service takes bookings for a shorter period', 'startTime')
  }
}
