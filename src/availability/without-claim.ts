import type { BusyIntervals, IntervalIndex } from '../capacity/interval-index.js'

import { peakUnitsOf } from '../capacity/interval-index.js'

/**
 * A resource's busy intervals without what some reservations claim: a hold's own holder sees
 * its capacity as theirs to book, and a booking being moved sees its own time as free, as the
 * ledger decides a move. `null` keys are left out; with none left, the index is as it is.
 */
export const withoutClaim = (index: IntervalIndex, ...keys: Array<null | string>): BusyIntervals => {
  const mine = new Set(keys.filter((key): key is string => key !== null && index.intervalsOf(key).length > 0))
  return mine.size === 0 ? index : { peakUnits: (from, to) => peakUnitsOf(index.overlapping(from, to).filter((interval) => !mine.has(interval.key)), from, to) }
}
