import type { EpochRange } from '../../time/ranges.js'

/** A span as the API writes it: UTC ISO 8601 with milliseconds (SPEC 4). */
export const isoRange = ({ end, start }: EpochRange): { end: string; start: string } => ({
  end: new Date(end).toISOString(),
  start: new Date(start).toISOString(),
})
