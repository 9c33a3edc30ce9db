import type { BusyIntervals, IntervalIndex } from '../capacity/interval-index.js'

import { peakUnitsOf } from '../capacity/interval-index.js'

/**
 * A resource's busy intervals without what `key` claims: the slots a hold's own holder sees,
 * where the hold's capacity is theirs to book. `null` leaves the index as it is.
 */
export const withoutClaim = (index: IntervalIndex, key: null | string): BusyIntervals =>
  key === null ? index : { peakUnits: (from, to) => peakUnitsOf(index.overlapping(from, to).filter((interval) => interval.key !== key), from, to) }
