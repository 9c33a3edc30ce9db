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
  /** How far the run reached in each month stream (its newest event's revision there). */
  readonly months = new Map<string, number>()
  /** The reservation events of the run, in position order (for the webhook outbox). */
  readonly events: RecordedEvent<ReservationEvent>[] = []
  readonly reservations = new Set<string>()
  /**
   * Reservations the documents handler found projected, hooks delivered, at their newest event
   * of the run (`ReservationsProjector.upToDate`): the hooks handler leaves them alone.
   */
  readonly upToDate = new Set<string>()
  /** The waitlist entries whose streams the run touched. */
  readonly waitlist = new Set<string>()

  private readonly streams = new Map<string, RecordedEvent<ReservationEvent>[]>()

  add(event: RecordedEvent): void {
    if (isReservationEvent(event)) {
      this.events.push(event)
      this.reservations.add(event.data.reservationId)
      const stream = this.streams.get(event.data.reservationId) ?? []
      stream.push(event)
      this.streams.set(event.data.reservationId, stream)
    } else if (isResourceEvent(event)) {
      this.addClaims(event.data.reservationId, new Map([[event.stream, event.revision]]))
    } else if (isWaitlistEvent(event)) {
      this.waitlist.add(event.stream.slice(WAITLIST_STREAM_PREFIX.length))
    }
  }

  /**
   * Month streams where a claim of the reservation was seen (by this run, or by one that put
   * it off to this one), with the revision of the event that showed it there.
   */
  addClaims(reservationId: string, seenAt: ReadonlyMap<string, number>): void {
    const streams = this.claims.get(reservationId) ?? new Set<string>()
    for (const [stream, revision] of seenAt) {
      streams.add(stream)
      this.months.set(stream, Math.max(revision, this.months.get(stream) ?? -1))
    }
    this.claims.set(reservationId, streams)
  }

  /**
   * Takes out, and returns, the claims of reservations the run has no event of whose own
   * events are `coming` in a later run: they are checked there, with those events.
   */
  deferClaims(coming: ReadonlySet<string>): Map<string, Map<string, number>> {
    const deferred = new Map<string, Map<string, number>>()
    for (const [reservationId, streams] of this.claims) {
      if (coming.has(reservationId) && !this.reservations.has(reservationId)) {
        deferred.set(reservationId, new Map([...streams].map((stream) => [stream, this.months.get(stream) ?? -1])))
        this.claims.delete(reservationId)
      }
    }
    return deferred
  }

  /**
   * A reservation's events in the run where they are its whole stream up to the newest of them
   * (from its first event on, none missing), as a booking's run holds it: what a handler would
   * otherwise read. The stream may have moved on since; a handler relying on this must refuse
   * to act on it then (an expected revision, a document checkpoint).
   */
  wholeStream(reservationId: string): RecordedEvent<ReservationEvent>[] | undefined {
    const events = this.streams.get(reservationId)
    return events?.every((event, at) => event.revision === at) ? events : undefined
  }
}
