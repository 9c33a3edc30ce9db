import type { ReservationRecord } from '../../plugin/http/contract.js'

import { dayBounds } from './calendar-dates.js'

/** Whether a reservation takes the whole of a local day: it shows as "all day", not by hours. */
export const coversDay = (reservation: ReservationRecord, date: string, timeZone: string): boolean => {
  const day = dayBounds(date, timeZone)
  const to = reservation.endTime ? Date.parse(reservation.endTime) : Date.parse(reservation.startTime)
  return Date.parse(reservation.startTime) <= day.start && to >= day.end
}
