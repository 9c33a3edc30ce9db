import type { Interval } from '../events/types.js'
import type { BusyIntervals } from '../capacity/interval-index.js'

export type CapacityMode = 'per-guest' | 'per-reservation'

/** Units one reservation takes: one per reservation, or one per guest on per-guest resources. */
export const claimUnits = (capacityMode: CapacityMode, guestCount: number): number => {
  if (!Number.isInteger(guestCount) || guestCount < 1) {
    throw new RangeError(`Invalid guestCount ${guestCount}: needs an integer of at least 1`)
  }
  return capacityMode === 'per-guest' ? guestCount : 1
}

/** Whether `claim` fits next to the `busy` intervals without ever exceeding `quantity`. */
export const fitsCapacity = (busy: BusyIntervals, claim: Interval, quantity: number): boolean =>
  busy.peakUnits(claim.start, claim.end) + claim.units <= quantity
