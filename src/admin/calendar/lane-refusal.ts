import type { RecordId, ReservationRecord, ResourceRecord } from '../../contract/http.js'
import type { ReserveT } from '../shared/use-reserve-translation.js'

import { offersService } from '../../contract/offers-service.js'
import { relatedId, relatedName } from '../shared/related.js'

/** The service of a booking being moved, as a lane judges it. */
export interface MovedService {
  id: RecordId
  name: null | string
}

/** The reservation's service as a lane judges it; null when it has none. */
export const movedServiceOf = (reservation: ReservationRecord): MovedService | null => {
  const id = relatedId(reservation.service)
  return id === null ? null : { id, name: relatedName(reservation.service) }
}

/**
 * Why a booking of `service` cannot land in `resource`'s lane, in words ("Seminar room does not
 * offer Consultation"), by the server's own rule (`offersService`); null where it may. A column
 * of all resources keeps the booking's resource, so only the server decides there.
 */
export const laneRefusal = (resource: null | ResourceRecord, service: MovedService | null, t: ReserveT): null | string => {
  if (resource === null || service === null) {
    return null
  }
  const offered = (resource.services ?? []).map(relatedId).filter((id) => id !== null)
  return offersService(offered, service.id) ? null : t('laneNotOffered', { resource: resource.name ?? String(resource.id), service: service.name ?? String(service.id) })
}
