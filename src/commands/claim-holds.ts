import type { ClaimHold, EventMetadata } from '../events/types.js'
import type { CapacityState } from '../capacity/capacity-decider.js'
import type { LedgerDeps } from './decision.js'

import { claimOfHolds, holdsOf } from '../capacity/capacity-decider.js'
import { sameHolds } from '../capacity/claims.js'
import { resourceStream } from '../events/types.js'
import { retryOnConflict } from '../events/retry-on-conflict.js'
import { withMetadata } from './decision.js'

/** What a reservation should hold on a resource, given what it holds now and the resource's state. */
export type HoldsChange = (holds: ClaimHold[], state: CapacityState) => ClaimHold[]

/**
 * Rewrites a reservation's holds on a resource at the stream head, re-reading and trying again
 * when another writer moved the stream. `change` returning the same holds appends nothing.
 */
export const setHolds = (
  deps: Pick<LedgerDeps, 'busy' | 'maxAttempts' | 'store'>,
  reservationId: string,
  resource: string,
  metadata: EventMetadata,
  change: HoldsChange,
): Promise<void> =>
  retryOnConflict(deps.maxAttempts ?? 30, async () => {
    const snapshot = await deps.busy.current(resource)
    const holds = holdsOf(snapshot.state, reservationId)
    const next = change(holds, snapshot.state)
    if (sameHolds(next, holds)) {
      return
    }
    const result = await deps.store.append({
      events: withMetadata([claimOfHolds(reservationId, next)], metadata),
      expectedRevision: snapshot.revision,
      stream: resourceStream(resource),
    })
    deps.busy.applyCommitted(result.events)
  })
