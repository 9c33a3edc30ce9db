import type { BusyIntervals } from '../capacity/interval-index.js'
import type { EpochRange } from '../time/ranges.js'

/**
 * A resource's busy intervals with the time an outside calendar holds added: there the whole
 * resource is taken, whatever its quantity. `external` is the few intervals of the range asked
 * about, so checking each candidate against all of them stays cheap.
 */
export const withExternalBusy = (busy: BusyIntervals, external: readonly EpochRange[], quantity: number): BusyIntervals =>
  external.length === 0
    ? busy
    : {
        peakUnits: (from, to) =>
          external.some((range) => range.start < to && from < range.end) ? Math.max(quantity, busy.peakUnits(from, to)) : busy.peakUnits(from, to),
      }
