import type { EventMetadata, Interval, RecordedEvent, ReservationEvent, ResourceClaim } from '../events/types.js'
import type { LedgerDeps } from './decision.js'
import type { ReservationState } from './reservation-state.js'

import { byStreamName, intervalsByResource, sameClaim } from '../capacity/claims.js'
import { type CapacityStream, capacityStreams, intervalsIn, parseCapacityStream } from '../events/capacity-streams.js'
import { isWrongExpectedRevision } from '../events/store.js'
import { reservationStream } from '../events/types.js'
import { setHolds } from './claim-holds.js'
import { withMetadata } from './decision.js'
import { evolveReservation, heldClaims, initialReservationState } from './reservation-state.js'

/** A reservation's claim in a month stream that `reconcileClaims` found different from its stream, and set right. */
export interface ClaimRepair {
  /** What its stream says it holds there (none: released). */
  final: Interval[]
  /** What the month stream had. */
  held: Interval[]
  month: string
  resource: string
}

/** The claims a reservation planned in a state, held or not. */
const plannedIn = (state: ReservationState): ResourceClaim[] =>
  state.kind === 'active' || state.kind === 'deleted' ? state.reservation.claims : state.kind === 'held' ? state.hold.claims : []

/**
 * Every claim a reservation's stream ever planned, and what it folds to: a claim a crash left
 * where the reservation was before a move (another resource, another month) is looked for there.
 */
export const foldWithPlans = (events: RecordedEvent<ReservationEvent>[]): { planned: ResourceClaim[]; state: ReservationState } => {
  let state = initialReservationState()
  const planned: ResourceClaim[] = []
  for (const event of events) {
    state = evolveReservation(state, event, event.metadata)
    planned.push(...plannedIn(state))
  }
  return { planned, state }
}

/**
 * Brings a reservation's claims in line with its stream, in both directions: a claim larger
 * than its status holds (a crash between a claim and its release), and a blocking reservation
 * whose claim is missing or different. The caller passes only claims older than its grace
 * period. The reservation stream is fenced first (`ReservationAbandoned` for a booking that
 * never landed, `ReservationClaimsReconciled` otherwise), so a writer still in flight loses
 * its race and retries instead of relying on a repaired claim. A missing claim is recorded
 * even beyond capacity: the reservation stands, and availability must not offer its time
 * again. Returns what it repaired.
 */
export const reconcileClaims = async (
  deps: LedgerDeps,
  { claimedOn, metadata, planned, reservationId, revision, seen, state }: {
    /** Month streams where a claim of the reservation was seen. */
    claimedOn: string[]
    metadata: EventMetadata
    /** Every claim its stream ever planned (`foldWithPlans`): each month they reach into is checked. */
    planned: ResourceClaim[]
    reservationId: string
    revision: number
    /**
     * Where the reservation's events are the caller's (catch-up's run) rather than a read of its
     * stream: how far that run reached in each month stream. A month is then checked as of that
     * revision or later; a repair decided on events the reservation stream has moved past is
     * refused by the fence.
     */
    seen?: ReadonlyMap<string, number>
    state: ReservationState
  },
): Promise<ClaimRepair[]> => {
  const wanted = intervalsByResource(heldClaims(state, deps.policy.statusMachine))
  const streams = new Map<string, CapacityStream>()
  for (const stream of [
    ...claimedOn.flatMap((name) => parseCapacityStream(name) ?? []),
    ...planned.flatMap(({ intervals, resource }) => capacityStreams(resource, intervals)),
    ...[...wanted].flatMap(([resource, intervals]) => capacityStreams(resource, intervals)),
  ]) {
    streams.set(stream.stream, stream)
  }
  const repairs: Array<ClaimRepair & { stream: CapacityStream }> = []
  for (const stream of [...streams.values()].sort(byStreamName)) {
    const reached = seen?.get(stream.stream)
    const view = reached === undefined ? deps.busy.current(stream) : deps.busy.atLeast(stream, reached)
    const held = (await view).state.index.intervalsOf(reservationId)
    const final = intervalsIn(wanted.get(stream.resource) ?? [], stream.month)
    if (!sameClaim(held, final)) {
      repairs.push({ final, held, month: stream.month, resource: stream.resource, stream })
    }
  }
  if (repairs.length === 0) {
    return []
  }
  const fence: ReservationEvent =
    state.kind === 'absent'
      ? { data: { reservationId }, type: 'ReservationAbandoned' }
      : { data: { reservationId }, type: 'ReservationClaimsReconciled' }
  try {
    await deps.store.append({ events: withMetadata([fence], metadata), expectedRevision: revision, stream: reservationStream(reservationId) })
  } catch (error) {
    if (isWrongExpectedRevision(error)) {
      return []
    }
    throw error
  }
  const fenced = revision + 1
  for (const { final, stream } of repairs) {
    // The repair is an operation decided at the fence's revision. Operations decided before it
    // may still be releasing what they superseded (their event is among those the repair
    // folded): they release holds decided before their own, so not this one. Operations that
    // read the fence are still in flight: their holds stay, and theirs to settle.
    await setHolds(deps, reservationId, stream, metadata, (holds) => [
      ...(final.length === 0 ? [] : [{ after: fenced - 1, intervals: final, operation: `reconciled-${fenced}` }]),
      ...holds.filter((hold) => hold.after >= fenced),
    ])
  }
  return repairs.map(({ final, held, month, resource }) => ({ final, held, month, resource }))
}
