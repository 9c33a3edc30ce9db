import { defer, EMPTY, type Observable, retry, takeUntil, tap, throwError, timer } from 'rxjs'

import type { RecordedEvent } from '../types.js'

export interface Resubscribing {
  /** The store's connection: once closed, nothing opens again. */
  connection: { readonly closed: boolean }
  /** Waits before each reopening in a row; a reopening that delivers starts them over. */
  delaysMs: readonly number[]
  /** Failures worth reopening for; any other reaches the subscriber. */
  isTransient(error: unknown): boolean
  /** Emits when the store closes: the subscription completes. */
  closing: Observable<void>
}

/**
 * A store's subscription from `after` that rides out a node restart or a leader change: when
 * the one `open` gives fails transiently, it is opened again after the last event it
 * delivered, so nothing is delivered twice. `open` calls `progressed` when the server shows
 * it is following (a confirmation, a delivery), which starts the waits over. Completes when
 * the store closes.
 */
export const resubscribe = (
  { closing, connection, delaysMs, isTransient }: Resubscribing,
  after: string | undefined,
  open: (after: string | undefined, progressed: () => void) => Observable<RecordedEvent>,
): Observable<RecordedEvent> =>
  defer(() => {
    if (connection.closed) {
      return EMPTY
    }
    let last = after
    let attempt = 0
    const progressed = () => {
      attempt = 0
    }
    return defer(() => open(last, progressed)).pipe(
      tap((event) => {
        last = event.position
      }),
      retry({
        delay: (error: unknown) => {
          const wait = delaysMs[attempt++]
          return connection.closed || wait === undefined || !isTransient(error) ? throwError(() => error) : timer(wait)
        },
      }),
      takeUntil(closing),
    )
  })
