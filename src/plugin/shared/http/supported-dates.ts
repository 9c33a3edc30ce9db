/**
 * The calendar the endpoints work in. Local dates are `YYYY-MM-DD` with four-digit years all
 * through availability, so the day after 9999-12-31 cannot be written (and a loop over days
 * would never pass it), and years below 100 are read as 19xx by Date.UTC. The margins keep every
 * time-zone shift of a bound inside four-digit years. No booking calendar needs more.
 */
export const FIRST_DATE = '1900-01-01'
export const LAST_DATE = '9998-12-31'

const FIRST_EPOCH = Date.parse(`${FIRST_DATE}T00:00:00.000Z`)
const END_EPOCH = Date.parse(`${LAST_DATE}T00:00:00.000Z`) + 86_400_000

/** Whether a valid `YYYY-MM-DD` lies within the supported calendar (such strings order like days). */
export const isSupportedDate = (date: string): boolean => FIRST_DATE <= date && date <= LAST_DATE

/** Whether an instant lies within the supported calendar. */
export const isSupportedInstant = (epoch: number): boolean => epoch >= FIRST_EPOCH && epoch <= END_EPOCH
