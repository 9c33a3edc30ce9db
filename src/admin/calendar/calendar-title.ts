import type { Formatters } from '../shared/use-formatters.js'
import type { CalendarMode } from './modes.js'

import { isDatedMode } from './modes.js'

/** The heading of a calendar page: the month, the week's first and last dates, or the day. */
export const calendarTitle = (mode: CalendarMode, date: string, dates: string[], format: Formatters): string =>
  !isDatedMode(mode)
    ? ''
    : mode === 'month'
      ? format.month(date)
      : mode === 'week'
        ? `${format.shortDate(dates[0])} – ${format.shortDate(dates[dates.length - 1])}`
        : format.dateLong(date)
