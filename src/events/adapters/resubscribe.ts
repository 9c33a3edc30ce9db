import { defer, EMPTY, type Observable, retry, takeUntil, tap, throwError, timer } from 'rxjs'

import type { SubscribeOptions } from '../store.js'
import type { RecordedEvent } from '../types.js'

/**
 * One subscription of a store from `after` (or from the end), erroring when it drops. It calls
 * `progressed` when the server shows it is following (a confirmation, a delivery).
 */
export type SubscribeOnce<C> = (connection: C, options: SubscribeOptions, progressed: () => void) => Observable<RecordedEvent>

/**
 * A store's `subscribe` that rides out a node restart or a leader change: when the
 * subscription `once` opens fails with an error `isTransient` accepts, it is opened again after
 * the last event it delivered, so nothing is delivered twice, after the next of `delaysMs`
 * (which start over once it progresses). Completes on `closing`; opens nothing once the
 * connection is closed.
 */
export const resubscribing =
  <C extends { readonly closed: boolean }>(
    once: SubscribeOnce<C>,
    delaysMs: readonly number[],
    isTransient: (error: unknown, connection: C) => boolean,
  ) =>
  (connection: C, closing: Observable<void>, { after, fromEnd, streamPrefix }: SubscribeOptions): Observable<RecordedEvent> =>
    defer(() => {
      if (connection.closed) {
        return EMPTY
      }
      let last = after
      let attempt = 0
      const progressed = () => {
        attempt = 0
      }
      return defer(() => once(connection, { after: last, fromEnd: fromEnd && last === undefined, streamPrefix }, progressed)).pipe(
        tap((event) => {
          last = event.position
        }),
        retry({
          delay: (error: unknown) => {
            const wait = delaysMs[attempt++]
            return connection.closed || wait === undefined || !isTransient(error, connection) ? throwError(() => error) : timer(wait)
          },
        }),
        takeUntil(closing),
      )
    })
