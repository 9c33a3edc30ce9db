import type { Endpoint } from 'payload'

import { z } from 'zod'

import type { ReservationDocument } from '../../../contract/http.js'
import type { RoleOptions, TenancyOptions } from '../../options.js'

import { MESSAGES } from '../../../contract/messages.js'
import { readJsonObject } from '../../shared/http/json-body.js'
import { privateResponse } from '../../shared/http/private-response.js'
import { endpoint, messageBody } from '../../shared/http/request-error.js'
import { parseInstant } from '../../shared/validation/parse-instant.js'
import { callerReservation } from './caller-reservation.js'
import { cancelRequest } from './cancel-endpoint.js'
import { withoutToken } from './without-token.js'

/**
 * The body of POST /api/reserve/reschedule, each field refused with its own text, the first
 * wrong one in key order. `token` is not checked here: a wrong one is refused as no token is (403).
 */
export const rescheduleRequest = z.looseObject({
  reservationId: cancelRequest.shape.reservationId,
  startTime: z
    .string({ error: MESSAGES.startTime })
    .refine((text) => parseInstant(text) !== null, MESSAGES.startTime)
    .meta({ format: 'date-time' }),
  resource: z.union([z.string().min(1), z.number()], { error: MESSAGES.singleResource }).nullish(),
})

/**
 * POST /api/reserve/reschedule: moves a reservation to a new start (and resource), allowed on
 * cancel's terms (its customer, privileged staff, or a guest with its token; everyone else 403
 * whether or not it exists). The move is an update through the collection, so the rules and the
 * ledger decide it as they decide a customer's own PATCH: schedule, booking window, notice
 * period (privileged staff exempt), capacity (409). Answers the moved document without the token.
 */
export const rescheduleEndpoint = (options: RoleOptions & TenancyOptions): Endpoint => ({
  handler: privateResponse(
    endpoint(async (req) => {
      const body = await readJsonObject(req, (text, status = 400) => messageBody(status, text))
      const checked = rescheduleRequest.safeParse(body)
      if (!checked.success) {
        throw messageBody(400, checked.error.issues[0].message)
      }
      const { reservationId, resource, startTime } = checked.data
      const { id } = await callerReservation(req, options, reservationId, body.token)
      const moved = await req.payload.update({
        collection: options.slugs.reservations,
        data: { startTime: new Date(parseInstant(startTime)!).toISOString(), ...(resource == null ? {} : { resource }) },
        depth: 0,
        id,
        // Who may move it was decided above; the collection's update access is for other edits.
        overrideAccess: true,
        req,
      })
      return Response.json(withoutToken(moved) satisfies ReservationDocument)
    }),
  ),
  method: 'post',
  path: '/reserve/reschedule',
})
