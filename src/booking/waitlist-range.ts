import { addCalendarDays, zonedEpoch } from '../time/local-time.js'

/**
 * The range a guest waits in for the local day `date` of `timeZone`: from its midnight (or from
 * `now` on a day already begun) up to the next midnight, as the waitlist's `from` and `to`.
 */
export const waitlistRange = (date: string, timeZone: string, now: number): { from: string; to: string } => ({
  from: new Date(Math.max(now, zonedEpoch(date, 0, timeZone))).toISOString(),
  to: new Date(zonedEpoch(addCalendarDays(date, 1), 0, timeZone)).toISOString(),
})
