import type { PayloadRequest } from 'payload'

import type { RelationId } from '../../../events/types.js'
import type { ResolvedOptions, TenancyOptions } from '../../options.js'
import type { SlotOptions } from './slot-options.js'
import type { SlotQuery } from './slot-query.js'

import { allowsDuration, describeDurations } from '../../../availability/duration-range.js'
import { withExternalBusy } from '../../../availability/external-busy.js'
import { withoutClaim } from '../../../availability/without-claim.js'
import { generateSlots, type SlotResource } from '../../../availability/generate-slots.js'
import { offersService } from '../../../contract/offers-service.js'
import type { EpochRange } from '../../../time/ranges.js'
import { resolveWindows } from '../../../availability/resolve-windows.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import type { ResourceRecord, ServiceRecord } from '../../shared/reference-data/records.js'
import type { ReserveRuntime, Services } from '../../services.js'
import { bookingWindowOf } from '../../shared/reference-data/booking-window.js'
import { durationRangeOf, slotServiceOf } from '../../shared/reference-data/slot-service.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { MESSAGES } from '../../../contract/messages.js'
import { readableIds } from '../../shared/readable-ids.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { errorBody } from '../../shared/http/request-error.js'
import { tenantsAgree } from '../../shared/tenancy/tenancy.js'
import { editableReservation, requestTracer } from '../booking/index.js'
import { externalBusyOf } from '../external-busy/index.js'
import { ownHoldOf } from '../holds/index.js'

// Buffers may reach past the day's windows: external busy time is read a day either side.
const DAY_MS = 86_400_000

/**
 * The bookable slots of a query. The resolved set is the caller resources
 * (`resources=`, else `resource`) united with the service's requiredResources; a slot is
 * offered only when every one of them has room. The day and its working windows come from
 * the primary resource (`resource`): its schedules, in its time zone, on the local date asked
 * for. `exclude` names a booking being moved, which the requester may edit: its own claim is free. Reads: reference data from the cache, then one stream-head read per resource in the set
 * (the busy index); nothing per candidate slot. See docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)", and for the slot grid
 * "Reads: availability and the endpoints (`src/availability`, `src/plugin/endpoints`)".
 */
export const findSlots = async (
  req: PayloadRequest,
  options: SlotOptions,
  services: Services<Pick<ReserveRuntime, 'busy' | 'feeds' | 'ledger'>>,
  query: SlotQuery,
): Promise<EpochRange[]> => {
  const trace = requestTracer(req, options)
  // The holder of a hold sees its capacity as free (`holdId`); everyone else as busy.
  const ownHold = await ownHoldOf(req, options, services)
  const exclude = query.exclude === null ? null : await editableReservation(req, options, query.exclude)
  const found = await slotSetOf(req, options, query)
  if (!found) {
    trace?.('slots', { date: query.date, offered: 0, reason: 'nothing bookable', resource: query.resource, service: query.service })
    return []
  }
  const { primary, resources, service, set } = found
  const range = durationRangeOf(service, options)
  const minutes = query.duration ?? range.min
  if (!allowsDuration(range, minutes)) {
    throw errorBody(400, `${MESSAGES.durationNotOffered} ${describeDurations(range)} for this service`)
  }
  const timeZone = primary.timezone ?? options.timezone
  const schedules = (await referenceData(req.payload, options).schedules([primary.id])).get(String(primary.id)) ?? []
  const [day] = resolveWindows(schedules, timeZone, query.date, query.date)
  if (day.windows.length === 0) {
    trace?.('slots', { date: query.date, offered: 0, reason: 'no working window', resource: query.resource, service: query.service })
    return []
  }
  const { busy } = services.of(req.payload)
  const [dayStart, dayEnd] = [day.windows[0].start - DAY_MS, day.windows[day.windows.length - 1].end + DAY_MS]
  const slotResources: SlotResource[] = await Promise.all(
    set.map(async (id) => {
      const resource = resources.get(String(id))!
      const [index, external] = await Promise.all([busy.window(String(id), dayStart, dayEnd), externalBusyOf(req, options, services, id, dayStart, dayEnd)])
      return { busy: withExternalBusy(withoutClaim(index, ownHold, exclude), external, resource.quantity), capacityMode: resource.capacityMode, quantity: resource.quantity }
    }),
  )
  const now = Date.now()
  // Privileged staff book outside the window (the booking rule exempts them too).
  const window = isPrivileged(req.user, options) ? null : bookingWindowOf(service, options, now)
  const generated = generateSlots({
    ...day,
    guestCount: query.guestCount,
    now,
    resources: slotResources,
    service: { ...slotServiceOf(service, options), durationMinutes: minutes },
    timeZone,
  })
  const slots = window ? generated.filter(({ start }) => start >= window.earliest && start <= window.latest) : generated
  trace?.('slots', {
    date: query.date,
    durationMinutes: minutes,
    offered: slots.length,
    resources: set,
    service: query.service,
    windows: day.windows.length,
  })
  return slots
}

