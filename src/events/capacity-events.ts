import type { Interval } from './values.js'

/**
 * The events of capacity streams (`reserve-resource-<id>-<YYYY-MM>`): every claim and release of
 * capacity on one resource reaching into one UTC month. Their revision is the
 * optimistic-concurrency token of a booking.
 */

/**
 * Capacity one operation added to a reservation's claim, on stores that claim one stream at a
 * time: a failed operation then releases only its own hold, and a committed one only the holds
 * of operations decided before it, so two processes changing one reservation at once cannot
 * undo each other's claims.
 */
export interface ClaimHold {
  /** Revision of the reservation stream the operation decided on; it commits right after it. */
  after: number
  intervals: Interval[]
  operation: string
}

export interface CapacityClaimed {
  /** `intervals` is everything the reservation holds; `holds` splits it by operation, where present. */
  data: { holds?: ClaimHold[]; intervals: Interval[]; reservationId: string }
  type: 'CapacityClaimed'
}

export interface CapacityReleased {
  data: { reservationId: string }
  type: 'CapacityReleased'
}

export type ResourceEvent = CapacityClaimed | CapacityReleased

/**
 * The last event of a resource stream in the first layout (`reserve-resource-<id>`, one
 * stream per resource): `npx payload reserve:ledger migrate` recorded its claims in the month streams,
 * and decisions read those from now on. A resource whose old stream lacks it is refused. Like
 * `LedgerCheckpointed`, it belongs to no reservation, so it is not in the `LedgerEvent` union.
 */
export interface CapacityMovedToMonths {
  data: { months: string[]; resourceId: string }
  type: 'CapacityMovedToMonths'
}
