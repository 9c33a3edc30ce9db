import type { EpochAvailability } from '../shared/capacity.js'
import type { ReservationRecord } from '../../contract/http.js'

import { dayBounds } from '../shared/calendar-dates.js'
import { coversDay } from '../shared/covers-day.js'

/** Minutes after local midnight that a time grid shows: `[start, end)`, whole hours. */
export interface TimeAxis {
  end: number
  start: number
}

/** Shown when nothing on the page says otherwise: a usual working day. */
const DEFAULT_AXIS: TimeAxis = { end: 18 * 60, start: 8 * 60 }

interface AxisColumn {
  availability: EpochAvailability | null
  date: string
  reservations: ReservationRecord[]
}

/**
 * The hours a time grid needs: the usual working day, widened to every shift and every
 * reservation on its columns (reservations lasting the whole day sit in the all-day row).
 */
export const timeAxisOf = (columns: AxisColumn[], timeZone: string): TimeAxis => {
  let start = DEFAULT_AXIS.start
  let end = DEFAULT_AXIS.end
  const widen = (from: number, to: number, dayStart: number, dayEnd: number): void => {
    const clippedFrom = Math.max(from, dayStart)
    const clippedTo = Math.min(to, dayEnd)
    if (clippedTo <= clippedFrom) {
      return
    }
    start = Math.min(start, (clippedFrom - dayStart) / 60_000)
    end = Math.max(end, (clippedTo - dayStart) / 60_000)
  }
  for (const column of columns) {
    const day = dayBounds(column.date, timeZone)
    for (const shift of column.availability?.shifts ?? []) {
      widen(shift.start, shift.end, day.start, day.end)
    }
    for (const reservation of column.reservations) {
      const from = Date.parse(reservation.startTime)
      const to = reservation.endTime ? Date.parse(reservation.endTime) : from
      if (!coversDay(reservation, column.date, timeZone)) {
        widen(from, to, day.start, day.end)
      }
    }
  }
  return { end: Math.min(24 * 60, Math.ceil(end / 60) * 60), start: Math.max(0, Math.floor(start / 60) * 60) }
}
