import { addCalendarDays, localDateOf, weekdayOf, zonedEpoch } from '../../time/local-time.js'
import { WEEKDAYS } from '../../time/weekdays.js'

/**
 * Calendar dates (`YYYY-MM-DD`) as the admin pages walk them. Days are local days of the
 * plugin's time zone, never of the browser, so everyone sees the same day boundaries.
 */

export const todayIn = (timeZone: string): string => localDateOf(Date.now(), timeZone)

/** The instants `[start, end)` of a local day; 23 or 25 hours long on DST change days. */
export const dayBounds = (date: string, timeZone: string): { end: number; start: number } => ({
  end: zonedEpoch(date, 1440, timeZone),
  start: zonedEpoch(date, 0, timeZone),
})

/** The Monday on or before `date`: weeks run Monday to Sunday (ISO 8601). */
export const startOfWeek = (date: string): string => addCalendarDays(date, -WEEKDAYS.indexOf(weekdayOf(date)))

export const firstOfMonth = (date: string): string => `${date.slice(0, 7)}-01`

/** The first of the month `months` months after the month of `date`. */
export const addMonths = (date: string, months: number): string => {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`
}

/** `count` consecutive dates from `first`. */
export const datesFrom = (first: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => addCalendarDays(first, index))

export const isWeekend = (date: string): boolean => ['sat', 'sun'].includes(weekdayOf(date))

export { addCalendarDays, localDateOf, zonedEpoch }
