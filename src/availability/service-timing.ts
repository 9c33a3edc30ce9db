/** How a service occupies time; shared by the booking path and availability. */

/** Flexible bookings choose their length (see duration-range.ts); availability treats one length at a time like a fixed one. */
export type DurationType = 'fixed' | 'flexible' | 'full-day'

export interface ServiceTiming {
  /** Minutes blocked before the start (ignored by full-day services). */
  bufferBeforeMinutes: number
  /** Minutes blocked after the end (ignored by full-day services). */
  bufferAfterMinutes: number
  /** Length of a fixed booking (of a flexible one: the length asked for); full-day bookings last until the next local midnight. */
  durationMinutes: number
  durationType: DurationType
}

export const MINUTE_MS = 60_000
