import type { Payload } from 'payload'

import type { EventStore } from '../../../src/events/store.js'
import type { RecordedEvent, ReservationBooked, ReservationEvent, ResourceEvent } from '../../../src/events/types.js'
import type { StressOp } from '../../support/stress-node.js'
import type { IntervalIndex } from '../../../src/capacity/interval-index.js'

import { evolveCapacity, initialCapacityState } from '../../../src/capacity/capacity-decider.js'
import { voidedRevisions } from '../../../src/commands/reservation-state.js'
import { isReservationEvent, LEDGER_STREAM_PREFIX, reservationStream } from '../../../src/events/types.js'
import { claimsOf, monthEventsOf } from '../../support/month-streams.js'

const MINUTE = 60_000

export interface CheckedResource {
  capacityMode: 'per-guest' | 'per-reservation'
  id: number | string
  quantity: number
}

export interface CheckedService {
  bufferTimeAfter: number
  bufferTimeBefore: number
  id: number | string
}

export interface ReservationRow {
  endTime: string
  guestCount: number
  id: string
  items?: unknown[] | null
  resource: number | string
  service: number | string
  startTime: string
  status: string
}

export interface Violation {
  peak: number
  quantity: number
  resource: string
  where: string
}

/** Every reservation document, straight from the database (no access control, no hooks). */
export const allReservations = async (payload: Payload): Promise<ReservationRow[]> => {
  const { docs } = await payload.db.find<ReservationRow>({ collection: 'reservations', limit: 0, pagination: false, sort: 'id' })
  return docs
}

/**
 * Replays every resource stream from its first event and checks, after each claim, that no
 * instant of the claimed intervals holds more than the resource's quantity: a double booking
 * at any moment of the ledger's history counts, even one released later.
 */
export const ledgerViolations = async (store: EventStore, resources: readonly CheckedResource[]): Promise<Violation[]> => {
  const violations: Violation[] = []
  for (const resource of resources) {
    // Every claim reaching into a month is in that month's stream: replaying each finds every instant's peak.
    for (const events of await monthEventsOf(store, String(resource.id))) {
      const state = initialCapacityState()
      for (const event of events) {
        evolveCapacity(state, event)
        if (event.type !== 'CapacityClaimed') {
          continue
        }
        for (const { end, start } of event.data.intervals) {
          const peak = state.index.peakUnits(start, end)
          if (peak > resource.quantity) {
            violations.push({ peak, quantity: resource.quantity, resource: String(resource.id), where: `${event.stream} revision ${event.revision}` })
          }
        }
      }
    }
  }
  return violations
}

/**
 * The peak units held at once on each resource by the collection's reservations in a blocking
 * status, from their stored times and their services' buffers, compared to the quantity.
 */
export const collectionViolations = (
  reservations: readonly ReservationRow[],
  resources: readonly CheckedResource[],
  services: readonly CheckedService[],
  blocking: readonly string[],
): Violation[] => {
  const serviceOf = new Map(services.map((service) => [String(service.id), service]))
  return resources.flatMap((resource) => {
    const edges: Array<[number, number]> = []
    for (const reservation of reservations) {
      if (String(reservation.resource) !== String(resource.id) || !blocking.includes(reservation.status)) {
        continue
      }
      const service = serviceOf.get(String(reservation.service))
      if (!service) {
        throw new Error(`Reservation ${reservation.id} names an unknown service ${reservation.service}`)
      }
      const units = resource.capacityMode === 'per-guest' ? reservation.guestCount : 1
      edges.push(
        [Date.parse(reservation.startTime) - service.bufferTimeBefore * MINUTE, units],
        [Date.parse(reservation.endTime) + service.bufferTimeAfter * MINUTE, -units],
      )
    }
    // Ends before starts at one instant: half-open intervals that touch do not overlap.
    edges.sort((a, b) => a[0] - b[0] || a[1] - b[1])
    let current = 0
    let peak = 0
    let at = 0
    for (const [instant, delta] of edges) {
      current += delta
      if (current > peak) {
        peak = current
        at = instant
      }
    }
    return peak > resource.quantity
      ? [{ peak, quantity: resource.quantity, resource: String(resource.id), where: new Date(at).toISOString() }]
      : []
  })
}

export interface SampledViolation extends Violation {
  /** When the sample was read, and how long after sampling began. */
  at: string
  afterMs: number
  /** The blocking documents that held the resource at that instant, as the sample read them. */
  holders: Array<{ id: string; ledgerRevision?: number; startTime: string; status: string }>
}

export interface CollectionSampler {
  /** Stops sampling once the read in progress is done; what every sample found. */
  stop(): Promise<{ errors: string[]; samples: number; violations: SampledViolation[] }>
}

