import type { RecordedEvent } from '../events/types.js'

/** Whether a stream's newest event was recorded by `settledBefore` (epoch ms; no bound: always). */
export const settled = (events: RecordedEvent[], settledBefore?: number): boolean =>
  settledBefore === undefined || events.length === 0 || Date.parse(events[events.length - 1].recordedAt) <= settledBefore
