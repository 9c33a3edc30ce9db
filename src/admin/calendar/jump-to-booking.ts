import type { ReservationRecord } from '../../contract/http.js'
import type { CalendarMode } from './modes.js'

import { localDateOf } from '../shared/calendar-dates.js'
import { relatedId, usesResource } from '../shared/related.js'

export interface JumpTarget {
  date: string
  mode: CalendarMode
  resource: null | string
}

/**
 * Where the calendar goes to show a booking: its local day in the calendar's zone, in the mode it
 * is in where that mode draws each booking on its day (week, day, lanes), else the day; and off a
 * resource filter that would hide it.
 */
export const jumpTarget = (
  reservation: ReservationRecord,
  page: { mode: CalendarMode; resource: null | string },
  timeZone: string,
): JumpTarget => {
  const mode = page.mode === 'week' || page.mode === 'day' || page.mode === 'lanes' ? page.mode : 'day'
  const hidden = page.resource !== null && !usesResource(reservation, page.resource)
  const primary = relatedId(reservation.resource)
  return {
    date: localDateOf(Date.parse(reservation.startTime), timeZone),
    mode,
    resource: hidden && primary !== null ? String(primary) : page.resource,
  }
}
