import type { Formatters } from './use-formatters.js'
import type { ReserveT } from './use-reserve-translation.js'

import { localDateOf } from './calendar-dates.js'
import { coversDay, type TimeRange } from './covers-day.js'

/** Whether a booking or slot takes the whole of the local day it starts on. */
export const isAllDay = (range: TimeRange, timeZone: string): boolean =>
  coversDay(range, localDateOf(Date.parse(range.startTime), timeZone), timeZone)

/** When a booking or slot is, by the clock: "All day" where it takes its whole first day, else start–end. */
export const timeSpan = (range: TimeRange, format: Formatters, t: ReserveT, timeZone: string): string => {
  if (isAllDay(range, timeZone)) {
    return t('allDay')
  }
  return range.endTime ? `${format.time(range.startTime)}–${format.time(range.endTime)}` : format.time(range.startTime)
}

/**
 * When a booking is, on its own without a page naming the zone (a document title, a list
 * cell): "Mon, Dec 7, 2026 · All day", or its start with the date and the zone.
 */
export const whenLabel = (range: TimeRange, format: Formatters, t: ReserveT, timeZone: string): string =>
  isAllDay(range, timeZone) ? allDayLabel(range, format, t) : format.weekdayDateTimeZone(range.startTime)

/** A full-day booking by its day: "Mon, Dec 7, 2026 · All day". */
export const allDayLabel = (range: TimeRange, format: Formatters, t: ReserveT): string =>
  `${format.dayOf(range.startTime)} · ${t('allDay')}`
