import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { offersService } from '../../../../contract/offers-service.js'
import { referenceData } from '../../../shared/reference-data/reference-data.js'

const NOT_OFFERED = 'The resource does not offer this service'

/**
 * A booking, a move and a hold take a resource only for a service it offers: the booking's
 * resource offers its service; an item's resource offers the item's service (else the
 * booking's), or is one the service requires (a shared pool serves the service without
 * listing it). Status changes and cancels make no plan and pass, so a booking made before its
 * resource stopped offering the service can still be confirmed or cancelled.
 */
export const resourceOffersService: BookingRule = async ({ options, plan, req }) => {
  if (plan === null) {
    return
  }
  const reference = referenceData(req.payload, options)
  const services = await reference.services([plan.service, ...plan.items.flatMap((item) => (item.service == null ? [] : [item.service]))])
  const resources = await reference.resources([plan.resource, ...plan.items.map((item) => item.resource)])
  const offers = (resource: number | string, service: number | string) =>
    offersService(resources.get(String(resource))?.services ?? [], service)
  if (!offers(plan.resource, plan.service)) {
    throw new CommandRejected('invalid', NOT_OFFERED, 'resource')
  }
  plan.items.forEach((item, index) => {
    const service = item.service ?? plan.service
    const required = [plan.service, service].some((id) =>
      services.get(String(id))?.requiredResources.some((pool) => String(pool) === String(item.resource)),
    )
    if (!required && !offers(item.resource, service)) {
      throw new CommandRejected('invalid', NOT_OFFERED, `items.${index}.resource`)
    }
  })
}
