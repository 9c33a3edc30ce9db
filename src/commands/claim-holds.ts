import type { CapacityStream } from '../events/capacity-streams.js'
import type { ClaimHold, EventMetadata } from '../events/types.js'
import type { CapacityState } from '../capacity/capacity-decider.js'
import type { LedgerDeps } from './decision.js'

import { claimOfHolds, holdsOf } from '../capacity/capacity-decider.js'
import { sameHolds } from '../capacity/claims.js'
import { retryOnConflict } from '../events/retry-on-conflict.js'
import { withMetadata } from './decision.js'

/** What a reservation should hold in a month stream, given what it holds now and the stream's state. */
export type HoldsChange = (holds: ClaimHold[], state: CapacityState) => ClaimHold[]

/**
 * Rewrites a reservation's holds in a month stream at its head, re-reading and trying again
 * when another writer moved the stream. `change` returning the same holds appends nothing.
 * One rewrite of a month at a time in this process: concurrent ones would read the same head,
 * and all but one would fail their append and read again.
 */
export const setHolds = (
  deps: Pick<LedgerDeps, 'busy' | 'maxAttempts' | 'store'>,
  reservationId: string,
  stream: CapacityStream,
  metadata: EventMetadata,
  change: HoldsChange,
): Promise<void> =>
  deps.busy.claimingOn([stream.stream], () =>
    retryOnConflict(deps.maxAttempts ?? 30, async () => {
      const snapshot = await deps.busy.current(stream)
      const holds = holdsOf(snapshot.state, reservationId)
      const next = change(holds, snapshot.state)
      if (sameHolds(next, holds)) {
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