/**
 * Reads the documents on `resources` every `everyMs` (one read at a time) while a run goes on,
 * and checks each read with `collectionViolations`: the collection must never show a resource
 * over capacity, not only once the run has settled. Blocking is the status machine's
 * `blocking`, as for the final check.
 */
export const sampleCollection = (
  payload: Payload,
  resources: readonly CheckedResource[],
  services: readonly CheckedService[],
  blocking: readonly string[],
  everyMs: number,
): CollectionSampler => {
  const began = Date.now()
  const errors: string[] = []
  const violations: SampledViolation[] = []
  let samples = 0
  let stopped = false
  let wake: () => void = () => undefined
  const loop = (async () => {
    while (!stopped) {
      const at = Date.now()
      try {
        const { docs } = await payload.db.find<ReservationRow>({
          collection: 'reservations',
          limit: 0,
          pagination: false,
          where: { resource: { in: resources.map(({ id }) => id) } },
        })
        samples++
        for (const violation of collectionViolations(docs, resources, services, blocking)) {
          const instant = Date.parse(violation.where)
          const buffers = new Map(services.map((service) => [String(service.id), service]))
          const holders = docs
            .filter((doc) => {
              const service = buffers.get(String(doc.service))
              return (
                String(doc.resource) === violation.resource &&
                blocking.includes(doc.status) &&
                service !== undefined &&
                Date.parse(doc.startTime) - service.bufferTimeBefore * MINUTE <= instant &&
                instant < Date.parse(doc.endTime) + service.bufferTimeAfter * MINUTE
              )
            })
            .map((doc) => ({
              id: doc.id,
              ledgerRevision: (doc as { ledgerRevision?: number }).ledgerRevision,
              startTime: doc.startTime,
              status: doc.status,
            }))
          violations.push({ ...violation, afterMs: at - began, at: new Date(at).toISOString(), holders })
        }
      } catch (error) {
        errors.push(`${new Date(at).toISOString()}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300))
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, everyMs)
        wake = () => (clearTimeout(timer), resolve())
      })
    }
  })()
  return {
    async stop() {
      stopped = true
      wake()
      await loop
      return { errors, samples, violations }
    },
  }
}

/**
 * Repairs recorded in the ledger: reconcile fences every stream it repairs (with
 * `ReservationClaimsReconciled`, or `ReservationAbandoned` for a booking that never landed)
 * before it sets claims right, whichever process ran it. Looks at every reservation holding or
 * having held a claim on `resources`, plus `also`.
 */
export const recordedRepairs = async (
  store: EventStore,
  resources: readonly CheckedResource[],
  also: Iterable<string> = [],
): Promise<string[]> => {
  const ids = new Set<string>(also)
  for (const resource of resources) {
    for (const event of (await monthEventsOf(store, String(resource.id))).flat()) {
      ids.add(event.data.reservationId)
    }
  }
  const repairs: string[] = []
  for (const id of ids) {
    for (const event of await store.readStream<ReservationEvent>(reservationStream(id))) {
      if (event.type === 'ReservationClaimsReconciled' || event.type === 'ReservationAbandoned') {
        repairs.push(`${id}: ${event.type} at revision ${event.revision} (${event.recordedAt})`)
      }
    }
  }
  return repairs
}

export interface ClaimAudit {
  /** Reservations in a blocking status that hold no capacity: a booking the ledger forgot. */
  unclaimed: string[]
  /** Claims held for a reservation that is missing or does not block: capacity lost for good. */
  orphans: string[]
}

/**
 * Hydrates a fresh busy index from the ledger and matches its claims with the collection:
 * every claim belongs to a reservation whose status blocks, and every such reservation holds one.
 */
export const auditClaims = async (
  store: EventStore,
  resources: readonly CheckedResource[],
  reservations: readonly ReservationRow[],
  blocking: readonly string[],
): Promise<ClaimAudit> => {
  const byId = new Map(reservations.map((reservation) => [reservation.id, reservation]))
  const orphans: string[] = []
  const claimed = new Set<string>()
  for (const resource of resources) {
    const index = await claimsOf(store, String(resource.id))
    for (const { key } of index.overlapping(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)) {
      claimed.add(`${resource.id}:${key}`)
      const reservation = byId.get(key)
      if (!reservation || !blocking.includes(reservation.status)) {
        orphans.push(`${key} on resource ${resource.id} (${reservation ? reservation.status : 'no document'})`)
      }
    }
  }
  const unclaimed = reservations
    .filter((reservation) => blocking.includes(reservation.status) && !claimed.has(`${reservation.resource}:${reservation.id}`))
    .map((reservation) => `${reservation.id} (${reservation.status}) on resource ${reservation.resource}`)
  return { orphans: [...new Set(orphans)], unclaimed }
}

/**
 * Blocking reservations whose claim on their resource is not exactly the interval they block
 * (their times widened by the service's buffers): a claim left where a move took it from.
 */
export const claimMismatches = async (
  store: EventStore,
  resources: readonly CheckedResource[],
  services: readonly CheckedService[],
  reservations: readonly ReservationRow[],
  blocking: readonly string[],
): Promise<string[]> => {
  const claims = new Map<string, Promise<IntervalIndex>>()
  const claimsOn = (resource: string) => {
    claims.set(resource, claims.get(resource) ?? claimsOf(store, resource))
    return claims.get(resource)!
  }
  const serviceOf = new Map(services.map((service) => [String(service.id), service]))
  const resourceOf = new Map(resources.map((resource) => [String(resource.id), resource]))
  const mismatches: string[] = []
  for (const reservation of reservations.filter((r) => blocking.includes(r.status))) {
    const resource = resourceOf.get(String(reservation.resource))
    const service = serviceOf.get(String(reservation.service))
    if (!resource || !service) {
      continue
    }
    const held = (await claimsOn(String(resource.id))).intervalsOf(reservation.id)
    const wanted = [
      {
        end: Date.parse(reservation.endTime) + service.bufferTimeAfter * MINUTE,
        start: Date.parse(reservation.startTime) - service.bufferTimeBefore * MINUTE,
        units: resource.capacityMode === 'per-guest' ? reservation.guestCount : 1,
      },
    ]
    if (JSON.stringify(held) !== JSON.stringify(wanted)) {
      mismatches.push(`${reservation.id} holds ${JSON.stringify(held)} on ${resource.id}, its document says ${JSON.stringify(wanted)}`)
    }
  }
  return mismatches
}

/**
 * Acknowledged work the ledger lost: a booking without its document, a move or status change
 * answered 200 whose event the reservation's stream does not hold live (not voided).
 */
export const lostCommands = async (
  store: EventStore,
  ops: readonly StressOp[],
  booked: readonly string[],
  documents: ReadonlySet<string>,
): Promise<string[]> => {
  const lost = booked.filter((id) => !documents.has(id)).map((id) => `booking ${id} has no document`)
  const streams = new Map<string, RecordedEvent<ReservationEvent>[]>()
  for (const op of ops.filter((o) => o.status === 200 && o.id !== undefined)) {
    const events = streams.get(op.id!) ?? (await store.readStream<ReservationEvent>(reservationStream(op.id!)))
    streams.set(op.id!, events)
    const voided = voidedRevisions(events)
    const live = events.filter((event) => !voided.has(event.revision))
    const found =
      op.kind === 'move'
        ? live.some((event) => event.type === 'ReservationDetailsUpdated' && event.data.changes.notes === op.tag)
        : live.some((event) => event.type === 'ReservationStatusChanged' && event.data.to === op.to)
    if (!found) lost.push(`${op.kind} ${op.tag ?? op.to} of ${op.id}`)
  }
  return lost
}

/** Every ledger event, read forward from the start. */
export const ledgerEvents = async (store: EventStore): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = []
  for (let page = await store.readAll({ limit: 500, streamPrefix: LEDGER_STREAM_PREFIX }); page.length > 0; ) {
    events.push(...page)
    page = await store.readAll({ after: page[page.length - 1].position, limit: 500, streamPrefix: LEDGER_STREAM_PREFIX })
  }
  return events
}

/**
 * Bookings on `resources` the ledger holds live (booked and not voided) that no process
 * acknowledged: a refusal answered over a booking that was stored. `events` are the ledger's
 * events (every reservation stream whole); `booked` the ids answered 201.
 */
export const bookedButRefused = (events: readonly RecordedEvent[], resources: readonly CheckedResource[], booked: readonly string[]): string[] => {
  const ours = new Set(resources.map(({ id }) => String(id)))
  const acknowledged = new Set(booked)
  const streams = new Map<string, RecordedEvent<ReservationEvent>[]>()
  for (const event of events.filter(isReservationEvent)) {
    streams.set(event.stream, [...(streams.get(event.stream) ?? []), event])
  }
  return [...streams.values()].flatMap((stream) => {
    const voided = voidedRevisions(stream)
    return stream
      .filter((event): event is RecordedEvent<ReservationBooked> => event.type === 'ReservationBooked' && !voided.has(event.revision))
      .filter(({ data }) => ours.has(String(data.resource)) && !acknowledged.has(data.reservationId))
      .map(({ data }) => data.reservationId)
  })
}
