import { localDateOf } from '../time/local-time.js'

const DAY_MS = 86_400_000

/** The last local day open for booking, and the limit it comes from, for the page to say so. */
export interface BookingWindowEnd {
  date: string
  maxAdvanceDays: number
}

/**
 * The last local day (in `timeZone`) with a start a guest may book, seen at `now`, when bookings
 * open at most `maxAdvanceDays` ahead (the server offers starts up to now + that many days); null
 * without a limit.
 */
export const bookingWindowEnd = (now: number, maxAdvanceDays: null | number | undefined, timeZone: string): BookingWindowEnd | null =>
  typeof maxAdvanceDays === 'number' ? { date: localDateOf(now + maxAdvanceDays * DAY_MS, timeZone), maxAdvanceDays } : null
