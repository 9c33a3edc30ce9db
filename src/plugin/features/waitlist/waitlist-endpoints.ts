import type { Endpoint, PayloadRequest } from 'payload'

import { z } from 'zod'

import { randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'

import type { WaitlistState } from '../../../commands/waitlist-decider.js'
import type { HoldHolder } from '../../../events/types.js'
import type { WaitlistEntryRecord, WaitlistEntryResponse, WaitlistLeaveResponse, WaitlistListResponse, WaitlistOfferResponse } from '../../../contract/http.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { holdTokenDigest, isHolder } from '../../../commands/hold-rules.js'
import { offersService } from '../../../contract/offers-service.js'
import { isCommandRejected } from '../../../events/rejection.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { holdCallerOf, isHoldId } from '../../shared/hold-caller.js'
import { readJsonObject } from '../../shared/http/json-body.js'
import { LIMITS, MESSAGES } from '../../../contract/messages.js'
import { queryParam } from '../../shared/http/query-params.js'
import { endpoint, messageBody, payloadErrorBody } from '../../shared/http/request-error.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import { refusalAsPayloadError } from '../../shared/refusals.js'
import { readJoinRequest } from './join-request.js'
import { visibleTenants } from './visible-tenants.js'
import { commandMeta } from '../booking/index.js'

const DAY_MS = 86_400_000

/** Entries GET /api/reserve/waitlist lists at most. */
const LIST_LIMIT = 500

/**
 * POST /api/reserve/waitlist: records the wish for a service (on a resource, or any) at a time
 * within `[from, to)`, for the signed-in customer or a guest contact, as `WaitlistJoined` on a new
 * waitlist stream. Answers 201 with the entry; a guest gets a `token` (32 random bytes, only the
 * SHA-256 digest stored) that lets them leave again. Refusals are 400s naming their fields.
 */
export const joinWaitlistEndpoint = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'allowGuestBooking' | 'debug'>, services: Services<Pick<ReserveRuntime, 'waitlist' | 'waitlistRows'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    const collection = options.slugs.reservations
    const body = await readJsonObject(req, (text, status = 400) => payloadErrorBody(status, text))
    const wish = await readJoinRequest(req, options, body)
    const meta = commandMeta(req, options)
    const token = meta.actor.kind === 'guest' ? randomBytes(32).toString('base64url') : null
    const owner: HoldHolder = token
      ? { kind: 'guest', tokenHash: holdTokenDigest(token) }
      : meta.actor.kind === 'user'
        ? { ...meta.actor }
        : { kind: 'system' }
    const { waitlist, waitlistRows } = services.of(req.payload)
    const entryId = uuidv7()
    try {
      await waitlist.execute({ data: { ...wish, entryId, owner }, type: 'JoinWaitlist' }, meta)
    } catch (error) {
      throw refusalAsPayloadError(error, collection)
    }
    await waitlistRows.project(entryId)
    const { from, guestCount, resource, service, to } = wish
    return Response.json(
      { entryId, from, guestCount, resource, service, status: 'waiting', to, ...(token ? { token } : {}) } satisfies WaitlistEntryResponse,
      { status: 201 },
    )
  }),
  method: 'post',
  path: '/reserve/waitlist',
})

/** The body of DELETE /api/reserve/waitlist/{id}: a guest's `token`, as text (null: none given). */
export const leaveWaitlistBody = z.looseObject({ token: z.string({ error: MESSAGES.waitlistTokenType }).nullish() })

/** The token a guest presents: `token` in the JSON body, else in the query. */
const presentedToken = async (req: PayloadRequest): Promise<null | string> => {
  const body = leaveWaitlistBody.safeParse(await readJsonObject(req, (text, status = 400) => messageBody(status, text)))
  if (!body.success) {
    throw messageBody(400, body.error.issues[0].message)
  }
  const query = queryParam(req, 'token')
  return body.data.token ?? (query.kind === 'text' ? query.value : null)
}

/**
 * The body of POST /api/reserve/waitlist/{id}/offer, each field refused with its own text,
 * `startTime` first. `resource` null or absent: the entry's own.
 */
