import type { AppendResult } from '../events/store.js'
import type { RecordedEvent, ReservationEvent } from '../events/types.js'

import { v7 as uuidv7 } from 'uuid'

import { checkCapacity } from '../capacity/capacity-decider.js'
import { isWrongExpectedRevision } from '../events/store.js'
import { isCommandRejected } from '../events/rejection.js'
import { setHolds } from './claim-holds.js'
import { type ClaimChange, claimChanges, conflictAt, type Decision, guardAppend, keyReused, type LedgerDeps, reservationAppend } from './decision.js'

/**
 * For stores that append to one stream at a time. The operation first adds a hold of its own
 * in each month stream it needs (in stream-name order; capacity checked at each head), then
 * appends the reservation event, then removes the holds of the operations decided before it.
 * When the reservation event is refused it removes only its own holds. A crash leaves more
 * held than needed, never less; `reconcileClaims` trims it.
 */
export const commitOneByOne = async (deps: LedgerDeps, decision: Decision): Promise<RecordedEvent<ReservationEvent>[]> => {
  const { metadata, reservationId } = decision
  const operation = { after: decision.revision, operation: uuidv7() }
  const guard = guardAppend(decision)
  if (guard) {
    // A key, once appended, stays used: every reuse is refused, even after a failure.
    await deps.store.append(guard).catch((error: unknown) => {
      throw isWrongExpectedRevision(error) ? keyReused() : error
    })
  }
  // A moved fence (a hold's holder stream) is retried by the caller: nothing else is written yet.
  for (const fence of decision.fences) {
    await deps.store.append(fence)
  }
  const changes = claimChanges(decision, deps.policy)
  const held: ClaimChange[] = []
  /** Month streams where nothing but this operation's hold was found: nothing to remove afterwards. */
  const alone = new Set<string>()
  let result: AppendResult
  try {
    for (const change of changes.filter(({ final }) => final.length > 0)) {
      const { final, resource, stream } = change
      const quantity = decision.beyondCapacity ? Infinity : await deps.capacityOf(resource)
      await setHolds(
        deps,
        reservationId,
        stream,
        metadata,
        (holds, state) => {
          try {
            checkCapacity(state, reservationId, final, quantity)
          } catch (error) {
            throw conflictAt(error, decision, resource)
          }
          // The last call decides what is appended: an earlier one may have seen a stale view.
          if (holds.length === 0) {
            alone.add(stream.stream)
          } else {
            alone.delete(stream.stream)
          }
          return [...holds, { ...operation, intervals: final }]
        },
        { optimistic: decision.optimistic },
      )
      held.push(change)
    }
    result = await deps.store.append(reservationAppend(decision))
  } catch (error) {
    // Undo only on a definite refusal: any other error may come from an append that was in
    // fact written, and a booking must never hold less than its stream says.
    if (isWrongExpectedRevision(error) || isCommandRejected(error)) {
      for (const { stream } of held) {
        await setHolds(deps, reservationId, stream, metadata, (holds) => holds.filter((hold) => hold.operation !== operation.operation))
      }
    }
    throw error
  }
  // Committed: what operations decided before this one held is superseded; later ones keep theirs.
  for (const { stream } of changes.filter((change) => !alone.has(change.stream.stream))) {
    await setHolds(
      deps,
      reservationId,
      stream,
      metadata,
      (holds) => holds.filter((hold) => hold.operation === operation.operation || hold.after > operation.after),
      { optimistic: decision.optimistic },
    )
  }
  return result.events as RecordedEvent<ReservationEvent>[]
}
