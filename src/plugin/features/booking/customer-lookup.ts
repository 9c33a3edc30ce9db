import type { PayloadRequest } from 'payload'

import type { RelationId } from '../../../events/types.js'
import type { ResolvedOptions } from '../../options.js'

import { parseRecordId } from '../../shared/http/record-id.js'
import { requestSession } from './write-protocol/write-session.js'

/**
 * Whether the customer `id` exists. An id no customer could have (beyond PostgreSQL's integer
 * ids, say) is not looked up: the database would fail on it with a server error.
 */
export const customerExists = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'slugs'>, id: RelationId): Promise<boolean> => {
  // Per request: the book endpoint's check and the booking rule share one read.
  const known = requestSession(req).customers
  const key = String(id)
  const remembered = known.get(key)
  if (remembered !== undefined) {
    return remembered
  }
  const parsed = parseRecordId(req.payload, options.slugs.customers, id)
  const found =
    parsed !== null &&
    // Only whether it exists: a count reads no columns and no joins (an auth collection's
    // sessions), and Payload builds it with less work than a findOne.
    (await req.payload.db.count({ collection: options.slugs.customers, req, where: { id: { equals: parsed } } })).totalDocs > 0
  known.set(key, found)
  return found
}
