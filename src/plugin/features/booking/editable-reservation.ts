import type { PayloadRequest, Where } from 'payload'

import { executeAccess } from 'payload'

import type { ResolvedOptions } from '../../options.js'

import { MESSAGES } from '../../../contract/messages.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { errorBody } from '../../shared/http/request-error.js'

/**
 * The id of a reservation the requester may update, as the busy index keys it; 404 for one
 * that is malformed, unknown or not theirs to edit (not being allowed to move a booking is not
 * being told it exists). Decided by the collection's own update access.
 */
export const editableReservation = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'slugs'>, given: string): Promise<string> => {
  const collection = options.slugs.reservations
  const id = parseRecordId(req.payload, collection, given)
  const collectionConfig = req.payload.collections[collection].config
  const constraint = id === null ? false : await executeAccess({ collectionConfig, disableErrors: true, req }, collectionConfig.access.update)
  if (id === null || !constraint) {
    throw errorBody(404, MESSAGES.reservationNotFound)
  }
  const where: Where = constraint === true ? { id: { equals: id } } : { and: [{ id: { equals: id } }, constraint] }
  const { totalDocs } = await req.payload.count({ collection, overrideAccess: true, req, where })
  if (totalDocs === 0) {
    throw errorBody(404, MESSAGES.reservationNotFound)
  }
  return String(id)
}
