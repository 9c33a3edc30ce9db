import type { Endpoint, PayloadRequest } from 'payload'

import { z } from 'zod'

import type { CommandMeta } from '../../../commands/ledger.js'
import type { HoldHolder, RecordedEvent, ReservationEvent, ReservationHeld } from '../../../events/types.js'
import type { HoldReleaseResponse, HoldResponse } from '../../../contract/http.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { isHolder } from '../../../commands/hold-rules.js'
import { foldReservation } from '../../../commands/reservation-state.js'
import { isCommandRejected } from '../../../events/rejection.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { holdCallerOf, isHoldId } from '../../shared/hold-caller.js'
import { placeHold } from './place-hold.js'
import { readJsonObject } from '../../shared/http/json-body.js'
import { MESSAGES } from '../../../contract/messages.js'
import { queryParam } from '../../shared/http/query-params.js'
import { endpoint, messageBody, payloadErrorBody } from '../../shared/http/request-error.js'
import { checkBookingShape, commandMeta, requireKnownRecords } from '../booking/index.js'

/**
 * POST /api/reserve/holds: holds capacity for the body of a booking while the customer checks
 * out (`holdMinutes`), with the booking's checks (`holds/place-hold.ts`). Answers 201 with the
 * hold; refusals as book's, and 429 when the caller keeps as many live holds as they may.
 */
export const placeHoldEndpoint = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'allowGuestBooking' | 'bookingWindow' | 'debug' | 'defaultBufferTime' | 'enforceActive' | 'getExternalBusy' | 'holdMinutes' | 'maxFlexibleDuration' | 'slotInterval' | 'timezone'>, services: Services<Pick<ReserveRuntime, 'feeds' | 'holds' | 'ledger'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    const collection = options.slugs.reservations
    const data = checkBookingShape(await readJsonObject(req, (text, status = 400) => payloadErrorBody(status, text)), collection)
    await requireKnownRecords(req, options, data)
    const { hold, token } = await placeHold(req, options, services, data)
    const body: HoldResponse = {
      endTime: hold.endTime,
      expiresAt: hold.expiresAt,
      guestCount: hold.guestCount,
      holdId: hold.reservationId,
      ...(token ? { holdToken: token } : {}),
      items: hold.items,
      resource: hold.resource,
      service: hold.service,
      startTime: hold.startTime,
    }
    return Response.json(body, { status: 201 })
  }),
  method: 'post',
  path: '/reserve/holds',
})

/** The body of DELETE /api/reserve/holds/{id}: a guest's `holdToken`, as text (null: none given). */
export const releaseHoldBody = z.looseObject({ holdToken: z.string({ error: MESSAGES.holdTokenType }).nullish() })

/** The hold token a guest presents: `holdToken` in the JSON body, else in the query. */
const presentedToken = async (req: PayloadRequest): Promise<null | string> => {
  const body = releaseHoldBody.safeParse(await readJsonObject(req, (text, status = 400) => messageBody(status, text)))
  if (!body.success) {
    throw messageBody(400, body.error.issues[0].message)
  }
  const query = queryParam(req, 'holdToken')
  return body.data.holdToken ?? (query.kind === 'text' ? query.value : null)
}

/**
 * DELETE /api/reserve/holds/{id}: releases a hold early (`HoldReleased`), for its holder (the
 * user, or a guest presenting the hold token) or privileged staff; as for cancel, anyone else
 * gets 403 whether or not the hold exists, and only privileged staff learn of an unknown id
 * (404). A hold that has ended already is answered as it ended; one booked answers 409.
 */
export const releaseHoldEndpoint = (options: RoleOptions & Pick<ResolvedOptions, 'debug'>, services: Services<Pick<ReserveRuntime, 'holds' | 'ledger'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    const holdId = String(req.routeParams?.id ?? '')
    const token = await presentedToken(req)
    const meta = commandMeta(req, options)
    const { ledger } = services.of(req.payload)
    const events = isHoldId(holdId) ? await ledger.history(holdId) : []
    const placed = events[0]?.type === 'ReservationHeld' ? (events[0] as RecordedEvent<ReservationHeld>) : undefined
    const privileged = isPrivileged(req.user, options)
    if (!placed || !(privileged || isHolder(placed.data.holder, holdCallerOf(meta, token)))) {
      throw !placed && privileged ? messageBody(404, MESSAGES.holdNotFound) : messageBody(403, MESSAGES.forbidden)
    }
    const ended = endOf(events) ?? (await release(req, services, holdId, holdCallerOf(meta, token), meta))
    if (ended === 'booked') {
      throw messageBody(409, MESSAGES.holdBooked)
    }
    return Response.json({ holdId, status: ended } satisfies HoldReleaseResponse)
  }),
  method: 'delete',
  path: '/reserve/holds/:id',
})

/** Releases a live hold; one that ended meanwhile (booked or expired) is answered as it ended. */
const release = async (
  req: PayloadRequest,
  services: Services<Pick<ReserveRuntime, 'holds' | 'ledger'>>,
  holdId: string, caller: HoldHolder, meta: CommandMeta): Promise<'booked' | 'expired' | 'released'> => {
  const { holds, ledger } = services.of(req.payload)
  try {
    await ledger.execute({ data: { caller, reservationId: holdId }, type: 'ReleaseHold' }, meta)
  } catch (error) {
    const ended = isCommandRejected(error) ? endOf(await ledger.history(holdId)) : null
    if (ended === null) {
      throw isCommandRejected(error) ? messageBody(409, error.message) : error
    }
    await holds.project(holdId)
    return ended
  }
  await holds.project(holdId)
  return 'released'
}

/** How a hold's stream says it ended: booked, expired, released, or not yet (null). */
const endOf = (events: RecordedEvent<ReservationEvent>[]): 'booked' | 'expired' | 'released' | null => {
  const state = foldReservation(events)
  if (state.kind === 'held') {
    return null
  }
  if (state.kind === 'active' || state.kind === 'deleted') {
    return 'booked'
  }
  return events.some((event) => event.type === 'HoldExpired') ? 'expired' : 'released'
}
