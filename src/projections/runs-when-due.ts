import type { RecordedEvent } from '../events/types.js'

import { Observable } from 'rxjs'

/** setTimeout's limit: a longer wait would fire at once. */
const MAX_TIMER_MS = 2_147_483_647

/**
 * Holds pushed events until each is `graceMs` old and hands them to `handleRun` in arrival
 * order: one run at a time, each taking every event due by the time the previous one ended,
 * with the events already received that a later run takes (`upcoming`, not to be changed).
 * Errors when a run fails, so that the subscription starts again from the checkpoint.
 */
export const runsWhenDue = (
  events: Observable<RecordedEvent>,
  {
    clock,
    graceMs,
    spacingMs = 0,
  }: {
    clock: () => number
    graceMs: number
    /** The least time from one run's start to the next's: a run has a cost of its own, whatever it holds. */
    spacingMs?: number
  },
  handleRun: (run: RecordedEvent[], upcoming: readonly RecordedEvent[]) => Promise<void>,
): Observable<never> =>
  new Observable<never>((subscriber) => {
    const pending: RecordedEvent[] = []
    let lastRun = Number.NEGATIVE_INFINITY
    let busy = false
    let wake: NodeJS.Timeout | undefined
    const dueIn = (event: RecordedEvent, now = clock()) => Date.parse(event.recordedAt) + graceMs - now
    const sleep = (ms: number) => {
      wake = setTimeout(next, Math.min(Math.max(0, ms), MAX_TIMER_MS))
      wake.unref()
    }
    const next = (): void => {
      wake = undefined
      if (busy || subscriber.closed || pending.length === 0) {
        return
      }
      // One reading of the clock: with a second, an event could come due between them and the run be empty.
      const now = clock()
      const young = pending.findIndex((event) => dueIn(event, now) > 0)
      const wait = Math.max(young === 0 ? dueIn(pending[0], now) : 0, lastRun + spacingMs - now)
      if (wait > 0) {
        sleep(wait)
        return
      }
      lastRun = now
      busy = true
      handleRun(pending.splice(0, young === -1 ? pending.length : young), pending).then(
        () => {
          busy = false
          next()
        },
        (error: unknown) => subscriber.error(error),
      )
    }
    const subscription = events.subscribe({
      complete: () => subscriber.complete(),
      error: (error: unknown) => subscriber.error(error),
      next: (event) => {
        pending.push(event)
        // A timer even for a due event, so that a burst (the replay) is handled as one run.
        if (!busy && wake === undefined) {
          sleep(dueIn(event))
        }
      },
    })
    return () => {
      clearTimeout(wake)
      subscription.unsubscribe()
    }
  })
