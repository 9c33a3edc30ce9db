import { zonedEpoch } from '../../../time/local-time.js'
import { isCalendarDate } from '../validation/is-calendar-date.js'
import { parseInstant } from '../validation/parse-instant.js'

/** A bound of a resource-availability range: a calendar date or an instant. */
export type RangeBound = { date: string; kind: 'date' } | { epoch: number; kind: 'instant' }

/**
 * Reads `YYYY-MM-DD` or a date-time with `Z` or an offset; null for anything else, including
 * impossible dates (2026-02-30) and date-times without an offset, whose instant would depend on
 * the server's time zone.
 */
export const parseRangeBound = (text: string): null | RangeBound => {
  if (isCalendarDate(text)) {
    return { date: text, kind: 'date' }
  }
  const epoch = parseInstant(text)
  return epoch === null ? null : { epoch, kind: 'instant' }
}

/** The instant a bound names; a date is local midnight starting that day in `timeZone`. */
export const boundEpoch = (bound: RangeBound, timeZone: string): number =>
  bound.kind === 'date' ? zonedEpoch(bound.date, 0, timeZone) : bound.epoch
