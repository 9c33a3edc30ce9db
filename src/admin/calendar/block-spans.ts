import type { ReservationRecord } from '../../contract/http.js'

import { MIN_CELL_MINUTES } from './grid-scale.js'

export interface BlockSpan {
  end: number
  id: string
  reservation: ReservationRecord
  start: number
}

/**
 * The part of each reservation a column of `[top, bottom)` shows. One without an end lasts a
 * cell; none is shorter than the smallest cell, so each stays clickable.
 */
export const blockSpans = (
  reservations: ReservationRecord[],
  top: number,
  bottom: number,
  cellMinutes: number,
): BlockSpan[] =>
  reservations.map((reservation) => {
    const start = Math.max(top, Date.parse(reservation.startTime))
    const end = Math.min(bottom, reservation.endTime ? Date.parse(reservation.endTime) : start + cellMinutes * 60_000)
    return { end: Math.max(end, start + MIN_CELL_MINUTES * 60_000), id: reservation.id, reservation, start }
  })
