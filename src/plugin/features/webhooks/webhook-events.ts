import type { RecordedEvent, ReservationEvent } from '../../../events/types.js'
import type { ResolvedOptions } from '../../options.js'

export const WEBHOOK_EVENTS = ['booked', 'confirmed', 'cancelled', 'statusChanged', 'moved', 'detailsChanged', 'deleted'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/**
 * What a ledger event is to a webhook: a status change is `statusChanged` and, into the
 * confirm or cancel status, also `confirmed` or `cancelled`. Recovery's own events (voids,
 * abandoned bookings, claim fences) are not changes a subscriber acts on.
 */
export const webhookEventsOf = (event: RecordedEvent<ReservationEvent>, options: Pick<ResolvedOptions, 'cancelledStatus' | 'confirmedStatus'>): WebhookEvent[] => {
  switch (event.type) {
    case 'ReservationBooked':
      return ['booked']
    case 'ReservationDeleted':
      return ['deleted']
    case 'ReservationDetailsUpdated':
      return ['detailsChanged']
    case 'ReservationRescheduled':
      return ['moved']
    case 'ReservationStatusChanged':
      return [
        'statusChanged',
        ...(event.data.to === options.confirmedStatus ? (['confirmed'] as const) : []),
        ...(event.data.to === options.cancelledStatus ? (['cancelled'] as const) : []),
      ]
    default:
      return []
  }
}
