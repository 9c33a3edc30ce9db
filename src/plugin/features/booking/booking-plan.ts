import type { PayloadRequest } from 'payload'

import type { BookingPlan, RelationId, ReservationItem, ResourceClaim } from '../../../events/types.js'
import type { ResolvedOptions, TenancyOptions } from '../../options.js'

import { blockedInterval } from '../../../availability/blocked-interval.js'
import { claimUnits } from '../../../availability/capacity.js'
import { allowsDuration, describeDurations } from '../../../availability/duration-range.js'
import { computeEndTime, normaliseStart } from '../../../availability/end-time.js'
import { MINUTE_MS } from '../../../availability/service-timing.js'
import { MAX_ITEMS } from '../../../contract/messages.js'
import { CommandRejected } from '../../../events/rejection.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import type { ResourceRecord, ServiceRecord } from '../../shared/reference-data/records.js'
import { durationRangeOf, slotServiceOf } from '../../shared/reference-data/slot-service.js'
import { FIRST_DATE, isSupportedInstant, LAST_DATE } from '../../shared/http/supported-dates.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { parseInstant } from '../../shared/validation/parse-instant.js'
import { relationId } from '../../shared/relation-id.js'

/** What a create or update says about when, where and for how many. */
export interface PlanInput {
  endTime?: unknown
  /** A move that gives no end keeps a flexible booking's length (minutes), where the service still allows it. */
  keptDurationMinutes?: number
  guestCount?: unknown
  items?: unknown
  resource?: unknown
  service?: unknown
  startTime?: unknown
}

const parseTime = (value: unknown, path: string): number => {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? parseInstant(value) : null
  if (ms === null || !Number.isFinite(ms)) {
    throw new CommandRejected('invalid', `${path} must be a valid ISO 8601 date-time`, path)
  }
  return ms
}

/** Above any venue's size: a larger count is a mistake, answered as one (the text names the bound). */
const MAX_GUEST_COUNT = 100_000

const parseGuestCount = (value: unknown, path: string, fallback: number): number => {
  if (value === undefined || value === null || value === '') {
    return fallback
  }
  const count = typeof value === 'string' ? Number(value) : value
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_GUEST_COUNT) {
    throw new CommandRejected('invalid', `${path} must be a whole number from 1 to ${MAX_GUEST_COUNT}`, path)
  }
  return count
}

const requireId = (value: unknown, path: string): RelationId => {
  const id = relationId(value)
  if (id === null) {
    throw new CommandRejected('invalid', `${path} is required`, path)
  }
  return id
}

/** What working out a plan needs: the request, the options, cached reference data. */
interface PlanContext {
  keepEndTime: boolean
  options: Pick<ResolvedOptions, 'defaultBufferTime' | 'maxFlexibleDuration' | 'slotInterval' | 'slugs' | 'timezone'>
  reference: ReturnType<typeof referenceData>
  req: PayloadRequest
}

/** A service from the reference-data cache. An id no record could have is not looked up: the database would fail on it. */
const findService = async ({ options, reference, req }: PlanContext, value: RelationId, path: string): Promise<ServiceRecord> => {
  const id = parseRecordId(req.payload, options.slugs.services, value)
  const service = id === null ? undefined : (await reference.services([id])).get(String(id))
  if (!service) {
    throw new CommandRejected('invalid', 'Service not found', path)
  }
  return service
}

const findResource = async ({ options, reference, req }: PlanContext, value: RelationId, path: string): Promise<ResourceRecord> => {
  const id = parseRecordId(req.payload, options.slugs.resources, value)
  const resource = id === null ? undefined : (await reference.resources([id])).get(String(id))
  if (!resource) {
    throw new CommandRejected('invalid', 'Resource not found', path)
  }
  return resource
}

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== ''

/**
 * Where a booking ends. Privileged callers may set any end. A flexible service takes the end
 * the booker gives (or a move's kept length, else its shortest) within its window on the slot
 * grid; other services end after their duration, whatever end was sent.
 */
const endOf = (
  ctx: PlanContext,
  args: { end: unknown; keptMinutes?: number; service: ServiceRecord },
  start: number,
  endPath: string,
  timeZone: string,
): number => {
  if (ctx.keepEndTime && given(args.end)) {
    return parseTime(args.end, endPath)
  }
  if (args.service.durationType !== 'flexible') {
    return computeEndTime(start, slotServiceOf(args.service, ctx.options), timeZone)
  }
  const range = durationRangeOf(args.service, ctx.options)
  const kept = args.keptMinutes !== undefined && allowsDuration(range, args.keptMinutes) ? args.keptMinutes : range.min
  const minutes = given(args.end) ? (parseTime(args.end, endPath) - start) / MINUTE_MS : kept
  if (!allowsDuration(range, minutes)) {
    throw new CommandRejected('invalid', `endTime must make the booking ${describeDurations(range)} long`, endPath)
  }
  return start + minutes * MINUTE_MS
}

/**
 * When one resource is held, and what it blocks: the start (full-day starts normalised to
 * local midnight), the end (from the duration, or as given by privileged callers) and the
 * blocked interval from the same `blockedInterval` the availability engine uses.
 */
