import type { ReservationRecord } from '../../contract/http.js'

/** Whether a reservation shows on a day: it overlaps it, or it has no end and starts in it. */
export const overlapsDay = (reservation: ReservationRecord, day: { end: number; start: number }): boolean => {
  const start = Date.parse(reservation.startTime)
  const end = reservation.endTime ? Date.parse(reservation.endTime) : start
  return start < day.end && (end > day.start || start >= day.start)
}
