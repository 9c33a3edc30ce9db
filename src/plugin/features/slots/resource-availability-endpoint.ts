import type { Endpoint, PayloadRequest } from 'payload'

import { z } from 'zod'

import type { IntervalIndex } from '../../../capacity/interval-index.js'
import type { HoldsProjector } from '../../../projections/holds-projector.js'
import type { HoldDetails, ResourceAvailability, ResourceBusy } from '../../../contract/http.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { asGiven, queryText } from '../../../contract/query.js'
import { localDateOf } from '../../../time/local-time.js'
import { resolveWindows } from '../../../availability/resolve-windows.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import { isPrivileged } from '../../../contract/roles/is-privileged.js'
import { isoRange } from '../../shared/http/iso.js'
import { LIMITS, MESSAGES } from '../../../contract/messages.js'
import { boundEpoch, parseRangeBound, type RangeBound } from '../../shared/http/range-bound.js'
import { readableIds } from '../../shared/readable-ids.js'
import { parseRecordId } from '../../shared/http/record-id.js'
import { endpoint, errorBody } from '../../shared/http/request-error.js'
import { isSupportedInstant } from '../../shared/http/supported-dates.js'
import { tenantsAgree } from '../../shared/tenancy/tenancy.js'
import { externalBusyOf } from '../external-busy/index.js'
import { holdDetailsFor, ownHoldOf } from '../holds/index.js'

const DAY_MS = 86_400_000

/** Calendar days from `first` to `last`, both counted. */
const daysSpanned = (first: string, last: string): number => Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS) + 1

/**
 * The busy intervals in `[from, to)`, those of live holds marked `hold` (with the hold's details
 * where the caller may act on it), without the caller's own hold (`holdId`).
 */
const busyIn = (
  index: IntervalIndex,
  from: number,
  to: number,
  { held, own }: { held: Map<string, HoldDetails | null>; own: null | string },
): ResourceBusy[] =>
  index
    .overlapping(from, to)
    .filter(({ key }) => key !== own)
    .map(({ end, key, start, units }) => ({
      ...isoRange({ end, start }),
      ...(held.has(key) ? { hold: true as const, ...held.get(key) } : {}),
      units,
    }))

/** Which claims in `[from, to)` of these resources are holds: one read of the holds collection for all of them. */
const heldRows = (holds: HoldsProjector, indexes: IntervalIndex[], from: number, to: number) =>
  holds.listed([...new Set(indexes.flatMap((index) => index.overlapping(from, to).map(({ key }) => key)))])

/**
 * GET /api/reserve/resource-availability: shift windows, time off and busy intervals
 * of a resource over `[start, end)`, plus the busy intervals of the pools its services also
 * require. A date bound is local midnight in the resource's zone. `busy` lists the blocked
 * intervals availability is computed from, buffers included, so the calendar shades exactly
 * what cannot be booked; a hold's time is marked `hold`. The range may touch at most 92 local days. See docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)".
 */
