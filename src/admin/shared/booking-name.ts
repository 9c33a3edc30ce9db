import type { ReservationRecord } from '../../contract/http.js'
import type { Formatters } from './use-formatters.js'
import type { ReserveT } from './use-reserve-translation.js'

import { bookerLabel, relatedName } from './related.js'

/** A reservation in a sentence: who (or what) and when, as a toast names it. */
export const bookingName = (reservation: ReservationRecord, format: Formatters, t: ReserveT): string =>
  `${bookerLabel(reservation) ?? relatedName(reservation.service) ?? t('reservation')}, ${format.dateTime(reservation.startTime)}`
