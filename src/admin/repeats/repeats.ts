import { addCalendarDays, localDateOf, weekdayOf } from '../../time/local-time.js'
import { MAX_OCCURRENCES } from '../../time/recurrence.js'
import { type Weekday, WEEKDAYS } from '../../time/weekdays.js'

/** What the "Repeats…" control holds: the options of a series booking's `recurrence`, as chosen. */
export interface Repeats {
  /** Only for `weekly`. */
  byWeekday: Weekday[]
  count: number
  /** After `count` times, or up to the local day `until` (inclusive). */
  ends: 'count' | 'until'
  frequency: 'daily' | 'none' | 'weekly'
  interval: number
  until: string
}

/** `recurrence` as POST /api/reserve/book and /series-preview take it. */
export interface RecurrenceBody {
  byWeekday?: Weekday[]
  count?: number
  frequency: 'daily' | 'weekly'
  interval: number
  until?: string
}

/** Not repeating; once chosen, weekly on the start's weekday, four times, or for four weeks. */
export const initialRepeats = (start: string, timeZone: string): Repeats => {
  const date = localDateOf(Date.parse(start), timeZone)
  return { byWeekday: [weekdayOf(date)], count: 4, ends: 'count', frequency: 'none', interval: 1, until: addCalendarDays(date, 27) }
}

/** The series to book, or null when it does not repeat or a choice is not complete yet. */
export const recurrenceOf = (repeats: Repeats): null | RecurrenceBody => {
  const { byWeekday, count, ends, frequency, interval, until } = repeats
  const whole = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_OCCURRENCES
  if (frequency === 'none' || !whole(interval) || (frequency === 'weekly' && byWeekday.length === 0)) {
    return null
  }
  if (ends === 'count' ? !whole(count) : !/^\d{4}-\d{2}-\d{2}$/.test(until)) {
    return null
  }
  return {
    // In weekday order, as the API lists them back.
    ...(frequency === 'weekly' ? { byWeekday: WEEKDAYS.filter((day) => byWeekday.includes(day)) } : {}),
    ...(ends === 'count' ? { count } : { until }),
    frequency,
    interval,
  }
}
