import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../../events/rejection.js'
import { customerExists as lookUpCustomer } from '../customer-lookup.js'
import { relationId } from '../../../shared/relation-id.js'

/**
 * The customer a reservation names must exist. The ledger commits before Payload saves the
 * document, so a dangling id must be refused here rather than by the database's foreign key
 * after the event is already written.
 */
export const customerExists: BookingRule = async ({ customer, operation, options, originalDoc, req }) => {
  // An update that keeps the customer (a status change, a move) has nothing new to check.
  if (customer === null || (operation === 'update' && String(customer) === String(relationId(originalDoc?.customer)))) {
    return
  }
  if (!(await lookUpCustomer(req, options, customer))) {
    throw new CommandRejected('invalid', 'Customer not found', 'customer')
  }
}
