import type { Endpoint } from 'payload'

import type { RecordedEvent, ReservationEvent } from '../../events/types.js'
import type { HistoryEvent, HistoryResponse } from '../http/contract.js'
import type { ResolvedOptions } from '../options.js'

import { evolveReservation, foldReservation, initialReservationState, previousDetails } from '../../commands/reservation-state.js'
import { isPrivileged } from '../access/is-privileged.js'
import { withoutDigestDeep } from '../access/token-digest.js'
import { getRuntime } from '../runtime.js'
import { isReservationCustomer } from './customer-of.js'
import { MESSAGES } from '../http/messages.js'
import { queryParam } from '../http/query-params.js'
import { parseRecordId } from '../http/record-id.js'
import { endpoint, messageBody } from '../http/request-error.js'

/** An event as the audit trail shows it; the guest token's digest never leaves the ledger, at any depth. */
const entry = (event: RecordedEvent<ReservationEvent>): HistoryEvent => ({
  actor: event.metadata.actor,
  at: event.metadata.at,
  // Spread, so that the event's own type reads as the contract's plain record of fields.
  data: { ...withoutDigestDeep(event.data) },
  reason: event.metadata.reason ?? null,
  revision: event.revision,
  type: event.type,
})

/**
 * The events as the audit trail shows them. A details change written before events carried
 * the old values gets them from the fold of the stream up to it.
 */
const entries = (events: RecordedEvent<ReservationEvent>[]) => {
  let state = initialReservationState()
  return events.map((event) => {
    const before = state
    state = evolveReservation(state, event, event.metadata)
    if (event.type === 'ReservationDetailsUpdated' && !event.data.previous && before.kind === 'active') {
      return entry({ ...event, data: { ...event.data, previous: previousDetails(before.reservation, event.data.changes) } })
    }
    return entry(event)
  })
}

/**
 * GET /api/reserve/history?reservationId= (beyond the spec): a reservation's events from its
 * ledger stream, oldest first, with who did what, when and why. For privileged staff and for
 * the reservation's own customer. Others get 403 whether or not the reservation exists, so the
 * endpoint does not tell them which ids are taken; staff get 404 for an unknown id.
 */
export const historyEndpoint = (options: ResolvedOptions): Endpoint => ({
  handler: endpoint(async (req) => {
    const param = queryParam(req, 'reservationId')
    if (param.kind === 'absent') {
      throw messageBody(400, MESSAGES.reservationIdRequired)
    }
    if (param.kind !== 'text') {
      throw messageBody(400, MESSAGES.reservationIdType)
    }
    if (!req.user) {
      throw messageBody(401, MESSAGES.unauthorized)
    }
    const id = parseRecordId(req.payload, options.slugs.reservations, param.value)
    const events = id === null ? [] : await getRuntime(req.payload).ledger.history(String(id))
    const state = foldReservation(events)
    const privileged = isPrivileged(req.user, options)
    const customer = state.kind === 'active' || state.kind === 'deleted' ? state.reservation.customer : null
    if (!privileged && !isReservationCustomer(req, options, customer)) {
      throw messageBody(403, MESSAGES.forbidden)
    }
    if (events.length === 0) {
      throw messageBody(404, MESSAGES.reservationNotFound)
    }
    return Response.json({ events: entries(events), reservationId: String(id) } satisfies HistoryResponse)
  }),
  method: 'get',
  path: '/reserve/history',
})
