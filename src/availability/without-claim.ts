import type { BusyIntervals, IntervalIndex } from '../capacity/interval-index.js'

import { peakUnitsOf } from '../capacity/interval-index.js'

/**
 * A resource's busy intervals without the claim of one reservation: the slots a booking may
 * move to are those free once its own time is given back, as the ledger decides a move.
 */
export const withoutClaim = (index: IntervalIndex, reservationId: null | string): BusyIntervals =>
  reservationId === null || index.intervalsOf(reservationId).length === 0
    ? index
    : {
        peakUnits: (from, to) =>
          peakUnitsOf(
            index.overlapping(from, to).filter((interval) => interval.key !== reservationId),
            from,
            to,
          ),
      }
