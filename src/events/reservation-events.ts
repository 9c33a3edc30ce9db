import type { BookingPlan, Guest, HoldHolder, RelationId, SiteFields } from './values.js'

/**
 * The events of reservation streams (`reserve-reservation-<id>`): the life of one reservation,
 * from a hold or booking to its end. Their metadata (actor, time, reason) is the audit trail.
 */

/** A reservation as its stream tells it at some revision (what a void restores). */
export interface ReservationSnapshot extends BookingPlan {
  cancellationTokenHash: null | string
  createdAt: string
  customer: null | RelationId
  /** The site's own fields; absent where it has none. */
  fields?: SiteFields
  guest: Guest | null
  id: string
  idempotencyKey: null | string
  notes: null | string
  /** The series a recurring booking made it part of (`ReservationBooked.data.seriesId`); absent elsewhere. */
  seriesId?: null | string
  status: string
  /** The tenant of a multi-tenant site the reservation belongs to, fixed at booking; absent elsewhere. */
  tenant?: null | RelationId
  updatedAt: string
}

export interface ReservationBooked {
  data: {
    cancellationTokenHash?: null | string
    customer?: null | RelationId
    /** The site's own fields, as the document was saved with them. */
    fields?: SiteFields
    guest?: Guest | null
    idempotencyKey?: null | string
    notes?: null | string
    reservationId: string
    /** One id for every occurrence a recurring booking made (docs/ARCHITECTURE.md, "Recurring bookings"). */
    seriesId?: null | string
    status: string
    /** Multi-tenant sites: the tenant of the booking's records (docs/ARCHITECTURE.md, "Tenancy"). */
    tenant?: null | RelationId
  } & BookingPlan
  type: 'ReservationBooked'
}

/**
 * The first event of a reservation that existed before its ledger: a document of a reservations
 * collection adopted by `payload reserve:adopt` (from payload-reserve, or any collection with these
 * field names). Folded like a booking, with the document's own time stamps; its metadata's `at` is
 * the document's `createdAt`. `overCapacity` names the reservations it overlapped beyond the
 * resource's capacity when adopted: its claim is recorded anyway (it stands, and its time must not
 * be offered again) and staff resolve the overlap. No host hook fires for it.
 */
export interface ReservationAdopted {
  data: {
    cancellationTokenHash?: null | string
    /** The collection the document was adopted from. */
    collection: string
    createdAt: string
    customer?: null | RelationId
    /** The site's own fields, as the document had them. */
    fields?: SiteFields
    guest?: Guest | null
    idempotencyKey?: null | string
    notes?: null | string
    overCapacity?: string[]
    reservationId: string
    status: string
    updatedAt: string
  } & BookingPlan
  type: 'ReservationAdopted'
}

export interface ReservationStatusChanged {
  data: { from: string; reservationId: string; to: string }
  type: 'ReservationStatusChanged'
}

/** A schedule without its claims, which follow from it: what a move's `previous` holds. */
export type ScheduleFields = Omit<BookingPlan, 'claims'>

/**
 * A move or any other change of the plan (times, resource, service, items, guest count): the
 * new plan, and in `previous` the schedule before it (the audit trail's "old → new"). Events
 * written by older versions have no `previous`; a fold of the stream up to the event tells it.
 */
export interface ReservationRescheduled {
  data: { previous?: ScheduleFields; reservationId: string } & BookingPlan
  type: 'ReservationRescheduled'
}

/**
 * The details of a reservation that are not its schedule or status: each field is optional.
 * `fields` names only the site's fields that changed (in `previous`, their old values, null
 * where unset); the others keep their values.
 */
export interface ReservationDetails {
  customer?: null | RelationId
  fields?: SiteFields
  guest?: Guest | null
  notes?: null | string
}

/**
 * Details that changed: `changes` holds the new value of each changed field, `previous` its old
 * value, with the same keys (the audit trail's "old → new"). Events written by older versions
 * have no `previous`; a fold of the stream up to the event tells it.
 */
export interface ReservationDetailsUpdated {
  data: {
    changes: ReservationDetails
    previous?: ReservationDetails
    reservationId: string
  }
  type: 'ReservationDetailsUpdated'
}

export interface ReservationDeleted {
  data: { reservationId: string }
  type: 'ReservationDeleted'
}

/**
 * Written by recovery on a reservation stream that never got its `ReservationBooked`
 * (a crash between claiming capacity and booking). It occupies revision 0, so a booker that
 * is merely slow loses the race cleanly instead of booking on a released claim.
 */
export interface ReservationAbandoned {
  data: { reservationId: string }
  type: 'ReservationAbandoned'
}

/**
 * Written by recovery before it trims claims a crash left behind, so that a writer still in
 * flight on this reservation fails its append and retries. Changes nothing else.
 */
export interface ReservationClaimsReconciled {
  data: { reservationId: string }
  type: 'ReservationClaimsReconciled'
}

/**
 * What a void restores: the snapshot without the guest token's digest. A reservation's token
 * never changes, so folding keeps the digest its stream already has; only `ReservationBooked`
 * carries it, and no other event may spell it out again. (Files exported before this may hold
 * it here too; folding ignores it when the stream has its own.)
 */
export type RestoredSnapshot = Omit<ReservationSnapshot, 'cancellationTokenHash'>

/**
 * Takes back the events of a write whose request failed after they were appended (the document
 * could not be saved, a later hook threw): the reservation is again what it was before them
 * (`restores`), or, for a booking, never was (`null`). Events from revision `voidsFrom` up to
 * this one fire no host hook; `reason` keeps the error for the audit trail.
 */
export interface ReservationWriteVoided {
  data: { reason: string; reservationId: string; restores: null | RestoredSnapshot; voidsFrom: number }
  type: 'ReservationWriteVoided'
}

/**
 * Revision 0 of a reservation stream whose capacity is held while a customer checks out: the
 * plan is claimed like a booking's until `expiresAt`. A `ReservationBooked` on the same stream
 * turns it into the reservation (its claim stays, so the booking competes with no one);
 * `HoldExpired` or `HoldReleased` end it and release the claim. No document, no host hook.
 */
export interface ReservationHeld {
  data: {
    customer?: null | RelationId
    /** ISO 8601: from this instant the hold may be expired and its capacity is free again. */
    expiresAt: string
    guest?: Guest | null
    holder: HoldHolder
    reservationId: string
    tenant?: null | RelationId
  } & BookingPlan
  type: 'ReservationHeld'
}

/** A hold that reached its `expiresAt` without being booked: its capacity is released. */
export interface HoldExpired {
  data: { reservationId: string }
  type: 'HoldExpired'
}

/** A hold given up before its expiry by its holder or by staff: its capacity is released. */
export interface HoldReleased {
  data: { reservationId: string }
  type: 'HoldReleased'
}

export type ReservationEvent =
  | HoldExpired
  | HoldReleased
  | ReservationHeld
  | ReservationAbandoned
  | ReservationAdopted
  | ReservationClaimsReconciled
  | ReservationBooked
  | ReservationDeleted
  | ReservationDetailsUpdated
  | ReservationRescheduled
  | ReservationStatusChanged
  | ReservationWriteVoided
