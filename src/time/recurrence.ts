import { addCalendarDays, localDateOf, wallTimeOfDay, weekdayOf, zonedEpoch } from './local-time.js'
import { type Weekday, WEEKDAYS } from './weekdays.js'

/** Most occurrences one series may have. */
export const MAX_OCCURRENCES = 52

/**
 * How a booking repeats: every `interval` days or weeks, `count` times or up to `until`
 * (a local date, inclusive, or an instant), on the weekdays `byWeekday` when given.
 */
export interface Recurrence {
  byWeekday?: Weekday[]
  count?: number
  frequency: 'daily' | 'weekly'
  interval: number
  /** `YYYY-MM-DD` (a local day of the zone, inclusive) or epoch ms (an instant, inclusive). */
  until?: number | string
}

const MINUTE_MS = 60_000
/** Dates looked at before giving up: a daily series every 7th day on another weekday matches none. */
const MAX_DATES_SCANNED = 4_000

/** Days from Monday, 0 to 6. */
const dayIndex = (date: string): number => WEEKDAYS.indexOf(weekdayOf(date))

/**
 * The local dates a series looks at in calendar order, from the first date on (never before it).
 * A daily series yields every `interval`-th date, its weekdays filtered by the caller, so that a
 * series whose dates never fall on them still ends.
 */
function* seriesDates(first: string, { byWeekday, frequency, interval }: Recurrence): Generator<string> {
  const days = byWeekday ? new Set(byWeekday) : null
  if (frequency === 'daily') {
    for (let date = first; ; date = addCalendarDays(date, interval)) {
      yield date
    }
  }
  if (!days) {
    for (let date = first; ; date = addCalendarDays(date, 7 * interval)) {
      yield date
    }
  }
  // Weekly on given weekdays: every `interval`-th week from the first date's week (Monday first).
  const wanted = WEEKDAYS.map((day, index) => (days.has(day) ? index : -1)).filter((index) => index >= 0)
  for (let monday = addCalendarDays(first, -dayIndex(first)); ; monday = addCalendarDays(monday, 7 * interval)) {
    for (const index of wanted) {
      const date = addCalendarDays(monday, index)
      if (date >= first) {
        yield date
      }
    }
  }
}

/**
 * The start instants of a series whose first occurrence would start at `start`, computed on the
 * wall clock of `timeZone`: a weekly 09:00 stays 09:00 across a change of daylight saving time.
 * Stops after `count`, or at the last occurrence not after `until`; at most `limit` are returned,
 * so a caller asking `MAX_OCCURRENCES + 1` learns that a series has too many.
 */
export const occurrenceStarts = (start: number, recurrence: Recurrence, timeZone: string, limit: number): number[] => {
  const first = localDateOf(start, timeZone)
  const minutes = wallTimeOfDay(start, timeZone) / MINUTE_MS
  const { byWeekday, count, frequency, until } = recurrence
  const onDay = frequency === 'daily' && byWeekday ? new Set(byWeekday) : null
  const starts: number[] = []
  let scanned = 0
  for (const date of seriesDates(first, recurrence)) {
    if (++scanned > MAX_DATES_SCANNED || starts.length >= limit || (count !== undefined && starts.length >= count)) {
      break
    }
    if (typeof until === 'string' && date > until) {
      break
    }
    if (onDay && !onDay.has(weekdayOf(date))) {
      continue
    }
    const at = zonedEpoch(date, minutes, timeZone)
    if (typeof until === 'number' && at > until) {
      break
    }
    starts.push(at)
  }
  return starts
}
