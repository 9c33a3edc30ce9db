/**
 * The ledger's events: two kinds of stream, each a discriminated union.
 *
 * - Capacity streams (`reserve-resource-<id>-<YYYY-MM>`) hold every claim and release of capacity on
 *   one resource reaching into one UTC month. Their revision is the optimistic-concurrency token
 *   of a booking.
 * - Reservation streams (`reserve-reservation-<id>`) hold the life of one reservation; their
 *   metadata (actor, time, reason) is the audit trail.
 *
 * Times inside claims are epoch milliseconds (the hot path); user-facing times are ISO strings.
 */

export const EVENT_SCHEMA_VERSION = 1

export type Actor =
  | { kind: 'guest' }
  | { kind: 'system'; name: string }
  | { collection: string; id: string; kind: 'user' }

export interface EventMetadata {
  actor: Actor
  /** Time the command was decided (ISO 8601, UTC). */
  at: string
  /** The reservation the event belongs to (correlation id across streams). */
  correlationId: string
  /** SHA-256 of the event in its stream's hash chain (`hash-chain/event-hash.ts`); absent on events written before it. */
  hash?: string
  /** The hash of the stream's previous event, `null` on revision 0. */
  previousHash?: null | string
  reason?: string
  requestId?: string
  schemaVersion: number
}

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
 * Who placed a hold, and so who may turn it into a booking: a signed-in user, a guest proving it
 * with the hold token (only its SHA-256 digest is stored, as for the cancellation token), or
 * server code.
 */
export type HoldHolder =
  | { collection: string; id: string; kind: 'user' }
  | { kind: 'guest'; tokenHash: string }
  | { kind: 'system' }

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

/**
 * Capacity one operation added to a reservation's claim, on stores that claim one stream at a
 * time: a failed operation then releases only its own hold, and a committed one only the holds
 * of operations decided before it, so two processes changing one reservation at once cannot
 * undo each other's claims.
 */
export interface ClaimHold {
  /** Revision of the reservation stream the operation decided on; it commits right after it. */
  after: number
  intervals: Interval[]
  operation: string
}

export interface CapacityClaimed {
  /** `intervals` is everything the reservation holds; `holds` splits it by operation, where present. */
  data: { holds?: ClaimHold[]; intervals: Interval[]; reservationId: string }
  type: 'CapacityClaimed'
}

export interface CapacityReleased {
  data: { reservationId: string }
  type: 'CapacityReleased'
}

export type ResourceEvent = CapacityClaimed | CapacityReleased

/**
 * The last event of a resource stream in the first layout (`reserve-resource-<id>`, one
 * stream per resource): `npx payload reserve:ledger migrate` recorded its claims in the month streams,
 * and decisions read those from now on. A resource whose old stream lacks it is refused. Like
 * `LedgerCheckpointed`, it belongs to no reservation, so it is not in the `LedgerEvent` union.
 */
export interface CapacityMovedToMonths {
  data: { months: string[]; resourceId: string }
  type: 'CapacityMovedToMonths'
}

/**
 * The first and only event of an idempotency stream (`reserve-idempotency-<sha256 of key>`):
 * appending it at revision 0 is what makes two concurrent bookings with one key create one
 * reservation.
 */
export interface IdempotencyKeyUsed {
  data: { reservationId: string }
  type: 'IdempotencyKeyUsed'
}

/** A stream's head as a checkpoint lists it: its last revision and that event's hash. */
export interface StreamHead {
  hash: string
  revision: number
  stream: string
}

/**
 * A checkpoint of the hash chains (the only event type of `reserve-checkpoints`): the heads of
 * the streams that changed since the checkpoints before it. Folded, the checkpoints tell every
 * stream's head, so a stream deleted or cut short since is found missing. Not a `LedgerEvent`:
 * those all belong to a reservation, and the deciders and projections never see this one.
 */
export interface LedgerCheckpointed {
  data: { heads: StreamHead[] }
  type: 'LedgerCheckpointed'
}

/**
 * An event of a holder stream (`reserve-holder-<sha256 of the holder>`): a hold this caller
 * placed. Appended with the hold at the stream's expected revision, so two concurrent holds by
 * one caller cannot both pass the limit of live holds per caller.
 */
export interface HoldPlaced {
  data: { expiresAt: string; reservationId: string }
  type: 'HoldPlaced'
}

/**
 * Revision 0 of a waitlist stream (`reserve-waitlist-<entryId>`): someone wants the service
 * (on `resource`, or on any resource offering it when null) at a time within `[from, to)`, which
 * had no room when they asked. `owner` is who may take it back: the signed-in user, or a guest by
 * the SHA-256 of the token the 201 carried once. `customer` or `guest` is the contact an offer
 * goes to; `joinedAt` (the metadata's `at` too) orders the waiting line.
 */
