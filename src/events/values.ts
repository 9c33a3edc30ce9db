/**
 * The values events carry: intervals in epoch milliseconds (the hot path), a reservation's plan,
 * its people, and who holds a hold. User-facing times are ISO strings.
 */

/** A half-open blocked interval `[start, end)` in epoch ms taking `units` of capacity. */
export interface Interval {
  end: number
  start: number
  units: number
}

/** The capacity a reservation takes on one resource (its id as text: it names the stream). */
export interface ResourceClaim {
  intervals: Interval[]
  resource: string
}

/** A Payload relationship value: numeric on SQL databases by default, text elsewhere. */
export type RelationId = number | string

export interface Guest {
  email?: null | string
  name?: null | string
  phone?: null | string
}

export interface ReservationItem {
  endTime?: null | string
  guestCount?: null | number
  resource: RelationId
  service?: null | RelationId
  startTime?: null | string
}

/** Everything a reservation's schedule consists of: what is booked, where, when, for how many. */
export interface BookingPlan {
  claims: ResourceClaim[]
  endTime: string
  guestCount: number
  items: ReservationItem[]
  resource: RelationId
  service: RelationId
  startTime: string
}

/**
 * The values of the fields a site adds to reservations (`collectionOverrides.reservations.fields`,
 * or a plugin after this one), by top-level field name, as the database adapter stores them: a
 * localized value by locale, a date as ISO text, array rows with their ids. Events written before
 * sites' fields were recorded carry none: the reservation had none.
 */
export type SiteFields = Record<string, unknown>


/**
 * Who placed a hold, and so who may turn it into a booking: a signed-in user, a guest proving it
 * with the hold token (only its SHA-256 digest is stored, as for the cancellation token), or
 * server code.
 */
export type HoldHolder =
  | { collection: string; id: string; kind: 'user' }
  | { kind: 'guest'; tokenHash: string }
  | { kind: 'system' }
