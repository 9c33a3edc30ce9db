import type { Endpoint } from 'payload'

import { z } from 'zod'

import type { ReservationDocument, SeriesCancelled } from '../../../contract/http.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { callerReservation } from './caller-reservation.js'
import { readJsonObject } from '../../shared/http/json-body.js'
import { LIMITS, MESSAGES } from '../../../contract/messages.js'
import { endpoint, messageBody } from '../../shared/http/request-error.js'
import { CANCEL_SCOPES, seriesToCancel } from './series/cancel-series.js'
import { isReadable } from '../../shared/readable-ids.js'
import { withoutToken } from './without-token.js'

/** Null or empty text counts as not given. */
const blankAsAbsent = (value: unknown): unknown => (value === null || value === '' ? undefined : value)

/**
 * The body of POST /api/reserve/cancel, each field refused with its own text, the first wrong
 * one in key order. `token` is not checked here: a wrong one is refused as no token is (403).
 */
export const cancelRequest = z.looseObject({
  reservationId: z.preprocess(
    blankAsAbsent,
    z.string({ error: (issue) => (issue.input === undefined ? MESSAGES.reservationIdRequired : MESSAGES.reservationIdType) }),
  ),
  reason: z.preprocess(blankAsAbsent, z.string({ error: MESSAGES.reason }).max(LIMITS.maxReasonLength, MESSAGES.reason).optional()),
  scope: z.enum(CANCEL_SCOPES, { error: MESSAGES.scope }).default('one'),
})

/**
 * POST /api/reserve/cancel. Allowed to the reservation's customer, privileged staff,
 * or anyone presenting the guest token (checked against the stored digest in constant time);
 * everyone else gets 403, never 401. The cancel itself is a status update through the
 * collection, so the ledger decides it (notice period, privileged staff exempt; transitions),
 * the document and the afterStatusChange hooks follow, and `reason` lands in the event's
 * metadata (the write hooks read `req.context.reason`). An already cancelled reservation is
 * answered as it is. `scope` (`series/cancel-series.ts`): `one` (the default) answers the
 * document; `following` and `series` also cancel other occurrences of its series and answer
 * `{ reservations }`, none of them when any is refused. See docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)".
 */
export const cancelEndpoint = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'debug' | 'statusMachine' | 'timezone'>, services: Services<Pick<ReserveRuntime, 'ledger'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    const body = await readJsonObject(req, (text, status = 400) => messageBody(status, text))
    const checked = cancelRequest.safeParse(body)
    if (!checked.success) {
      throw messageBody(400, checked.error.issues[0].message)
    }
    const { reason, reservationId, scope } = checked.data
    const { token } = body

    const collection = options.slugs.reservations
    const { owns: ownsDoc, privileged, stored } = await callerReservation(req, options, reservationId, token)

    // The other occurrences are the caller's to cancel on the same terms as this one.
    const mayCancel = async (doc: Record<string, unknown>) =>
      ownsDoc(doc) || (privileged && (await isReadable(req, collection, doc.id as number | string)))
    const members = await seriesToCancel(req, options, services, stored, scope, mayCancel)
    const cancelled = []
    for (const member of members) {
      const updated = await req.payload.update({
        collection,
        context: reason === undefined ? {} : { reason },
        data: { status: options.cancelledStatus },
        depth: 0,
        id: member.id as number | string,
        // Who may cancel was decided above; the collection's update access is for other edits.
        overrideAccess: true,
        req,
      })
      cancelled.push(withoutToken(updated))
    }
    if (scope === 'one') {
      return Response.json(cancelled[0] satisfies ReservationDocument)
    }
    return Response.json({ reservations: cancelled } satisfies SeriesCancelled)
  }),
  method: 'post',
  path: '/reserve/cancel',
})
