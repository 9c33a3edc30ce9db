/** How a service occupies time; shared by the booking path and availability. */

export type DurationType = 'fixed' | 'full-day'

export interface ServiceTiming {
  /** Minutes blocked before the start (ignored by full-day services). */
  bufferBeforeMinutes: number
  /** Minutes blocked after the end (ignored by full-day services). */
  bufferAfterMinutes: number
  /** Length of a fixed booking; full-day bookings last until the next local midnight. */
  durationMinutes: number
  durationType: DurationType
}

export const MINUTE_MS = 60_000
