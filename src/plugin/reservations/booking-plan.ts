import type { PayloadRequest } from 'payload'

import type { BookingPlan, RelationId, ReservationItem, ResourceClaim } from '../../events/types.js'
import type { ResolvedOptions } from '../options.js'

import { blockedInterval } from '../../availability/blocked-interval.js'
import { claimUnits } from '../../availability/capacity.js'
import { computeEndTime, normaliseStart } from '../../availability/end-time.js'
import { CommandRejected } from '../../events/rejection.js'
import { referenceData } from '../reference-data/reference-data.js'
import type { ResourceRecord, ServiceRecord } from '../reference-data/records.js'
import { slotServiceOf } from '../reference-data/slot-service.js'
import { FIRST_DATE, isSupportedInstant, LAST_DATE } from '../http/supported-dates.js'
import { parseRecordId } from '../http/record-id.js'
import { parseInstant } from '../validation/parse-instant.js'
import { relationId } from './relation-id.js'

/** What a create or update says about when, where and for how many. */
export interface PlanInput {
  endTime?: unknown
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

const parseGuestCount = (value: unknown, path: string, fallback: number): number => {
  if (value === undefined || value === null || value === '') {
    return fallback
  }
  const count = typeof value === 'string' ? Number(value) : value
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 100_000) {
    throw new CommandRejected('invalid', `${path} must be a whole number of at least 1`, path)
  }
  return count
}

/** Items per booking: as many as the resources one availability query may name. */
export const MAX_ITEMS = 20

const requireId = (value: unknown, path: string): RelationId => {
  const id = relationId(value)
  if (id === null) {
    throw new CommandRejected('invalid', `${path} is required`, path)
  }
  return id
}

/**
 * Turns booking input into a ledger plan: end times from service durations (full-day starts
 * normalised to local midnight), items filled from the service's requiredResources on create,
 * and the blocked interval each resource must hold, from the same `blockedInterval` the
 * availability engine uses.
 */
export const buildBookingPlan = async (
  req: PayloadRequest,
  input: PlanInput,
  options: ResolvedOptions,
  { fillRequiredResources, keepEndTime }: { fillRequiredResources: boolean; keepEndTime: boolean },
): Promise<BookingPlan> => {
  // Cached reference data: a booking reads no service or resource row when warm.
  const reference = referenceData(req.payload, options)
  // An id no record could have (text for an integer column) is not looked up: the database
  // would fail on it with a server error.
  const findService = async (value: RelationId, path: string): Promise<ServiceRecord> => {
    const id = parseRecordId(req.payload, options.slugs.services, value)
    const service = id === null ? undefined : (await reference.services([id])).get(String(id))
    if (!service) {
      throw new CommandRejected('invalid', 'Service not found', path)
    }
    return service
  }
  const findResource = async (value: RelationId, path: string): Promise<ResourceRecord> => {
    const id = parseRecordId(req.payload, options.slugs.resources, value)
    const resource = id === null ? undefined : (await reference.resources([id])).get(String(id))
    if (!resource) {
      throw new CommandRejected('invalid', 'Resource not found', path)
    }
    return resource
  }

  const serviceId = requireId(input.service, 'service')
  const resourceId = requireId(input.resource, 'resource')
  const service = await findService(serviceId, 'service')
  const guestCount = parseGuestCount(input.guestCount, 'guestCount', 1)

  const claims: ResourceClaim[] = []
  const place = async (args: {
    end: unknown
    guests: number
    path: string
    resource: RelationId
    service: ServiceRecord
    start: number
  }): Promise<{ end: number; start: number }> => {
    const resource = await findResource(
      args.resource,
      args.path === 'startTime' ? 'resource' : args.path.replace(/startTime$/, 'resource'),
    )
    const timeZone = resource.timezone || options.timezone
    const timing = slotServiceOf(args.service, options)
    const start = normaliseStart(args.start, timing, timeZone)
    const end =
      keepEndTime && args.end !== undefined && args.end !== null
        ? parseTime(args.end, args.path.replace(/startTime$/, 'endTime'))
        : computeEndTime(start, timing, timeZone)
    if (!(end > start)) {
      throw new CommandRejected('invalid', 'endTime must be after startTime', args.path.replace(/startTime$/, 'endTime'))
    }
    const units = claimUnits(resource.capacityMode, args.guests)
    const blocked = blockedInterval({ end, start, units }, timing, timeZone)
    // Local days are four-digit `YYYY-MM-DD` all through availability and the rules.
    if (!isSupportedInstant(blocked.start) || !isSupportedInstant(blocked.end)) {
      throw new CommandRejected('invalid', `Bookings must lie between ${FIRST_DATE} and ${LAST_DATE}`, args.path)
    }
    claims.push({ intervals: [blocked], resource: String(args.resource) })
    return { end, start }
  }

  const main = await place({
    end: input.endTime,
    guests: guestCount,
    path: 'startTime',
    resource: resourceId,
    service,
    start: parseTime(input.startTime, 'startTime'),
  })

  const given = Array.isArray(input.items) ? (input.items as unknown[]) : []
  if (given.length > MAX_ITEMS) {
    throw new CommandRejected('invalid', `A booking takes at most ${MAX_ITEMS} items`, 'items')
  }
  given.forEach((item, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw new CommandRejected('invalid', 'An item must be an object with a resource', `items.${index}`)
    }
  })
  const rawItems: Record<string, unknown>[] =
    given.length > 0 || !fillRequiredResources
      ? (given as Record<string, unknown>[])
      : service.requiredResources
          .filter((resource) => String(resource) !== String(resourceId))
          .map((resource) => ({ resource }))

  const items: ReservationItem[] = []
  for (const [index, raw] of rawItems.entries()) {
    const path = `items.${index}`
    const itemResource = requireId(raw.resource, `${path}.resource`)
    const itemServiceId = relationId(raw.service)
    const itemService =
      itemServiceId === null ? service : await findService(itemServiceId, `${path}.service`)
    const hasOwnStart = raw.startTime !== undefined && raw.startTime !== null && raw.startTime !== ''
    const itemGuests = parseGuestCount(raw.guestCount, `${path}.guestCount`, guestCount)
    await place({
      end: raw.endTime,
      guests: itemGuests,
      path: `${path}.startTime`,
      resource: itemResource,
      service: itemService,
      start: hasOwnStart ? parseTime(raw.startTime, `${path}.startTime`) : main.start,
    })
    items.push({
      endTime: typeof raw.endTime === 'string' ? raw.endTime : null,
      guestCount: raw.guestCount === undefined || raw.guestCount === null ? null : itemGuests,
      resource: itemResource,
      service: itemServiceId,
      startTime: hasOwnStart ? new Date(parseTime(raw.startTime, `${path}.startTime`)).toISOString() : null,
    })
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