/**
 * The service, the primary resource and the resolved set of a query, from the reference-data
 * cache: 404 for ids that are malformed, unknown or not readable by the caller (not being
 * allowed to read a record is not being told it exists); null when nothing can be booked.
 */
const slotSetOf = async (
  req: PayloadRequest,
  options: TenancyOptions & Pick<ResolvedOptions, 'enforceActive'>,
  query: SlotQuery,
): Promise<null | { primary: ResourceRecord; resources: Map<string, ResourceRecord>; service: ServiceRecord; set: RelationId[] }> => {
  const { payload } = req
  const { slugs } = options
  const serviceId = parseRecordId(payload, slugs.services, query.service)
  const primaryId = parseRecordId(payload, slugs.resources, query.resource)
  const callerIds = (query.resources ?? [query.resource]).map((id) => parseRecordId(payload, slugs.resources, id))
  if (serviceId === null) {
    throw errorBody(404, MESSAGES.serviceNotFound)
  }
  if (primaryId === null || callerIds.some((id) => id === null)) {
    throw errorBody(404, MESSAGES.resourceNotFound)
  }
  const named = unique([primaryId, ...(callerIds as RelationId[])])
  const data = referenceData(payload, options)
  const services = await data.services([serviceId])
  const service = services.get(String(serviceId))
  if (!service) {
    throw errorBody(404, MESSAGES.serviceNotFound)
  }
  const resources = await data.resources([...named, ...service.requiredResources])
  if (named.some((id) => !resources.has(String(id)))) {
    throw errorBody(404, MESSAGES.resourceNotFound)
  }
  if (!(await readableIds(req, slugs.services, [serviceId], services)).has(String(serviceId))) {
    throw errorBody(404, MESSAGES.serviceNotFound)
  }
  const readable = await readableIds(req, slugs.resources, named, resources)
  if (named.some((id) => !readable.has(String(id)))) {
    throw errorBody(404, MESSAGES.resourceNotFound)
  }
  // Multi-tenant sites: a resource of another tenant than the service's is as unknown.
  if (named.some((id) => !tenantsAgree(resources.get(String(id))!.tenant, service.tenant))) {
    throw errorBody(404, MESSAGES.resourceNotFound)
  }
  const set = unique([...(callerIds as RelationId[]), ...service.requiredResources])
  // A required pool that no longer exists (or is another tenant's) cannot be claimed, so nothing
  // can be booked (fail closed); an inactive service or resource takes no bookings (`enforceActive`).
  if (set.some((id) => !resources.has(String(id)) || !tenantsAgree(resources.get(String(id))!.tenant, service.tenant))) {
    return null
  }
  if (options.enforceActive && (!service.active || [primaryId, ...set].some((id) => !resources.get(String(id))!.active))) {
    return null
  }
  // The booking rule's pairs (`resource-offers-service.ts`): the primary offers the service, the
  // other caller resources offer it or are pools it requires.
  const required = new Set(service.requiredResources.map(String))
  const offered = (id: RelationId) => offersService(resources.get(String(id))!.services, serviceId)
  if (!offered(primaryId) || callerIds.some((id) => !required.has(String(id)) && !offered(id!))) {
    return null
  }
  return { primary: resources.get(String(primaryId))!, resources, service, set }
}

/** Ids without repeats (a number and its text are the same id), first occurrence kept. */
const unique = (ids: RelationId[]): RelationId[] => [...new Map(ids.map((id) => [String(id), id])).values()]
