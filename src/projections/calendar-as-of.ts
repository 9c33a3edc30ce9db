import type { Interval, RecordedEvent, ReservationEvent, ResourceEvent } from '../events/types.js'

import { foldReservation } from '../commands/reservation-state.js'

/** What one reservation held on a resource at an instant, and what it was then. */
export interface HeldAsOf {
  intervals: Interval[]
  reservationId: string
}

/** Events the store had committed by `at` (epoch ms): the ledger as anyone could have read it then. */
export const committedBy = <E extends RecordedEvent>(events: E[], at: number): E[] => events.filter((event) => Date.parse(event.recordedAt) <= at)

/** The claims a resource's stream held at `at`: each reservation's latest claim, released ones gone. */
export const claimsAsOf = (resourceEvents: RecordedEvent<ResourceEvent>[], at: number): HeldAsOf[] => {
  const held = new Map<string, Interval[]>()
  for (const event of committedBy(resourceEvents, at)) {
    if (event.type === 'CapacityClaimed') {
      held.set(event.data.reservationId, event.data.intervals)
    } else {
      held.delete(event.data.reservationId)
    }
  }
  return [...held].map(([reservationId, intervals]) => ({ intervals, reservationId }))
}

/**
 * A reservation as its stream told it at `at`, with the revision it was at; null if it was not
 * a booking then (not yet, a hold, deleted, never landed).
 */
export const reservationAsOf = (events: RecordedEvent<ReservationEvent>[], at: number) => {
  const committed = committedBy(events, at)
  const state = foldReservation(committed)
  return state.kind === 'active' ? { reservation: state.reservation, revision: committed[committed.length - 1].revision } : null
}
