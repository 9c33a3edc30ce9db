import type { CollectionSlug } from 'payload'

import type { BookingRule } from './booking-rule.js'

import { CommandRejected } from '../../../events/rejection.js'
import { parseRecordId } from '../../http/record-id.js'
import { relationId } from '../relation-id.js'

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
  // An id no customer could have (beyond PostgreSQL's integer ids, say) is not looked up: the
  // database would fail on it with a server error.
  const id = parseRecordId(req.payload, options.slugs.customers, customer)
  const found =
    id === null ? null : await req.payload.db.findOne({ collection: options.slugs.customers as CollectionSlug, req, where: { id: { equals: id } } })
  if (!found) {
    throw new CommandRejected('invalid', 'Customer not found', 'customer')
  }
}