export interface WaitlistJoined {
  data: {
    customer: null | RelationId
    entryId: string
    /** ISO 8601: the earliest start wanted. */
    from: string
    guest: Guest | null
    guestCount: number
    owner: HoldHolder
    /** Null: any resource that offers the service. */
    resource: null | RelationId
    service: RelationId
    /** Multi-tenant sites: the tenant of the entry's service (resource), fixed at joining; absent elsewhere. */
    tenant?: null | RelationId
    /** ISO 8601: the latest end wanted; the entry expires then. */
    to: string
  }
  type: 'WaitlistJoined'
}

/** Capacity that fits the entry was freed and held for its contact: `holdId` until `expiresAt`. */
export interface WaitlistOffered {
  data: { entryId: string; expiresAt: string; holdId: string; resource: RelationId; startTime: string }
  type: 'WaitlistOffered'
}

/** The entry taken back by whoever joined it, or by staff, before any offer. */
export interface WaitlistLeft {
  data: { entryId: string }
  type: 'WaitlistLeft'
}

/** The entry reached the end of its range without an offer. */
export interface WaitlistExpired {
  data: { entryId: string }
  type: 'WaitlistExpired'
}

/**
 * An event of a waitlister stream (`reserve-waitlister-<sha256 of the contact>`): an entry joined
 * for this contact, waiting at most until `to`. Appended with the entry at the stream's expected
 * revision, so two concurrent joins for one contact cannot both pass the limit of waiting entries.
 */
export interface WaitlistEntryCounted {
  data: { entryId: string; to: string }
  type: 'WaitlistEntryCounted'
}

/**
 * The events of waitlist streams. Not `LedgerEvent`s, like `LedgerCheckpointed`: those all belong
 * to a reservation, and the reservation deciders, projections, catch-up handlers and the outbox
 * never look at these (they select reservation and resource streams by prefix).
 */
export type WaitlistEvent = WaitlistExpired | WaitlistJoined | WaitlistLeft | WaitlistOffered

export type LedgerEvent = HoldPlaced | IdempotencyKeyUsed | ReservationEvent | ResourceEvent

/** An event to append: the store assigns its id, revision, position and record time. */
export type NewEvent<E extends LedgerEvent = LedgerEvent> = E & { metadata: EventMetadata }

/** An event as committed to a stream. */
export type RecordedEvent<E extends LedgerEvent = LedgerEvent> = {
  eventId: string
  metadata: EventMetadata
  /** Global order key of the store, comparable as a string within one store. */
  position: string
  /** Time the store committed it (ISO 8601). */
  recordedAt: string
  /** 0-based revision within the stream. */
  revision: number
  stream: string
} & E

/** Every ledger stream's name starts with this, in a store the ledger may share. */
export const LEDGER_STREAM_PREFIX = 'reserve-'
export const RESOURCE_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}resource-`
export const RESERVATION_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}reservation-`
export const IDEMPOTENCY_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}idempotency-`
export const HOLDER_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}holder-`
export const WAITLIST_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}waitlist-`
/** Not a waitlist stream: `reserve-waitlister-` does not start with `reserve-waitlist-`. */
export const WAITLISTER_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}waitlister-`
/** The one stream of hash-chain checkpoints. */
export const CHECKPOINT_STREAM = `${LEDGER_STREAM_PREFIX}checkpoints`

/** A resource's one capacity stream in the first layout; see `capacity-streams.ts` for today's. */
export const resourceStream = (resourceId: string): string => `${RESOURCE_STREAM_PREFIX}${resourceId}`
export const reservationStream = (reservationId: string): string =>
  `${RESERVATION_STREAM_PREFIX}${reservationId}`

export const waitlistStream = (entryId: string): string => `${WAITLIST_STREAM_PREFIX}${entryId}`

export const isWaitlistEvent = (event: RecordedEvent): boolean => event.stream.startsWith(WAITLIST_STREAM_PREFIX)

export const isReservationEvent = (event: RecordedEvent): event is RecordedEvent<ReservationEvent> =>
  event.stream.startsWith(RESERVATION_STREAM_PREFIX)

/** Whether an event is the mark of a first-layout resource stream whose claims were moved to month streams. */
export const isMovedToMonths = (event: RecordedEvent | undefined): boolean =>
  (event?.type as string | undefined) === 'CapacityMovedToMonths'

export const isResourceEvent = (event: RecordedEvent): event is RecordedEvent<ResourceEvent> =>
  event.stream.startsWith(RESOURCE_STREAM_PREFIX) && !isMovedToMonths(event)
