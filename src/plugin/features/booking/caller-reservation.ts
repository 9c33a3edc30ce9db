import type { PayloadRequest } from 'payload'

import type { RoleOptions, TenancyOptions } from '../../options.js'

import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { MESSAGES } from '../../../contract/messages.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { messageBody } from '../../shared/http/request-error.js'
import { isReadable } from '../../shared/readable-ids.js'
import { isReservationCustomer } from './customer-of.js'
import { matchesTokenDigest } from './guest-token.js'

export interface CallerReservation {
  id: number | string
  /** Whether the caller owns `doc`: its signed-in customer, or presenting its guest token. */
  owns: (doc: Record<string, unknown>) => boolean
  privileged: boolean
  /** The reservation as the database stores it (its token's digest included: never send it). */
  stored: Record<string, unknown>
}

/**
 * The reservation `reservationId` when the caller may act on it as its owner: its signed-in
 * customer, a guest presenting its token (checked against the stored digest in constant time),
 * or privileged staff who may read it. Everyone else gets 403 whether or not it exists, so ids
 * are not revealed; only privileged staff learn of an unknown one (404), as for history.
 */
export const callerReservation = async (
  req: PayloadRequest,
  options: RoleOptions & TenancyOptions,
  reservationId: string,
  token: unknown,
): Promise<CallerReservation> => {
  const collection = options.slugs.reservations
  const id = parseRecordId(req.payload, collection, reservationId)
  const stored =
    id === null ? null : ((await req.payload.db.findOne({ collection, req, where: { id: { equals: id } } })) as null | Record<string, unknown>)
  const privileged = isPrivileged(req.user, options)
  if (id === null || stored === null) {
    throw privileged ? messageBody(404, MESSAGES.reservationNotFound) : messageBody(403, MESSAGES.forbidden)
  }
  const owns = (doc: Record<string, unknown>) => isReservationCustomer(req, options, doc.customer) || matchesTokenDigest(token, doc.cancellationToken)
  // Checked once: each check is one constant-time comparison, and a request makes no more than it needs.
  const ownsStored = owns(stored)
  if (!ownsStored && !privileged) {
    throw messageBody(403, MESSAGES.forbidden)
  }
  // Privileged staff act on what they may read: another tenant's reservation is as unknown.
  if (!ownsStored && !(await isReadable(req, collection, id))) {
    throw messageBody(404, MESSAGES.reservationNotFound)
  }
  return { id, owns, privileged, stored }
}
