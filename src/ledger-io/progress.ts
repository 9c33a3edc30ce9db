import type { LedgerProgress } from './format.js'

export type ProgressListener<P extends LedgerProgress = LedgerProgress> = (progress: P) => void

/**
 * Reports progress each time at least `every` more events are done, and once at the end
 * unless that count was just reported.
 */
export const progressReporter = <P extends LedgerProgress>(every: number, listener: ProgressListener<P>) => {
  if (!Number.isInteger(every) || every < 1) {
    throw new RangeError(`progressEvery must be a whole number of at least 1; got ${every}`)
  }
  let reported = 0
  return {
    finish(progress: P): void {
      if (progress.events !== reported || progress.events === 0) {
        listener({ ...progress })
      }
    },
    update(progress: P): void {
      if (progress.events - reported >= every) {
        reported = progress.events
        listener({ ...progress })
      }
    },
  }
}
