import type { ReservationRecord } from '../../contract/http.js'
import type { DraggedReservation } from './use-move-reservation.js'

import { bookerLabel, relatedId, relatedName } from '../shared/related.js'
import { type MovedService, movedServiceOf } from './lane-refusal.js'

/** The drag's own type, so a drop of anything else (text, a file) is not taken for a booking. */
const DRAG_TYPE = 'application/x-reserve-ledger-reservation'
/**
 * A second type names the booking's service, hex-encoded (types are lower-cased): a lane reads
 * it while the drag is over it, when the data itself is not readable yet.
 */
const SERVICE_TYPE = 'application/x-reserve-ledger-service-'

const toHex = (text: string): string => [...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')

const fromHex = (hex: string): string => new TextDecoder().decode(new Uint8Array((hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16))))

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
  const service = movedServiceOf(reservation)
  if (service !== null) {
    event.dataTransfer.setData(`${SERVICE_TYPE}${toHex(JSON.stringify(service))}`, '1')
  }
}

/** The service of the reservation a drag carries, readable while it is over the grid; null when not told. */
export const draggedService = (event: React.DragEvent<HTMLElement>): MovedService | null => {
  const type = event.dataTransfer.types.find((one) => one.startsWith(SERVICE_TYPE))
  return type ? (JSON.parse(fromHex(type.slice(SERVICE_TYPE.length))) as MovedService) : null
}

/** Whether a drag over the grid carries a reservation (its data is readable only on drop). */
export const carriesReservation = (event: React.DragEvent<HTMLElement>): boolean =>
  event.dataTransfer.types.includes(DRAG_TYPE)

/** The reservation a drop carries, or null for anything else. */
export const droppedReservation = (event: React.DragEvent<HTMLElement>): Drag | null => {
  const data = event.dataTransfer.getData(DRAG_TYPE)
  return data ? (JSON.parse(data) as Drag) : null
}
