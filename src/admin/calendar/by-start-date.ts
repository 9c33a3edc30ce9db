import type { ReservationRecord } from '../../contract/http.js'

import { localDateOf } from '../shared/calendar-dates.js'

/** Reservations grouped by the local date they start on, in their given order. */
export const byStartDate = (reservations: ReservationRecord[], timezone: string): Map<string, ReservationRecord[]> => {
  const byDate = new Map<string, ReservationRecord[]>()
  for (const reservation of reservations) {
    const date = localDateOf(Date.parse(reservation.startTime), timezone)
    byDate.set(date, [...(byDate.get(date) ?? []), reservation])
  }
  return byDate
}
