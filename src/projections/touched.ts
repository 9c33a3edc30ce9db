import type { RecordedEvent, ReservationEvent } from '../events/types.js'

import { isReservationEvent, isResourceEvent, isWaitlistEvent, WAITLIST_STREAM_PREFIX } from '../events/types.js'

/** The reservations a run of events touched, the month streams where their claims changed, and the waitlist entries. */
export class Touched {
  /**
   * The record time (epoch ms) a reservation's newest event must not pass for catch-up to
   * project it or deliver its hooks: a younger event's writer is still at work, perhaps in
   * another process, and that event touches the reservation again in a later run.
   */
  constructor(readonly settledBefore = Number.POSITIVE_INFINITY) {}

  readonly claims = new Map<string, Set<string>>()
  /** The reservation events of the run, in position order (for the webhook outbox). */
  readonly events: RecordedEvent<ReservationEvent>[] = []
  readonly reservations = new Set<string>()
  /** The waitlist entries whose streams the run touched. */
  readonly waitlist = new Set<string>()

  add(event: RecordedEvent): void {
    if (isReservationEvent(event)) {
      this.events.push(event)
      this.reservations.add(event.data.reservationId)
    } else if (isResourceEvent(event)) {
      const streams = this.claims.get(event.data.reservationId) ?? new Set<string>()
      streams.add(event.stream)
      this.claims.set(event.data.reservationId, streams)
    } else if (isWaitlistEvent(event)) {
      this.waitlist.add(event.stream.slice(WAITLIST_STREAM_PREFIX.length))
    }
  }
}
