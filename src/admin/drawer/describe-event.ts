import type { HistoryEvent } from '../../contract/http.js'
import type { Formatters } from '../shared/use-formatters.js'
import type { ReserveT } from '../shared/use-reserve-translation.js'

import { statusLabel } from '../shared/status.js'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** What an event did, in a sentence. */
export const describeEvent = (
  event: HistoryEvent,
  { has, t }: { has: (key: string) => boolean; t: ReserveT },
  format: Formatters,
): string => {
  const status = (value: unknown) => statusLabel(text(value), t, has)
  switch (event.type) {
    case 'ReservationAdopted':
      return t('eventAdopted', { collection: text(event.data.collection), status: status(event.data.status) })
    case 'ReservationBooked':
      return t('eventBooked', { status: status(event.data.status) })
    case 'ReservationDeleted':
      return t('eventDeleted')
    case 'ReservationHeld':
      return t('eventHeld', { when: format.dateTime(text(event.data.expiresAt)) })
    case 'ReservationDetailsUpdated':
      return t('eventDetailsUpdated')
    case 'ReservationRescheduled':
      return t('eventRescheduled', { when: format.dateTime(text(event.data.startTime)) })
    case 'ReservationStatusChanged':
      return t('eventStatusChanged', { from: status(event.data.from), to: status(event.data.to) })
    default:
      // Bookkeeping events of recovery (abandoned claims and the like) read as their type.
      return event.type
  }
}
