import type { ReservationRecord } from '../../plugin/http/contract.js'
import type { DraggedReservation } from './use-move-reservation.js'

import { bookerLabel, relatedId, relatedName } from '../shared/related.js'

/** The drag's own type, so a drop of anything else (text, a file) is not taken for a booking. */
const DRAG_TYPE = 'application/x-reserve-ledger-reservation'

interface Drag {
  dragged: DraggedReservation
  /** Pixels from the block's top to where it was grabbed: the block's top lands where it is dropped. */
  grab: number
}

/** What a move needs of a reservation, and what its toast names. */
export const draggedOf = (reservation: ReservationRecord): DraggedReservation => ({
  endTime: reservation.endTime ?? null,
  id: reservation.id,
  name: bookerLabel(reservation) ?? relatedName(reservation.service),
  resource: relatedId(reservation.resource),
  resourceName: relatedName(reservation.resource),
  startTime: reservation.startTime,
})

/** Starts dragging a reservation's block. */
export const startDrag = (event: React.DragEvent<HTMLElement>, reservation: ReservationRecord): void => {
  const drag: Drag = {
    dragged: draggedOf(reservation),
    grab: event.clientY - event.currentTarget.getBoundingClientRect().top,
  }
  event.dataTransfer.effectAllowed = 'move'
  event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(drag))
}

/** Whether a drag over the grid carries a reservation (its data is readable only on drop). */
export const carriesReservation = (event: React.DragEvent<HTMLElement>): boolean =>
  event.dataTransfer.types.includes(DRAG_TYPE)

/** The reservation a drop carries, or null for anything else. */
export const droppedReservation = (event: React.DragEvent<HTMLElement>): Drag | null => {
  const data = event.dataTransfer.getData(DRAG_TYPE)
  return data ? (JSON.parse(data) as Drag) : null
}