const placeOn = async (
  ctx: PlanContext,
  args: { end: unknown; guests: number; keptMinutes?: number; path: string; resource: RelationId; service: ServiceRecord; start: number },
): Promise<{ claim: ResourceClaim; end: number; start: number }> => {
  const endPath = args.path.replace(/startTime$/, 'endTime')
  const resource = await findResource(ctx, args.resource, args.path === 'startTime' ? 'resource' : args.path.replace(/startTime$/, 'resource'))
  const timeZone = resource.timezone || ctx.options.timezone
  const timing = slotServiceOf(args.service, ctx.options)
  const start = normaliseStart(args.start, timing, timeZone)
  const end = endOf(ctx, args, start, endPath, timeZone)
  if (!(end > start)) {
    throw new CommandRejected('invalid', 'endTime must be after startTime', endPath)
  }
  const blocked = blockedInterval({ end, start, units: claimUnits(resource.capacityMode, args.guests) }, timing, timeZone)
  // Local days are four-digit `YYYY-MM-DD` all through availability and the rules.
  if (!isSupportedInstant(blocked.start) || !isSupportedInstant(blocked.end)) {
    throw new CommandRejected('invalid', `Bookings must lie between ${FIRST_DATE} and ${LAST_DATE}`, args.path)
  }
  return { claim: { intervals: [blocked], resource: String(args.resource) }, end, start }
}

/** The items as given (at most MAX_ITEMS objects), or on create the service's other required resources. */
const itemsOf = (input: PlanInput, service: ServiceRecord, resourceId: RelationId, fillRequiredResources: boolean): Record<string, unknown>[] => {
  const given = Array.isArray(input.items) ? (input.items as unknown[]) : []
  if (given.length > MAX_ITEMS) {
    throw new CommandRejected('invalid', `A booking takes at most ${MAX_ITEMS} items`, 'items')
  }
  given.forEach((item, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw new CommandRejected('invalid', 'An item must be an object with a resource', `items.${index}`)
    }
  })
  if (given.length > 0 || !fillRequiredResources) {
    return given as Record<string, unknown>[]
  }
  return service.requiredResources.filter((resource) => String(resource) !== String(resourceId)).map((resource) => ({ resource }))
}

/** One item: its own resource (and service, start, guests) or the booking's, placed like the booking. */
const planItem = async (
  ctx: PlanContext,
  raw: Record<string, unknown>,
  path: string,
  booking: { guestCount: number; service: ServiceRecord; start: number },
): Promise<{ claim: ResourceClaim; item: ReservationItem }> => {
  const resource = requireId(raw.resource, `${path}.resource`)
  const serviceId = relationId(raw.service)
  const service = serviceId === null ? booking.service : await findService(ctx, serviceId, `${path}.service`)
  const guests = parseGuestCount(raw.guestCount, `${path}.guestCount`, booking.guestCount)
  const ownStart = raw.startTime !== undefined && raw.startTime !== null && raw.startTime !== '' ? parseTime(raw.startTime, `${path}.startTime`) : null
  const { claim } = await placeOn(ctx, { end: raw.endTime, guests, path: `${path}.startTime`, resource, service, start: ownStart ?? booking.start })
  const item: ReservationItem = {
    endTime: typeof raw.endTime === 'string' ? raw.endTime : null,
    guestCount: raw.guestCount === undefined || raw.guestCount === null ? null : guests,
    resource,
    service: serviceId,
    startTime: ownStart === null ? null : new Date(ownStart).toISOString(),
  }
  return { claim, item }
}

/**
 * Turns booking input into a ledger plan: end times from service durations, items filled from
 * the service's requiredResources on create, and the blocked interval each resource must hold.
 * Reference data comes from the cache: a warm booking reads no service or resource row.
 */
export const buildBookingPlan = async (
  req: PayloadRequest,
  input: PlanInput,
  options: TenancyOptions & Pick<ResolvedOptions, 'defaultBufferTime' | 'maxFlexibleDuration' | 'slotInterval' | 'timezone'>,
  { fillRequiredResources, keepEndTime }: { fillRequiredResources: boolean; keepEndTime: boolean },
): Promise<BookingPlan> => {
  const ctx: PlanContext = { keepEndTime, options, reference: referenceData(req.payload, options), req }
  const serviceId = requireId(input.service, 'service')
  const resourceId = requireId(input.resource, 'resource')
  const service = await findService(ctx, serviceId, 'service')
  const guestCount = parseGuestCount(input.guestCount, 'guestCount', 1)
  const start = parseTime(input.startTime, 'startTime')
  const main = await placeOn(ctx, {
    end: input.endTime,
    guests: guestCount,
    keptMinutes: input.keptDurationMinutes,
    path: 'startTime',
    resource: resourceId,
    service,
    start,
  })
  const claims = [main.claim]
  const items: ReservationItem[] = []
  for (const [index, raw] of itemsOf(input, service, resourceId, fillRequiredResources).entries()) {
    const planned = await planItem(ctx, raw, `items.${index}`, { guestCount, service, start: main.start })
    claims.push(planned.claim)
    items.push(planned.item)
  }
  return {
    claims,
    endTime: new Date(main.end).toISOString(),
    guestCount,
    items,
    resource: resourceId,
    service: serviceId,
    startTime: new Date(main.start).toISOString(),
  }
}
