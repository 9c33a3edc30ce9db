import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { referenceData } from '../../../shared/reference-data/reference-data.js'

/**
 * A service or resource set to `active: false` takes no new bookings and no moves onto it, the
 * booking's own, its items' and its service's required pools alike (`enforceActive`, default
 * on). Status changes and cancels of existing bookings make no plan and pass.
 */
export const activeRecordsOnly: BookingRule = async ({ options, plan, req }) => {
  if (plan === null || !options.enforceActive) {
    return
  }
  const reference = referenceData(req.payload, options)
  const services = await reference.services([plan.service, ...plan.items.flatMap((item) => (item.service == null ? [] : [item.service]))])
  const resources = await reference.resources([plan.resource, ...plan.items.map((item) => item.resource)])
  const inactive = 'is inactive and takes no bookings'
  if (services.get(String(plan.service))?.active === false) {
    throw new CommandRejected('invalid', `The service ${inactive}`, 'service')
  }
  if (resources.get(String(plan.resource))?.active === false) {
    throw new CommandRejected('invalid', `The resource ${inactive}`, 'resource')
  }
  plan.items.forEach((item, index) => {
    if (resources.get(String(item.resource))?.active === false) {
      throw new CommandRejected('invalid', `The resource ${inactive}`, `items.${index}.resource`)
    }
    if (item.service != null && services.get(String(item.service))?.active === false) {
      throw new CommandRejected('invalid', `The service ${inactive}`, `items.${index}.service`)
    }
  })
}
