import type { Endpoint, JsonObject } from 'payload'

import { z } from 'zod'

import type { AsOfReservation, AsOfResponse } from '../../../contract/http.js'
import type { RoleOptions, TenancyOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import type { EventStore } from '../../../events/store.js'
import type { HeldAsOf } from '../../../projections/calendar-as-of.js'

import { queryText } from '../../../contract/query.js'
import { capacityStreamName, monthsOf } from '../../../events/capacity-streams.js'
import { NO_STREAM } from '../../../events/store.js'
import { isMovedToMonths, isResourceEvent, resourceStream, reservationStream, type RecordedEvent, type ReservationEvent, type ResourceEvent } from '../../../events/types.js'
import { claimsAsOf, reservationAsOf } from '../../../projections/calendar-as-of.js'
import { reservationDocument } from '../../../projections/reservation-document.js'
import { asCollectionReads } from '../../shared/access/as-collection-reads.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { isoRange } from '../../shared/http/iso.js'
import { MESSAGES } from '../../../contract/messages.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { endpoint, errorBody } from '../../shared/http/request-error.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import { reservationTenantField } from '../../shared/tenancy/tenancy.js'
import { reservationAccessInMemory } from '../../shared/reservation-access-in-memory.js'
import { isReadable } from '../../shared/readable-ids.js'
import { parseInstant } from '../../shared/validation/parse-instant.js'

const AS_OF_FIELDS = ['customer', 'endTime', 'guest', 'guestCount', 'id', 'items', 'resource', 'service', 'startTime', 'status'] as const satisfies (keyof AsOfReservation)[]

/**
 * The answer's fields of a reservation as the collection's read gave it: those it hid stay
 * absent, and the site's own (`siteFields`, by name) go under `fields`.
 */
const asOfReservation = (doc: JsonObject, siteFields: string[]): AsOfReservation => ({
  ...(Object.fromEntries(AS_OF_FIELDS.filter((field) => field in doc).map((field) => [field, doc[field]])) as AsOfReservation),
  fields: Object.fromEntries(siteFields.filter((field) => field in doc).map((field) => [field, doc[field]])),
})

/** An ISO 8601 instant with its zone (`parseInstant`), as epoch ms. */
const instant = queryText(MESSAGES.asOfParams)
  .transform(parseInstant)
  .pipe(z.number({ error: MESSAGES.asOfParams }))
  .meta({ format: 'date-time' })

/**
 * The parameters of as-of, all refused with one text; the OpenAPI document describes them with
 * these schemas.
 */
export const asOfParameters = z
  .object({ resource: queryText(MESSAGES.asOfParams), start: instant, end: instant, at: instant })
  .refine(({ end, start }) => end > start, MESSAGES.asOfParams)

const claimsIn = async (store: EventStore, stream: string, at: number): Promise<HeldAsOf[]> =>
  claimsAsOf((await store.readStream(stream)).filter(isResourceEvent) as RecordedEvent<ResourceEvent>[], at)

/**
 * What the resource's claims reaching into `[start, end)` were at `at`: from its month streams,
 * or, before its ledger was migrated to them, from its one stream of the first layout.
 */
const heldAsOf = async (store: EventStore, resource: string, start: number, end: number, at: number): Promise<HeldAsOf[]> => {
  const old = resourceStream(resource)
  const revision = await store.streamRevision(old)
  if (revision !== NO_STREAM) {
    const [last] = await store.readStream(old, revision, 1)
    if (!isMovedToMonths(last) || Date.parse(last.recordedAt) > at) {
      return claimsIn(store, old, at)
    }
  }
  // A claim spanning months is in each of their streams: one entry per reservation.
  const held = new Map<string, HeldAsOf>()
  for (const month of monthsOf(start, end)) {
    for (const claim of await claimsIn(store, capacityStreamName(resource, month), at)) {
      const seen = held.get(claim.reservationId)?.intervals ?? []
      const fresh = claim.intervals.filter((interval) => !seen.some((other) => other.start === interval.start && other.end === interval.end))
      held.set(claim.reservationId, { intervals: [...seen, ...fresh], reservationId: claim.reservationId })
    }
  }
  return [...held.values()]
}

/**
 * GET /api/reserve/as-of?resource&start&end&at: the calendar of a resource as it was at a past
 * instant, from the ledger (what the store had committed by then): the blocked intervals over
 * `[start, end)` and the reservations holding them, with their status, times, booker and
 * relations then (the admin's "view as of…" draws them as the calendar did). For
 * privileged staff, to check what someone saw ("it was free when I looked"). They get what the
 * reservations collection would have answered them then: the reservations its read access
 * admits (owner mode, tenants), each without the fields its field-level access hides.
 */
export const asOfEndpoint = (options: RoleOptions & TenancyOptions, services: Services<Pick<ReserveRuntime, 'store'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    if (!req.user) {
      throw errorBody(401, MESSAGES.unauthorized)
    }
    if (!isPrivileged(req.user, options)) {
      throw errorBody(403, MESSAGES.forbidden)
    }
    const parsed = asOfParameters.safeParse(req.query ?? {})
    if (!parsed.success) {
      throw errorBody(400, parsed.error.issues[0].message)
    }
    const { at, end, resource, start } = parsed.data
    const id = parseRecordId(req.payload, options.slugs.resources, resource)
    const resources = id === null ? new Map() : await referenceData(req.payload, options).resources([id])
    // Not being allowed to read a resource (another tenant's) is not being told it exists.
    if (id === null || !resources.has(String(id)) || !(await isReadable(req, options.slugs.resources, id, resources))) {
      throw errorBody(404, MESSAGES.resourceNotFound)
    }
    const { store } = services.of(req.payload)
    const held = await heldAsOf(store, String(id), start, end, at)
    const busy = held.flatMap(({ intervals, reservationId }) =>
      intervals.filter((interval) => interval.start < end && start < interval.end).map((interval) => ({ ...isoRange(interval), reservationId, units: interval.units })),
    )
    const access = await reservationAccessInMemory(req, options)
    const tenantField = reservationTenantField(req.payload, options)
    const reservations: AsOfReservation[] = []
    for (const reservationId of new Set(busy.map(({ reservationId }) => reservationId))) {
      const then = reservationAsOf(await store.readStream<ReservationEvent>(reservationStream(reservationId)), at)
      const doc = then && reservationDocument(then.reservation, then.revision, tenantField)
      if (then && access.admits(doc)) {
        reservations.push(asOfReservation(await asCollectionReads(req, options.slugs.reservations, doc as JsonObject), Object.keys(then.reservation.fields ?? {})))
      }
    }
    // Time held by a reservation the requester could not have read is theirs to know only when
    // they read every reservation (what a hold or a write in flight held, too).
    const shown = new Set(reservations.map(({ id }) => id))
    const visibleBusy = access.everything ? busy : busy.filter(({ reservationId }) => shown.has(reservationId))
    return Response.json({ at: new Date(at).toISOString(), busy: visibleBusy, reservations } satisfies AsOfResponse)
  }),
  method: 'get',
  path: '/reserve/as-of',
})
