import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { referenceData } from '../../../shared/reference-data/reference-data.js'

/**
 * A customer or guest books what the service requires, when they book it: an item may name
 * only one of the service's required resources, each once, with no time, service or guest
 * count of its own beyond the booking's. Their claims then lie in the booking's own time, which
 * the other rules keep in the future and inside the schedule. Staff may book items freely.
 */
export const itemsForNonStaff: BookingRule = async ({ meta, options, plan, req }) => {
  if (plan === null || meta.privileged || plan.items.length === 0) {
    return
  }
  const service = (await referenceData(req.payload, options).services([plan.service])).get(String(plan.service))
  const required = new Set((service?.requiredResources ?? []).map(String))
  const named = new Set<string>()
  plan.items.forEach((item, index) => {
    const resource = String(item.resource)
    if (!required.has(resource) || named.has(resource)) {
      throw new CommandRejected('invalid', 'Only the resources the service requires can be booked as items, each once', `items.${index}.resource`)
    }
    named.add(resource)
    if (item.startTime != null || item.endTime != null) {
      throw new CommandRejected('invalid', 'Items take the booking’s own time', `items.${index}.startTime`)
    }
    if (item.service != null && String(item.service) !== String(plan.service)) {
      throw new CommandRejected('invalid', 'Items take the booking’s own service', `items.${index}.service`)
    }
    if (item.guestCount != null && item.guestCount > plan.guestCount) {
      throw new CommandRejected('invalid', 'An item cannot take more guests than the booking', `items.${index}.guestCount`)
    }
  })
}