export const resourceAvailabilityEndpoint = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'debug' | 'getExternalBusy' | 'timezone'>, services: Services<Pick<ReserveRuntime, 'busy' | 'feeds' | 'holds' | 'ledger'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    const { bounds, id } = parseQuery(req, options)
    const data = referenceData(req.payload, options)
    const resources = id === null ? new Map() : await data.resources([id])
    const resource = id === null ? undefined : resources.get(String(id))
    if (id === null || !resource || !(await readableIds(req, options.slugs.resources, [id], resources)).has(String(id))) {
      throw errorBody(404, MESSAGES.resourceNotFound)
    }
    const timeZone = resource.timezone ?? options.timezone
    const { firstDate, from, lastDate, to } = localRange(bounds, timeZone)

    const schedules = (await data.schedules([id])).get(String(id)) ?? []
    const days = resolveWindows(schedules, timeZone, firstDate, lastDate).map((day) => ({
      date: day.date,
      shiftWindows: day.windows.map(isoRange),
      timeOff: day.timeOff.map(({ end, reason, start, type }) => ({
        ...isoRange({ end, start }),
        ...(reason ? { reason } : {}),
        ...(type ? { type } : {}),
      })),
    }))

    // Multi-tenant sites: only the services and pools of the resource's own tenant.
    const offered = [...(await data.services(resource.services)).values()].filter((service) => tenantsAgree(service.tenant, resource.tenant))
    const poolIds = [...new Set(offered.flatMap((service) => service.requiredResources.map(String)))].filter((poolId) => poolId !== String(id))
    const pools = new Map([...(await data.resources(poolIds))].filter(([, pool]) => tenantsAgree(pool.tenant, resource.tenant)))
    const { busy, holds } = services.of(req.payload)
    const [own, ...poolIndexes] = await Promise.all([id, ...pools.keys()].map((key) => busy.window(String(key), from, to)))
    const held = holdDetailsFor(req, options, await heldRows(holds, [own, ...poolIndexes], from, to))
    const marks = { held, own: await ownHoldOf(req, options, services) }
    const requiredPools = [...pools.values()].map((pool, i) => ({
      busy: busyIn(poolIndexes[i], from, to, marks),
      quantity: pool.quantity,
    }))

    // A practitioner's private calendar says what, not only when: its labels are for staff.
    const labelled = isPrivileged(req.user, options)
    const external = (await externalBusyOf(req, options, services, id, from, to)).map(({ end, label, start }) => ({
      ...isoRange({ end, start }),
      ...(labelled && label ? { label } : {}),
    }))

    return Response.json({
      busy: busyIn(own, from, to, marks),
      capacityMode: resource.capacityMode,
      days,
      external,
      quantity: resource.quantity,
      requiredPools,
    } satisfies ResourceAvailability)
  }),
  method: 'get',
  path: '/reserve/resource-availability',
})

/** A bound of the range: a calendar date or an instant with its zone (`parseRangeBound`). */
const rangeBound = queryText(MESSAGES.invalidRange)
  .transform(parseRangeBound)
  .pipe(z.custom<RangeBound>((bound) => bound !== null, { error: MESSAGES.invalidRange }))

/**
 * The parameters of resource-availability, each refused with its own text, checked in the order
 * of the keys. Whether the range is supported, in order and short enough depends on the
 * resource's zone (`localRange`); the OpenAPI document describes the parameters with these schemas.
 */
export const resourceRangeParameters = z.object({
  resource: queryText(MESSAGES.singleResource),
  start: rangeBound,
  end: rangeBound,
})

/** The parameters every query must give; one missing is refused before any is read. */
const REQUIRED = ['resource', 'start', 'end'] as const

/** The query's resource id (null: none could have it) and range bounds, or a 400 saying what is wrong. */
const parseQuery = (req: PayloadRequest, options: Pick<ResolvedOptions, 'slugs'>) => {
  const query = (req.query ?? {}) as Record<string, unknown>
  if (REQUIRED.some((name) => asGiven(query[name]) === undefined)) {
    throw errorBody(400, MESSAGES.missingRangeParams)
  }
  const parsed = resourceRangeParameters.safeParse(query)
  if (!parsed.success) {
    throw errorBody(400, parsed.error.issues[0].message)
  }
  const { end, resource, start } = parsed.data
  return { bounds: { end, start }, id: parseRecordId(req.payload, options.slugs.resources, resource) }
}

/** The range as instants and local dates in the resource's zone: supported, in order, at most 92 days. */
const localRange = (bounds: { end: RangeBound; start: RangeBound }, timeZone: string) => {
  const from = boundEpoch(bounds.start, timeZone)
  const to = boundEpoch(bounds.end, timeZone)
  if (!isSupportedInstant(from) || !isSupportedInstant(to)) {
    throw errorBody(400, MESSAGES.dateOutOfRange)
  }
  if (!(to > from)) {
    throw errorBody(400, MESSAGES.rangeOrder)
  }
  const firstDate = localDateOf(from, timeZone)
  const lastDate = localDateOf(to - 1, timeZone)
  if (daysSpanned(firstDate, lastDate) > LIMITS.maxRangeDays) {
    throw errorBody(400, MESSAGES.rangeTooLong)
  }
  return { firstDate, from, lastDate, to }
}
