import type { PayloadRequest } from 'payload'

import type { ResolvedOptions } from '../../options.js'

import { relationId } from '../../shared/relation-id.js'

/**
 * Whether the signed-in user is the customer a reservation belongs to: a user of the customers
 * collection (or of userCollection) whose id is the reservation's `customer`. The collection
 * matters: with a separate customers collection, staff user 3 is not customer 3.
 */
export const isReservationCustomer = (req: PayloadRequest, options: Pick<ResolvedOptions, 'slugs'>, customer: unknown): boolean => {
  const owner = relationId(customer)
  return (
    !!req.user && owner !== null && req.user.collection === options.slugs.customers && String(req.user.id) === String(owner)
  )
}
