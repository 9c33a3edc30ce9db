import type { ReservationRecord } from '../../contract/http.js'

import { dayBounds } from './calendar-dates.js'

/** The times of a reservation, or of a free slot read as one. */
export type TimeRange = Pick<ReservationRecord, 'endTime' | 'startTime'>

/** Whether a reservation takes the whole of a local day: it shows as "all day", not by hours. */
export const coversDay = (reservation: TimeRange, date: string, timeZone: string): boolean => {
  const day = dayBounds(date, timeZone)
  const to = reservation.endTime ? Date.parse(reservation.endTime) : Date.parse(reservation.startTime)
  return Date.parse(reservation.startTime) <= day.start && to >= day.end
}
