import type { EpochRange } from '../../../time/ranges.js'

/** A span as the API writes it: UTC ISO 8601 with milliseconds, like every time the API sends. */
export const isoRange = ({ end, start }: EpochRange): { end: string; start: string } => ({
  end: new Date(end).toISOString(),
  start: new Date(start).toISOString(),
})
