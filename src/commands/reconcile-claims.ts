import type { EventMetadata, Interval, ReservationEvent } from '../events/types.js'
import type { LedgerDeps } from './decision.js'
import type { ReservationState } from './reservation-state.js'

import { WHOLE_CLAIM } from '../capacity/capacity-decider.js'
import { byStreamName, intervalsByResource, sameClaim } from '../capacity/claims.js'
import { isWrongExpectedRevision } from '../events/store.js'
import { reservationStream } from '../events/types.js'
import { setHolds } from './claim-holds.js'
import { withMetadata } from './decision.js'
import { heldClaims } from './reservation-state.js'

/** A reservation's claim on a resource that `reconcileClaims` found different from its stream, and set right. */
export interface ClaimRepair {
  /** What its stream says it holds (none: released). */
  final: Interval[]
  /** What the resource stream had. */
  held: Interval[]
  resource: string
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
  { claimedOn, metadata, reservationId, revision, state }: {
    claimedOn: string[]
    metadata: EventMetadata
    reservationId: string
    revision: number
    state: ReservationState
  },
): Promise<ClaimRepair[]> => {
  const wanted = intervalsByResource(heldClaims(state, deps.policy.statusMachine))
  const planned = state.kind === 'active' || state.kind === 'deleted' ? state.reservation.claims : state.kind === 'held' ? state.hold.claims : []
  const resources = [...new Set([...claimedOn, ...planned.map((claim) => claim.resource)])].sort(byStreamName)
  const repairs: ClaimRepair[] = []
  for (const resource of resources) {
    const held = (await deps.busy.current(resource)).state.index.intervalsOf(reservationId)
    const final = wanted.get(resource) ?? []
    if (!sameClaim(held, final)) {
      repairs.push({ final, held, resource })
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
  for (const { final, resource } of repairs) {
    // Operations that read the fence are still in flight: their holds stay, and theirs to settle.
    await setHolds(deps, reservationId, resource, metadata, (holds) => {
      const inFlight = holds.filter((hold) => hold.after >= fenced)
      if (inFlight.length === 0) {
        return final.length === 0 ? [] : [{ after: WHOLE_CLAIM, intervals: final, operation: '' }]
      }
      return [...(final.length === 0 ? [] : [{ after: fenced - 1, intervals: final, operation: `reconciled-${fenced}` }]), ...inFlight]
    })
  }
  return repairs
}
