import type { PayloadRequest } from 'payload'

import { ValidationError } from 'payload'
import { createHash, randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'

import type { CommandMeta, SeriesEntry, SeriesRefusal } from '../../../../commands/ledger.js'
import type { RequestWrite } from '../write-protocol/write-session.js'
import type { RelationId } from '../../../../events/types.js'
import type { SeriesBooked } from '../../../../contract/http.js'
import type { ResolvedOptions, TenancyOptions } from '../../../options.js'
import type { BookingWriteOptions } from '../booking-write-options.js'
import type { ReserveRuntime, Services } from '../../../services.js'

import { isPerOccurrence, isSeriesRejected } from '../../../../commands/book-series.js'
import { isCommandRejected } from '../../../../events/rejection.js'
import { reservationDocument } from '../../../../projections/reservation-document.js'
import { MAX_OCCURRENCES, occurrenceStarts } from '../../../../time/recurrence.js'
import { isCustomer } from '../../../shared/access/is-customer.js'
import { requireCreateAccess } from '../../../shared/access/require-create-access.js'
import { parseRecurrence } from './recurrence-input.js'
import { withoutToken } from '../without-token.js'
import { MESSAGES } from '../../../../contract/messages.js'
import { referenceData } from '../../../shared/reference-data/reference-data.js'
import { buildBookingPlan } from '../booking-plan.js'
import { commandMeta } from '../command-meta.js'
import { commandForCreate, guestOf } from '../commands-for-write.js'
import { refusalAsPayloadError } from '../../../shared/refusals.js'
import { relationId } from '../../../shared/relation-id.js'
import { siteFieldsOf, siteInput } from '../site-fields.js'
import { approveDocument } from '../write-protocol/request-command.js'
import { voidFailedWrites } from '../write-protocol/void-failed-writes.js'
import { checkBookingRules } from '../rules/index.js'
import { planTenant } from '../../../shared/tenancy/booking-tenant.js'
import { isTenantScoped, reservationTenantField, tenancyOf } from '../../../shared/tenancy/tenancy.js'
import { parseInstant } from '../../../shared/validation/parse-instant.js'
import { type OccurrenceTimes, seriesRefused, skippedOccurrence } from './series-refusal.js'

/** What booking one occurrence appended, as a failed request's void takes it. */
export const bookedWrite = ({ events, state }: { events: RequestWrite['events']; state: RequestWrite['state'] }): RequestWrite => ({
  before: { kind: 'absent' },
  events,
  hooksRevision: -1,
  revision: events[events.length - 1].revision,
  state,
})

const isGiven = (value: unknown): boolean => value !== undefined && value !== null

/** The booking data of one occurrence: every time of the first shifted to start at `start`. */
const occurrenceData = (data: Record<string, unknown>, first: number, start: number): Record<string, unknown> => {
  const shift = (value: unknown): unknown => {
    const ms = typeof value === 'string' ? parseInstant(value) : null
    return ms === null ? value : new Date(ms - first + start).toISOString()
  }
  const items = Array.isArray(data.items)
    ? data.items.map((item: Record<string, unknown>) => ({
        ...item,
        ...(isGiven(item.startTime) ? { startTime: shift(item.startTime) } : {}),
        ...(isGiven(item.endTime) ? { endTime: shift(item.endTime) } : {}),
      }))
    : data.items
  return {
    ...data,
    ...(isGiven(data.endTime) ? { endTime: shift(data.endTime) } : {}),
    ...(items === undefined ? {} : { items }),
    startTime: new Date(start).toISOString(),
  }
}

/** The occurrences' start instants, in the resource's zone (the plugin's where it has none). */
const occurrenceTimes = async (
  req: PayloadRequest,
  options: TenancyOptions & Pick<ResolvedOptions, 'timezone'>,
  data: Record<string, unknown>,
): Promise<OccurrenceTimes> => {
  const collection = options.slugs.reservations
  const start = typeof data.startTime === 'string' ? parseInstant(data.startTime) : null
  if (start === null) {
    const message = 'startTime must be a valid ISO 8601 date-time'
    throw new ValidationError({ collection, errors: [{ message, path: 'startTime' }] })
  }
  const resource = relationId(data.resource)
  const records = resource === null ? null : await referenceData(req.payload, options).resources([resource])
  const timeZone = records?.get(String(resource))?.timezone ?? options.timezone
  const recurrence = parseRecurrence(data.recurrence, start, timeZone, collection)
  const starts = occurrenceStarts(start, recurrence, timeZone, MAX_OCCURRENCES + 1)
  if (starts.length > MAX_OCCURRENCES) {
    throw new ValidationError({ collection, errors: [{ message: MESSAGES.recurrenceTooMany, path: 'recurrence.until' }] })
  }
  if (starts.length === 0) {
    throw new ValidationError({ collection, errors: [{ message: MESSAGES.recurrenceNone, path: 'recurrence.byWeekday' }] })
  }
  return { starts, timeZone }
}

/** A series decided occurrence by occurrence, before the ledger sees it together. */
export interface SeriesPlan {
  /** The occurrences planned and passed by the booking rules, each with its place in the series. */
  entries: SeriesEntry[]
  meta: CommandMeta
  /** The occurrences refused on their own (their time, the schedule, the window). */
  refused: SeriesRefusal[]
  times: OccurrenceTimes
  /** A guest series' one cancellation token, or null. */
  token: null | string
}

/**
 * The occurrences of the booking `data` with `recurrence`, each planned and checked by the
 * booking rules as a booking of its own; what refuses the series as a whole (the guest rules,
 * an unknown customer, a malformed recurrence) is thrown as for one booking. The caller has
 * checked the collection's create access (`requireCreateAccess`, or Payload's create). Nothing is
 * appended: `bookSeries` books the plan, `previewSeries` only asks the ledger about it.
 */
export const planSeries = async (
  req: PayloadRequest,
  options: BookingWriteOptions,
  services: Services<Pick<ReserveRuntime, 'feeds'>>,
  data: Record<string, unknown>,
): Promise<SeriesPlan> => {
  const collection = options.slugs.reservations
  const { partial: _partial, recurrence: _recurrence, ...booking } = data
  if (isGiven(data.holdId)) {
    throw new ValidationError({ collection, errors: [{ message: MESSAGES.recurrenceHold, path: 'recurrence' }] })
  }
  // Occurrences are saved by the projection, not by Payload's save, whose hooks and validation a site's fields need.
  const siteFields = Object.keys(siteInput(siteFieldsOf(req.payload, options), booking))
  if (siteFields.length > 0) {
    throw new ValidationError({ collection, errors: siteFields.map((path) => ({ message: MESSAGES.recurrenceSiteField, path })) })
  }
  const times = await occurrenceTimes(req, options, data)
  const meta = { ...commandMeta(req, options), now: new Date() }
  const guest = guestOf(booking.guest)
  // As the reservations collection's default: a signed-in customer books for themselves.
  const selfBooking = booking.customer === undefined && req.user && isCustomer(req.user, options)
  const customer = selfBooking ? relationId(req.user!.id) : relationId(booking.customer)
  const token = guest && customer === null ? randomBytes(32).toString('base64url') : null
  const cancellationTokenHash = token ? createHash('sha256').update(token).digest('hex') : null
  const seriesId = uuidv7()

  const entries: SeriesEntry[] = []
  const refused: SeriesRefusal[] = []
  let tenant: null | RelationId | undefined
  for (const [index, start] of times.starts.entries()) {
    const occurrence: Record<string, unknown> = {
      ...occurrenceData(booking, times.starts[0], start),
      ...(customer === null ? {} : { customer }),
    }
    try {
      const planning = { fillRequiredResources: true, keepEndTime: meta.privileged }
      const plan = await buildBookingPlan(req, occurrence, options, planning)
      await checkBookingRules({ customer, data: occurrence, guest, meta, operation: 'create', options, plan, req, services })
      tenant ??= isTenantScoped(tenancyOf(req.payload, options), options) ? await planTenant(req, options, plan) : null
      const command = commandForCreate({
        cancellationTokenHash,
        data: occurrence,
        defaultStatus: options.statusMachine.defaultStatus,
        plan,
        reservationId: uuidv7(),
        seriesId,
        skipTransitionValidation: false,
        tenant,
      })
      entries.push({ command, index })
    } catch (error) {
      if (!isCommandRejected(error) || !isPerOccurrence(error)) {
        throw error
      }
      refused.push({ index, rejection: error })
    }
  }
  return { entries, meta, refused, times, token }
}

/** A series' `partial`: true or false, not given is false. */
export const partialOf = ({ partial = false }: Record<string, unknown>, collection: string): boolean => {
  if (typeof partial !== 'boolean') {
    throw new ValidationError({ collection, errors: [{ message: MESSAGES.recurrencePartial, path: 'partial' }] })
  }
  return partial
}

/**
 * Every occurrence of a planned series that booking it now would refuse, in series order: refused
 * by the rules already, or by the ledger deciding the series (earlier occurrences counted).
 */
export const seriesRefusals = async (
  req: PayloadRequest,
  services: Services<Pick<ReserveRuntime, 'ledger'>>,
  { entries, meta, refused }: SeriesPlan,
): Promise<SeriesRefusal[]> => {
  const decided = entries.length === 0 ? [] : (await services.of(req.payload).ledger.bookSeries(entries, meta, { decideOnly: true, partial: true })).refused
  return [...refused, ...decided].sort((a, b) => a.index - b.index)
}

/**
 * POST /api/reserve/book with `recurrence`: a series of bookings (docs/ARCHITECTURE.md,
 * "Recurring bookings"). The series is planned (`planSeries`), then the ledger decides and
 * appends the occurrences together. Without `partial`, any occurrence refused refuses the series,
 * naming each one (nothing is booked); with it, the others are booked and the refused ones
 * reported. The occurrences share one `seriesId` and, for a guest, one cancellation token. Their
 * documents are projected and their afterBookingCreate hooks fired before the answer.
 */
export const bookSeries = async (
  req: PayloadRequest,
  options: BookingWriteOptions,
  services: Services<Pick<ReserveRuntime, 'feeds' | 'ledger' | 'ownership' | 'projector'>>,
  data: Record<string, unknown>,
): Promise<SeriesBooked> => {
  const collection = options.slugs.reservations
  const partial = partialOf(data, collection)
  const { ledger, ownership, projector } = services.of(req.payload)
  let planned: SeriesPlan
  try {
    await requireCreateAccess(req, options, data)
    planned = await planSeries(req, options, services, data)
    const { entries, meta, refused, times } = planned
    if (refused.length > 0 && !partial) {
      // Refused already: the ledger only names the occurrences it would refuse too.
      const decided = entries.length === 0 ? null : await ledger.bookSeries(entries, meta, { decideOnly: true, partial: false })
      throw seriesRefused([...refused, ...(decided?.refused ?? [])], times, collection)
    }
    if (entries.length === 0) {
      throw seriesRefused(refused, times, collection)
    }
  } catch (error) {
    throw refusalAsPayloadError(error, collection)
  }
  const { entries, meta, refused, times, token } = planned
  const seriesId = entries[0].command.data.seriesId!

  const ids = entries.map(({ command }) => command.data.reservationId)
  // This request writes the occurrences' documents itself, not the background projector.
  ids.forEach((id) => ownership.claim(id))
  try {
    const approve = approveDocument(req, options, 'create')
    const outcome = await ledger.bookSeries(entries, meta, { approve, partial }).catch((error: unknown) => {
      if (isSeriesRejected(error)) {
        throw seriesRefused([...refused, ...error.refusals], times, collection)
      }
      throw refusalAsPayloadError(error, collection)
    })
    const tenantField = reservationTenantField(req.payload, options)
    const reservations = []
    try {
      for (const { events, reservationId, state } of outcome.booked) {
        if (token) {
          ownership.keepToken(reservationId, token)
        }
        await projector.project(reservationId, { deliverHooks: false })
        if (state.kind === 'active') {
          reservations.push(withoutToken(reservationDocument(state.reservation, events[events.length - 1].revision, tenantField)))
        }
      }
    } catch (error) {
      // A document that cannot be saved fails the request: the series is voided in the
      // ledger (claims released, no hook fired), never left for catch-up to bring back.
      await voidFailedWrites(req.payload, { ledger, ownership, projector }, new Map(outcome.booked.map((occurrence) => [occurrence.reservationId, bookedWrite(occurrence)])), error)
      throw error
    }
    // The series stands from here: a failing delivery is logged, and catch-up delivers it.
    for (const { reservationId } of outcome.booked) {
      await projector.hooks.deliver(reservationId, req).catch((error: unknown) => {
        req.payload.logger.error({ err: error, msg: `payload-reserve-ledger: delivering the hooks of reservation ${reservationId} failed` })
      })
    }
    const skipped = [...refused, ...outcome.refused]
      .sort((a, b) => a.index - b.index)
      .map((refusal) => skippedOccurrence(refusal, times))
    return { reservations, seriesId, skipped }
  } finally {
    ids.forEach((id) => ownership.release(id))
  }
}
