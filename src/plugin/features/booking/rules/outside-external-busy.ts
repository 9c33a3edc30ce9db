import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { externalBusyOf } from '../../external-busy/index.js'

/**
 * Time a resource is busy elsewhere (its calendar feeds, the site's `getExternalBusy`) takes
 * the whole resource: a booking or move whose claim overlaps it is taken (409), as the slot
 * would not have been offered. Status changes and cancels make no plan and pass.
 */
export const outsideExternalBusy: BookingRule = async ({ options, plan, req, services }) => {
  if (plan === null) {
    return
  }
  for (const [index, claim] of plan.claims.entries()) {
    const from = Math.min(...claim.intervals.map(({ start }) => start))
    const to = Math.max(...claim.intervals.map(({ end }) => end))
    const busy = await externalBusyOf(req, options, services, claim.resource, from, to)
    const overlaps = claim.intervals.some(({ end, start }) => busy.some((interval) => interval.start < end && start < interval.end))
    if (overlaps) {
      throw new CommandRejected('conflict', 'The resource is busy elsewhere at this time', index === 0 ? 'startTime' : `items.${index - 1}.startTime`)
    }
  }
}