export const offerWaitlistBody = z.looseObject({
  startTime: z
    .string({ error: MESSAGES.waitlistOfferStart })
    .refine((text) => !Number.isNaN(Date.parse(text)), MESSAGES.waitlistOfferStart)
    .meta({ format: 'date-time' }),
  resource: z.union([z.string().min(1), z.number()], { error: MESSAGES.waitlistOfferResource }).nullish(),
})

/**
 * DELETE /api/reserve/waitlist/{id}: takes an entry back (`WaitlistLeft`), for whoever joined it
 * (the user, or a guest presenting the token) or privileged staff; as for cancel, anyone else gets
 * 403 whether or not the entry exists, and only privileged staff learn of an unknown id (404). An
 * entry that ended already is answered as it ended; one offered a hold answers 409.
 */
export const leaveWaitlistEndpoint = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'debug'>, services: Services<Pick<ReserveRuntime, 'waitlist' | 'waitlistRows'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    const entryId = String(req.routeParams?.id ?? '')
    const token = await presentedToken(req)
    const meta = commandMeta(req, options)
    const caller = holdCallerOf(meta, token)
    const { waitlist, waitlistRows } = services.of(req.payload)
    const { state } = isHoldId(entryId) ? await waitlist.load(entryId) : { state: { kind: 'absent' as const } }
    const privileged = isPrivileged(req.user, options)
    const tenants = privileged && state.kind !== 'absent' ? await visibleTenants(req, options) : null
    // Staff of other tenants than the entry's learn no more of it than of an unknown id.
    const foreign = state.kind !== 'absent' && tenants !== null && !tenants.includes(String(state.entry.tenant ?? ''))
    const holder = state.kind !== 'absent' && isHolder(state.entry.owner, caller)
    if (state.kind === 'absent' || !(holder || (privileged && !foreign))) {
      throw privileged && !holder ? messageBody(404, MESSAGES.waitlistEntryNotFound) : messageBody(403, MESSAGES.forbidden)
    }
    let ended: WaitlistState = state
    try {
      ended = (await waitlist.execute({ data: { caller, entryId }, type: 'LeaveWaitlist' }, meta)).state
    } catch (error) {
      if (!isCommandRejected(error)) {
        throw error
      }
      ended = (await waitlist.load(entryId)).state
    }
    await waitlistRows.project(entryId)
    // Offered (now or before): the entry lives on as its hold, which is what to release.
    if (ended.kind !== 'left' && ended.kind !== 'expired') {
      throw messageBody(409, MESSAGES.waitlistOffered)
    }
    return Response.json({ entryId, status: ended.kind } satisfies WaitlistLeaveResponse)
  }),
  method: 'delete',
  path: '/reserve/waitlist/:id',
})

/**
 * GET /api/reserve/waitlist?start=&end=: the entries whose range overlaps `[start, end)`, oldest
 * first (an offered one with its hold's expiry while the hold is live), for privileged staff (the admin's list of a day; on a multi-tenant site, of their
 * tenants): 401 without a session, 403 for others.
 */
export const listWaitlistEndpoint = (options: RoleOptions & TenancyOptions, services: Services<Pick<ReserveRuntime, 'holds' | 'waitlistRows'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    if (!req.user) {
      throw messageBody(401, MESSAGES.unauthorized)
    }
    if (!isPrivileged(req.user, options)) {
      throw messageBody(403, MESSAGES.forbidden)
    }
    const instant = (name: string): number => {
      const param = queryParam(req, name)
      return param.kind === 'text' ? Date.parse(param.value) : Number.NaN
    }
    const [start, end] = [instant('start'), instant('end')]
    if (Number.isNaN(start) || Number.isNaN(end) || end <= start || end - start > LIMITS.maxRangeDays * DAY_MS) {
      throw messageBody(400, MESSAGES.waitlistRange)
    }
    const tenants = await visibleTenants(req, options)
    const { holds, waitlistRows } = services.of(req.payload)
    const rows = await waitlistRows.overlapping(new Date(start), new Date(end), LIST_LIMIT, tenants ?? undefined)
    // An offer's expiry is said only while its hold is live: once booked, released or expired, "held until" is no longer true.
    const liveHolds = await holds.listed(rows.flatMap((row) => (row.status === 'offered' && row.holdId ? [row.holdId] : [])))
    const entries = rows.map(
      (row): WaitlistEntryRecord => ({
        customer: row.customer ?? null,
        entryId: row.entryId,
        from: new Date(row.from).toISOString(),
        guestCount: row.guestCount,
        guestName: row.guestName ?? null,
        holdId: row.holdId ?? null,
        joinedAt: new Date(row.joinedAt).toISOString(),
        offerExpiresAt: row.offerExpiresAt && row.holdId && liveHolds.has(row.holdId) ? new Date(row.offerExpiresAt).toISOString() : null,
        offeredStart: row.offeredStart ? new Date(row.offeredStart).toISOString() : null,
        resource: row.resource || null,
        service: row.service,
        status: row.status,
        to: new Date(row.to).toISOString(),
      }),
    )
    return Response.json({ entries } satisfies WaitlistListResponse)
  }),
  method: 'get',
  path: '/reserve/waitlist',
})

