import { retry, timer } from 'rxjs'

import type { BusyIndex } from '../../capacity/busy-index.js'
import type { EventStore } from '../../events/store.js'
import type { RecordedEvent } from '../../events/types.js'

import { RESOURCE_STREAM_PREFIX } from '../../events/stream-names.js'

/** Wait before following again once the store's subscription failed beyond its own retries. */
const REFOLLOW_MS = 5_000

/**
 * On a store that pushes events (JetStream, EventStoreDB): follows the claim streams from their
 * end, so that other processes' claims reach the busy index within milliseconds, as append
 * notices do on PostgreSQL, and the next optimistic decision here is made on them rather than
 * failing its append first. This process's own events come back too and change nothing. Only an
 * optimisation: the append still checks every head, and an event missed (the subscription down
 * or late) costs a retry, not a wrong answer. Returns what stops it.
 */
export const followSubscription = (
  subscribe: NonNullable<EventStore['subscribe']>,
  busy: BusyIndex,
  report: (error: unknown) => void,
): (() => void) => {
  const subscription = subscribe({ fromEnd: true, streamPrefix: RESOURCE_STREAM_PREFIX })
    .pipe(
      retry({
        delay: (error: unknown) => {
          report(error)
          return timer(REFOLLOW_MS)
        },
      }),
    )
    .subscribe(followClaim(busy, report))
  return () => subscription.unsubscribe()
}

/**
 * The handler of one claim event another process appended, followed as it was stored: applied
 * to the busy index where this process holds its month, which is then brought up to it.
 */
export const followClaim =
  (busy: BusyIndex, report: (error: unknown) => void) =>
  (event: RecordedEvent): void => {
    busy.applyAnnounced([event])
    busy.advance(event.stream, event.revision).catch(report)
  }
