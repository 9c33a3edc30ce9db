import { addCalendarDays, addMonths, datesFrom, firstOfMonth, startOfWeek } from '../shared/calendar-dates.js'

/** The calendar's ways of showing reservations; `list` is Payload's own table. */
export const CALENDAR_MODES = ['month', 'week', 'day', 'lanes', 'pending', 'list'] as const

export type CalendarMode = (typeof CALENDAR_MODES)[number]

export const isCalendarMode = (value: unknown): value is CalendarMode =>
  typeof value === 'string' && (CALENDAR_MODES as readonly string[]).includes(value)

/** Modes laid out on dates, which have a date to navigate. */
export type DatedMode = Exclude<CalendarMode, 'list' | 'pending'>

export const isDatedMode = (mode: CalendarMode): mode is DatedMode => mode !== 'list' && mode !== 'pending'

/**
 * How many days the week shows on a narrow screen, from its date on, as Google Calendar's phone
 * app does: seven columns would not fit side by side.
 */
export const NARROW_WEEK_DAYS = 3

/** The dates a mode shows around `date`: six whole weeks, one week (three days from it when narrow), or the day. */
export const datesShown = (mode: DatedMode, date: string, narrow: boolean): string[] => {
  switch (mode) {
    case 'month':
      return datesFrom(startOfWeek(firstOfMonth(date)), 42)
    case 'week':
      return narrow ? datesFrom(date, NARROW_WEEK_DAYS) : datesFrom(startOfWeek(date), 7)
    default:
      return [date]
  }
}

/** The date one page before (`-1`) or after (`1`) in a mode. */
export const stepDate = (mode: DatedMode, date: string, direction: -1 | 1, narrow: boolean): string => {
  switch (mode) {
    case 'month':
      return addMonths(date, direction)
    case 'week':
      return addCalendarDays(date, (narrow ? NARROW_WEEK_DAYS : 7) * direction)
    default:
      return addCalendarDays(date, direction)
  }
}
