import type { AppendRequest } from '../events/store.js'
import type { RecordedEvent, ReservationEvent } from '../events/types.js'

import { decideCapacity } from '../capacity/capacity-decider.js'
import { type ClaimChange, claimChanges, conflictAt, type Decision, guardAppend, type LedgerDeps, reservationAppend, withMetadata } from './decision.js'

/**
 * For stores that append to several streams at once: the claims, the idempotency guard and the
 * reservation event, all-or-nothing. Every month stream the decision read is in the append
 * with the revision it read, also where it writes nothing there (a claim it found already
 * held, a release already done): a stale view then fails the append and the command decides
 * again, instead of acting on what was true once.
 */
export const commitAtomically = (deps: LedgerDeps, decision: Decision): Promise<RecordedEvent<ReservationEvent>[]> => {
  const changes = claimChanges(decision, deps.policy)
  // The next claim on these months in this process is decided on the state this append leaves.
  return deps.busy.claimingOn(
    changes.map(({ stream }) => stream.stream),
    async () => {
      const claims: AppendRequest[] = []
      for (const change of changes) {
        claims.push(await decideClaim(deps, decision, change))
      }
      const guard = guardAppend(decision)
      const results = await deps.store.appendAtomically!([...(guard ? [guard] : []), ...decision.fences, ...claims, reservationAppend(decision)])
      results.forEach((result) => deps.busy.applyCommitted(result.events))
      return results[results.length - 1].events as RecordedEvent<ReservationEvent>[]
    },
  )
}

/**
 * Decides the claim on one resource, to append with the revision it was decided at. An
 * optimistic decision uses the state this process knows without reading the stream head (a
 * stale one makes the append fail and the command retry); a refusal is only ever given
 * against the head.
 */
const decideClaim = async (deps: LedgerDeps, decision: Decision, { final, resource, stream }: ClaimChange): Promise<AppendRequest> => {
  const quantity = final.length === 0 ? 0 : decision.beyondCapacity ? Infinity : await deps.capacityOf(resource)
  const command = { data: { intervals: final, quantity, reservationId: decision.reservationId }, type: 'SetCapacityClaim' } as const
  const claimAt = (revision: number, events: ReturnType<typeof decideCapacity>): AppendRequest => ({
    events: withMetadata(events, decision.metadata),
    expectedRevision: revision,
    stream: stream.stream,
  })
  const known = decision.optimistic ? deps.busy.known(stream) : undefined
  if (known) {
    try {
      return claimAt(known.revision, decideCapacity(command, known.state))
    } catch {
      // Refused on this process's view, which may be stale: decide again at the head.
    }
  }
  const head = await deps.busy.current(stream)
  try {
    return claimAt(head.revision, decideCapacity(command, head.state))
  } catch (error) {
    throw conflictAt(error, decision, resource)
  }
}