/**
 * POST /api/reserve/waitlist/{id}/offer {resource?, startTime}: staff offer a free time to a
 * waiting entry by hand, as a pass would (a hold for the entry's contact, then `WaitlistOffered`):
 * 401 without a session, 403 for others, 404 for an unknown entry or one of another tenant,
 * 400 for a bad time or resource, 409 when the entry is not waiting or the time is not free.
 */
export const offerWaitlistEndpoint = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'debug'>, services: Services<Pick<ReserveRuntime, 'waitlist' | 'waitlistOffers'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    if (!req.user) {
      throw messageBody(401, MESSAGES.unauthorized)
    }
    if (!isPrivileged(req.user, options)) {
      throw messageBody(403, MESSAGES.forbidden)
    }
    const body = await readJsonObject(req, (text, status = 400) => messageBody(status, text))
    const entryId = String(req.routeParams?.id ?? '')
    const { waitlist, waitlistOffers } = services.of(req.payload)
    const { state } = isHoldId(entryId) ? await waitlist.load(entryId) : { state: { kind: 'absent' as const } }
    const tenants = state.kind === 'absent' ? null : await visibleTenants(req, options)
    if (state.kind === 'absent' || (tenants !== null && !tenants.includes(String(state.entry.tenant ?? '')))) {
      throw messageBody(404, MESSAGES.waitlistEntryNotFound)
    }
    const offer = offerWaitlistBody.safeParse(body)
    if (!offer.success) {
      throw messageBody(400, offer.error.issues[0].message)
    }
    const start = Date.parse(offer.data.startTime)
    // An entry for any resource names none: the offer must.
    const resource = offer.data.resource ?? state.entry.resource
    if (resource === null) {
      throw messageBody(400, MESSAGES.waitlistOfferResource)
    }
    // As the booking rule `resourceOffersService`: a pass only picks resources that offer the service, a hand may not.
    const record = (await referenceData(req.payload, options).resources([resource])).get(String(resource))
    if (!offersService(record?.services ?? [], state.entry.service)) {
      throw messageBody(400, MESSAGES.waitlistOfferNotOffered)
    }
    if (state.kind !== 'waiting') {
      throw messageBody(409, MESSAGES.waitlistNotWaiting)
    }
    const meta = { ...commandMeta(req, options, `offered by hand to waitlist entry ${entryId}`), now: new Date() }
    const startTime = new Date(start).toISOString()
    const { holdId, outcome } = await waitlistOffers.offerByHand(req, state.entry, { resource, startTime }, meta)
    if (outcome !== 'offered') {
      throw messageBody(409, outcome === 'taken' ? MESSAGES.waitlistOfferTaken : MESSAGES.waitlistNotWaiting)
    }
    const { state: offered } = await waitlist.load(entryId)
    const expiresAt = offered.kind === 'offered' ? offered.offer.expiresAt : ''
    return Response.json({ entryId, expiresAt, holdId, resource, startTime, status: 'offered' } satisfies WaitlistOfferResponse, { status: 201 })
  }),
  method: 'post',
  path: '/reserve/waitlist/:id/offer',
})
