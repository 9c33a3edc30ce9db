import type { CapacityStream } from '../events/capacity-streams.js'
import type { ClaimHold, EventMetadata } from '../events/types.js'
import type { CapacityState } from '../capacity/capacity-decider.js'
import type { ResourceSnapshot } from '../capacity/busy-index.js'
import type { LedgerDeps } from './decision.js'

import { claimOfHolds, holdsOf } from '../capacity/capacity-decider.js'
import { sameHolds } from '../capacity/claims.js'
import { retryOnConflict } from '../events/retry-on-conflict.js'
import { withMetadata } from './decision.js'

/** What a reservation should hold in a month stream, given what it holds now and the stream's state. */
export type HoldsChange = (holds: ClaimHold[], state: CapacityState) => ClaimHold[]

/** The holds `change` makes of the reservation's on `snapshot`; undefined where they stay the same. */
const changedHolds = (snapshot: ResourceSnapshot, reservationId: string, change: HoldsChange): ClaimHold[] | undefined => {
  const holds = holdsOf(snapshot.state, reservationId)
  const next = change(holds, snapshot.state)
  return sameHolds(next, holds) ? undefined : next
}

/** `changedHolds` on a view that may be stale: a refusal there is no answer, only a reason to read the head. */
const changedOnKnown = (snapshot: ResourceSnapshot, reservationId: string, change: HoldsChange): ClaimHold[] | undefined => {
  try {
    return changedHolds(snapshot, reservationId, change)
  } catch {
    return undefined
  }
}

/**
 * Rewrites a reservation's holds in a month stream at its head, re-reading and trying again
 * when another writer moved the stream. `change` returning the same holds appends nothing.
 * One rewrite of a month at a time in this process: concurrent ones would read the same head,
 * and all but one would fail their append and read again.
 *
 * `optimistic`: the first attempt decides on the state this process knows, without reading
 * the head; its append, at the revision it decided on, fails if that was stale. Only a change
 * to append is decided so: a refusal, or nothing to append, is decided at the head.
 */
export const setHolds = (
  deps: Pick<LedgerDeps, 'busy' | 'maxAttempts' | 'store'>,
  reservationId: string,
  stream: CapacityStream,
  metadata: EventMetadata,
  change: HoldsChange,
  { optimistic = false }: { optimistic?: boolean } = {},
): Promise<void> =>
  deps.busy.claimingOn([stream.stream], () =>
    retryOnConflict(deps.maxAttempts ?? 30, async (attempt) => {
      const known = optimistic && attempt === 1 ? deps.busy.known(stream) : undefined
      const fromKnown = known && changedOnKnown(known, reservationId, change)
      const snapshot = fromKnown ? known : await deps.busy.current(stream)
      const next = fromKnown ?? changedHolds(snapshot, reservationId, change)
      if (!next) {
        return
      }
      const result = await deps.store.append({
        events: withMetadata([claimOfHolds(reservationId, next)], metadata),
        expectedRevision: snapshot.revision,
        stream: stream.stream,
      })
      deps.busy.applyCommitted(result.events)
    }),
  )
