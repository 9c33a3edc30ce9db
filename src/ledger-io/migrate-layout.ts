import type { EventStore } from '../events/store.js'
import type { CapacityMovedToMonths, EventMetadata, NewEvent, RecordedEvent, ResourceEvent } from '../events/types.js'

import { type CapacityState, evolveCapacity, initialCapacityState } from '../capacity/capacity-decider.js'
import { sameClaim, sameHolds } from '../capacity/claims.js'
import { capacityStreamName, intervalsIn, monthsOf, parseCapacityStream } from '../events/capacity-streams.js'
import { retryOnConflict } from '../events/retry-on-conflict.js'
import { EVENT_SCHEMA_VERSION, isMovedToMonths, isResourceEvent, RESOURCE_STREAM_PREFIX, resourceStream } from '../events/types.js'

const PAGE = 1_000

export interface MigrateProgress {
  done: number
  total: number
}

export interface MigrateResult {
  /** Claims and releases appended to month streams. */
  claims: number
  /** Resources whose first-layout stream was moved by this run (not those moved before). */
  resources: number
}

/** The resources that have a stream in the first layout (`reserve-resource-<id>`), moved or not. */
const firstLayoutResources = async (store: EventStore): Promise<string[]> => {
  const resources = new Set<string>()
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, limit: PAGE, streamPrefix: RESOURCE_STREAM_PREFIX })
    for (const { stream } of page) {
      if (!parseCapacityStream(stream)) {
        resources.add(stream.slice(RESOURCE_STREAM_PREFIX.length))
      }
    }
    if (page.length < PAGE) {
      return [...resources].sort()
    }
    after = page[page.length - 1].position
  }
}

const readWhole = async (store: EventStore, stream: string): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = []
  for (;;) {
    const page = await store.readStream(stream, events.length, PAGE)
    events.push(...page)
    if (page.length < PAGE) {
      return events
    }
  }
}

const fold = (events: RecordedEvent[]): CapacityState => {
  const state = initialCapacityState()
  events.filter(isResourceEvent).forEach((event) => evolveCapacity(state, event))
  return state
}

/** What `reservationId` should hold in `month`, as the event that says so in a month stream. */
const claimIn = (state: CapacityState, reservationId: string, month: string): ResourceEvent => {
  const holds = state.holds.get(reservationId)
  if (holds) {
    const inMonth = holds.map((hold) => ({ ...hold, intervals: intervalsIn(hold.intervals, month) })).filter((hold) => hold.intervals.length > 0)
    return inMonth.length === 0
      ? { data: { reservationId }, type: 'CapacityReleased' }
      : { data: { holds: inMonth, intervals: inMonth.flatMap((hold) => hold.intervals), reservationId }, type: 'CapacityClaimed' }
  }
  const intervals = intervalsIn(state.index.intervalsOf(reservationId), month)
  return intervals.length === 0 ? { data: { reservationId }, type: 'CapacityReleased' } : { data: { intervals, reservationId }, type: 'CapacityClaimed' }
}

/** Whether a month stream's state already says what `event` would. */
const alreadySays = (state: CapacityState, event: ResourceEvent): boolean => {
  const { reservationId } = event.data
  if (event.type === 'CapacityReleased') {
    return state.index.intervalsOf(reservationId).length === 0
  }
  const holds = state.holds.get(reservationId)
  return event.data.holds ? holds !== undefined && sameHolds(holds, event.data.holds) : holds === undefined && sameClaim(state.index.intervalsOf(reservationId), event.data.intervals)
}

/**
 * Moves one resource's claims from its first-layout stream to its month streams: in each month
 * any of its claims ever reached into, every reservation it ever named gets what the stream's
 * final state gives it there (nothing where it holds nothing, so a run interrupted and repeated
 * after more was written converges). Then `CapacityMovedToMonths` closes the old stream at the
 * revision read: if a writer of the old version appended meanwhile, that append fails and the
 * resource is moved again. Returns the events appended, or null when it was moved before.
 */
const moveResource = (store: EventStore, resource: string, at: string): Promise<null | number> =>
  retryOnConflict(30, async () => {
    const old = resourceStream(resource)
    const events = await readWhole(store, old)
    if (isMovedToMonths(events.at(-1))) {
      return null
    }
    const claims = events.filter(isResourceEvent)
    const state = fold(events)
    const named = [...new Set(claims.map((event) => event.data.reservationId))].sort()
    const months = [
      ...new Set(claims.flatMap((event) => (event.type === 'CapacityClaimed' ? event.data.intervals.flatMap(({ end, start }) => monthsOf(start, end)) : []))),
    ].sort()
    let appended = 0
    for (const month of months) {
      const stream = capacityStreamName(resource, month)
      const monthEvents = await readWhole(store, stream)
      const monthState = fold(monthEvents)
      const changes = named.map((id) => claimIn(state, id, month)).filter((event) => !alreadySays(monthState, event))
      if (changes.length > 0) {
        await store.append({
          events: changes.map((event) => ({ ...event, metadata: metadata(at, event.data.reservationId) }) as NewEvent),
          expectedRevision: monthEvents.length - 1,
          stream,
        })
        appended += changes.length
      }
    }
    const moved: NewEvent<CapacityMovedToMonths> = {
      data: { months, resourceId: resource },
      metadata: metadata(at, old),
      type: 'CapacityMovedToMonths',
    }
    await store.append({ events: [moved], expectedRevision: events.length - 1, stream: old })
    return appended
  })

const metadata = (at: string, correlationId: string): EventMetadata => ({
  actor: { kind: 'system', name: 'migrate' },
  at,
  correlationId,
  reason: 'capacity streams per month',
  schemaVersion: EVENT_SCHEMA_VERSION,
})

/**
 * `npx payload reserve:ledger migrate`: moves a ledger written in the first layout (one capacity stream
 * per resource, its whole history) to month streams. Appends only: the old streams stay as they
 * were, readable, exportable and verifiable, each closed by a `CapacityMovedToMonths`. Until a
 * resource is moved, the app refuses to decide or answer on it. Safe to run again, and while
 * the app runs; writers of the previous version must be stopped first.
 */
export const migrateToMonthStreams = async (
  store: EventStore,
  { now, onProgress = () => undefined }: { now: Date; onProgress?: (progress: MigrateProgress) => void },
): Promise<MigrateResult> => {
  const resources = await firstLayoutResources(store)
  const result: MigrateResult = { claims: 0, resources: 0 }
  for (const [index, resource] of resources.entries()) {
    const appended = await moveResource(store, resource, now.toISOString())
    if (appended !== null) {
      result.claims += appended
      result.resources += 1
    }
    onProgress({ done: index + 1, total: resources.length })
  }
  return result
}
