import type { Endpoint, JsonObject } from 'payload'

import type { AuditEntry } from '../../../projections/audit-trail.js'
import type { HistoryEvent, HistoryResponse } from '../../../contract/http.js'
import type { RoleOptions, TenancyOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { foldReservation } from '../../../commands/reservation-state.js'
import { auditTrail } from '../../../projections/audit-trail.js'
import { reservationDocument } from '../../../projections/reservation-document.js'
import { fieldsHiddenFrom } from '../../shared/access/as-collection-reads.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { withoutDigestDeep } from '../../shared/access/token-digest.js'
import { reservationTenantField } from '../../shared/tenancy/tenancy.js'
import { isReadable } from '../../shared/readable-ids.js'
import { hiddenFromCustomer, historyWithout } from './history-redaction.js'
import { MESSAGES } from '../../../contract/messages.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { endpoint, messageBody } from '../../shared/http/request-error.js'
import { isReservationCustomer, reservationIdParameter } from '../booking/index.js'

/** An event as the audit trail shows it; the guest token's digest never leaves the ledger, at any depth. */
const entry = ({ changes, event }: AuditEntry): HistoryEvent => ({
  actor: event.metadata.actor,
  at: event.metadata.at,
  changes: withoutDigestDeep(changes),
  // Spread, so that the event's own type reads as the contract's plain record of fields.
  data: { ...withoutDigestDeep(event.data) },
  reason: event.metadata.reason ?? null,
  revision: event.revision,
  type: event.type,
})

/**
 * GET /api/reserve/history?reservationId= (beyond the spec): a reservation's events from its
 * ledger stream, oldest first, with who did what, when and why, and what each changed (old →
 * new, events of older versions included). For privileged staff, and for the reservation's own
 * customer without staff notes; neither gets a field the collection's field-level read access
 * hides from them. Others get 403 whether or not the reservation exists, so the
 * endpoint does not tell them which ids are taken; staff get 404 for an unknown id.
 */
export const historyEndpoint = (options: RoleOptions & TenancyOptions, services: Services<Pick<ReserveRuntime, 'ledger'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    const param = reservationIdParameter.safeParse((req.query as Record<string, unknown> | undefined)?.reservationId)
    if (!param.success) {
      throw messageBody(400, param.error.issues[0].message)
    }
    if (!req.user) {
      throw messageBody(401, MESSAGES.unauthorized)
    }
    const id = parseRecordId(req.payload, options.slugs.reservations, param.data)
    const events = id === null ? [] : await services.of(req.payload).ledger.history(String(id))
    const state = foldReservation(events)
    const privileged = isPrivileged(req.user, options)
    const customer = state.kind === 'active' || state.kind === 'deleted' ? state.reservation.customer : null
    if (!privileged && !isReservationCustomer(req, options, customer)) {
      throw messageBody(403, MESSAGES.forbidden)
    }
    // Staff read the trail of a reservation they may read (not another tenant's): else, as unknown.
    const readable = !privileged || (id !== null && (await isReadable(req, options.slugs.reservations, id)))
    if (events.length === 0 || !readable) {
      throw messageBody(404, MESSAGES.reservationNotFound)
    }
    // What the collection's read of the reservation (as it is last) hides from them stays out of its trail.
    const last = (state.kind === 'active' || state.kind === 'deleted') && state.reservation
    const hidden = last
      ? await fieldsHiddenFrom(req, options.slugs.reservations, reservationDocument(last, events[events.length - 1].revision, reservationTenantField(req.payload, options)) as JsonObject)
      : new Set<string>()
    const trail = auditTrail(events).map(entry)
    if (!privileged) {
      for (const field of hiddenFromCustomer(trail)) {
        hidden.add(field)
      }
    }
    return Response.json({
      events: historyWithout(trail, hidden),
      reservationId: String(id),
    } satisfies HistoryResponse)
  }),
  method: 'get',
  path: '/reserve/history',
})
