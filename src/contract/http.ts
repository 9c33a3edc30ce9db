import type { StatusMachine } from './status-machine.js'
import type { RoleRules } from './roles/role-rules.js'

/**
 * The HTTP contract: the body of every response of the plugin's endpoints (`/api/reserve/*` and
 * `/api/reservation-customer-search`), success and refusal, and the shapes the admin components
 * read from the REST API of the plugin's collections. The endpoints build their bodies with
 * `satisfies` these types, the admin imports them, and a test holds the OpenAPI document
 * (`endpoints/openapi-document.ts`) against them. Type-only, so the admin may import it.
 * Times are ISO 8601 strings in UTC. See docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)".
 */

export type RecordId = number | string

export interface TimeRange {
  end: string
  start: string
}

export interface BusyInterval extends TimeRange {
  units: number
}

/** A live hold as the calendar acts on it: released by its holder or privileged staff, booked by its holder (`mine`). */
export interface HoldDetails {
  expiresAt: string
  holdId: string
  /** The caller placed it, so may book it (`POST /api/reserve/book` with `holdId`). */
  mine?: true
}

/**
 * Busy time of a resource-availability answer: booked, or `hold` while a customer checks out
 * (`POST /api/reserve/holds`); a hold carries its details for privileged staff and its holder.
 */
export interface ResourceBusy extends BusyInterval, Partial<HoldDetails> {
  hold?: true
}

/** Time the resource is busy elsewhere (a calendar feed, the site's resolver); the label only for privileged staff. */
export interface ExternalBusy extends TimeRange {
  label?: string
}

export interface TimeOff extends TimeRange {
  reason?: string
  type?: string
}

export interface AvailabilityDay {
  date: string
  shiftWindows: TimeRange[]
  timeOff: TimeOff[]
}

/** GET /api/reserve/resource-availability */
export interface ResourceAvailability {
  busy: ResourceBusy[]
  capacityMode: 'per-guest' | 'per-reservation'
  days: AvailabilityDay[]
  /** Busy elsewhere: the whole resource is taken there. */
  external: ExternalBusy[]
  quantity: number
  requiredPools: { busy: BusyInterval[]; quantity: number }[]
}

/** One item of a hold's schedule, as the booking it becomes would have it. */
export interface HoldItem {
  endTime?: null | string
  guestCount?: null | number
  resource: RecordId
  service?: null | RecordId
  startTime?: null | string
}

/** POST /api/reserve/holds: the hold, its schedule, and for a guest the token that proves it theirs. */
export interface HoldResponse {
  endTime: string
  expiresAt: string
  guestCount: number
  holdId: string
  /** Guests only: present it as `holdToken` to book or release the hold. Sent once, never stored. */
  holdToken?: string
  items: HoldItem[]
  resource: RecordId
  service: RecordId
  startTime: string
}

/** DELETE /api/reserve/holds/{id}: the hold has ended (now, or before: released or expired). */
export interface HoldReleaseResponse {
  holdId: string
  status: 'expired' | 'released'
}

/** POST /api/reserve/waitlist: the entry recorded, waiting for capacity that fits it. */
export interface WaitlistEntryResponse {
  entryId: string
  from: string
  guestCount: number
  /** Null: any resource that offers the service. */
  resource: null | RecordId
  service: RecordId
  status: 'waiting'
  to: string
  /** Guests only: present it as `token` to leave the waitlist. Sent once, never stored. */
  token?: string
}

/** DELETE /api/reserve/waitlist/{id}: the entry has ended (now, or before: left or expired). */
export interface WaitlistLeaveResponse {
  entryId: string
  status: 'expired' | 'left'
}

/** The answer of POST /api/reserve/waitlist/{id}/offer: the hold placed for the entry. */
export interface WaitlistOfferResponse {
  entryId: string
  expiresAt: string
  holdId: string
  resource: RecordId
  startTime: string
  status: 'offered'
}

/** One entry of GET /api/reserve/waitlist, for staff. */
export interface WaitlistEntryRecord {
  customer: null | string
  entryId: string
  from: string
  guestCount: number
  guestName: null | string
  /** The hold an offer placed, once offered. */
  holdId: null | string
  joinedAt: string
  /** While the offer's hold is live: when it expires unless booked; null before an offer and once the hold was booked, released or expired. */
  offerExpiresAt: null | string
  offeredStart: null | string
  resource: null | string
  service: string
  status: 'expired' | 'left' | 'offered' | 'waiting'
  to: string
}

/** GET /api/reserve/waitlist: the entries whose range overlaps `[start, end)`, oldest first. */
export interface WaitlistListResponse {
  entries: WaitlistEntryRecord[]
}

/** GET /api/reserve/availability */
export interface AvailabilityResponse {
  slots: TimeRange[]
}

/** GET /api/reserve/slots: the date and the clamped guestCount echoed. */
export interface SlotsResponse {
  date: string
  guestCount: number
  slots: TimeRange[]
}

/** A customer as the search answers it: id, email, and the name fields the collection has (null when empty). */
export interface CustomerHit {
  email: string
  firstName?: null | string
  id: RecordId
  lastName?: null | string
  name?: null | string
  phone?: null | string
}

/** GET /api/reservation-customer-search */
export interface CustomerSearchResponse {
  docs: CustomerHit[]
  hasNextPage: boolean
  totalDocs: number
}

/** Who caused a ledger event. */
export type HistoryActor =
  { collection: string; id: RecordId; kind: 'user' } | { kind: 'guest' } | { kind: 'system'; name: string }

/** A field of a reservation whose old and new values the history tells. */
export type HistoryField =
  | 'customer'
  | 'endTime'
  | 'guest'
  | 'guestCount'
  | 'items'
  | 'notes'
  | 'resource'
  | 'service'
  | 'startTime'
  | 'status'

/** One field an event changed: its value before and after (null where unset; relations as ids). */
export interface HistoryChange {
  /** A field the site added to reservations reads by its name. */
  field: (string & {}) | HistoryField
  from: unknown
  to: unknown
}

export interface HistoryEvent {
  actor: HistoryActor
  at: string
  /** What the event changed, field by field; empty for a booking, a deletion and recovery's bookkeeping. */
  changes: HistoryChange[]
  data: Record<string, unknown>
  reason: null | string
  revision: number
  type: string
}

/** GET /api/reserve/history: the reservation's events, oldest first. */
export interface HistoryResponse {
  events: HistoryEvent[]
  reservationId: string
}

/**
 * GET /api/reserve/live (server-sent events): the data of a `reservation` event, sent once the
 * reservation's document shows the change; the event's `id` is its ledger position.
 */
export interface LiveEventData {
  reservationId: string
  /** The reservation stream's revision the change is: the document's `ledgerRevision` from then on. */
  revision: number
}

/** A page of a Payload REST `find`. */
export interface Page<T> {
  docs: T[]
  hasNextPage: boolean
  totalDocs: number
}

/** A relationship as REST returns it: the related document at depth ≥ 1, else its id. */
export type Related<T> = null | RecordId | T | undefined

export interface NamedRecord {
  id: RecordId
  name?: null | string
}

export interface ResourceRecord extends NamedRecord {
  capacityMode?: 'per-guest' | 'per-reservation'
  /** `#rrggbb`, the resource's colour on the calendar; none: one from the admin's palette. */
  color?: null | string
  quantity?: number
  /** The services it offers: ids at depth 0. */
  services?: Related<NamedRecord>[] | null
}

export interface CustomerRecord extends NamedRecord {
  email?: null | string
  firstName?: null | string
  lastName?: null | string
  phone?: null | string
}

export interface Guest {
  email?: null | string
  name?: null | string
  phone?: null | string
}

export interface ReservationRecord {
  customer?: Related<CustomerRecord>
  endTime?: null | string
  guest?: Guest | null
  guestCount?: null | number
  id: string
  items?: { guestCount?: null | number; resource: Related<NamedRecord>; service?: Related<NamedRecord> }[] | null
  notes?: null | string
  resource: Related<ResourceRecord>
  /** The recurring booking it is an occurrence of; absent or null for a single booking. */
  seriesId?: null | string
  service: Related<NamedRecord>
  startTime: string
  status: string
}

/**
 * POST /api/reserve/book (201) and POST /api/reserve/cancel (200): the reservations document at
 * depth 0 (relationships are ids), as the collection's REST API returns it, without
 * cancellationToken. Fields the host added to the collection come along; they are no part of
 * the contract.
 */
export interface ReservationDocument extends Omit<ReservationRecord, 'customer' | 'endTime' | 'items' | 'resource' | 'service'> {
  customer?: null | RecordId
  endTime: string
  items?: { endTime?: null | string; guestCount?: null | number; resource: RecordId; service?: null | RecordId; startTime?: null | string }[] | null
  resource: RecordId
  service: RecordId
}

/** An occurrence of a recurring booking left out (`partial: true`): where and why. */
export interface SkippedOccurrence {
  index: number
  message: string
  /** `recurrence.occurrences.<index>.<field>` */
  path: string
  startTime: string
}

/** POST /api/reserve/book with `recurrence` (201): the occurrences booked, in time order, and those left out. */
export interface SeriesBooked {
  reservations: ReservationDocument[]
  seriesId: string
  skipped: SkippedOccurrence[]
}

/** One occurrence of a series as POST /api/reserve/series-preview finds it: free, or not and why. */
export type OccurrencePreview =
  | { endTime: string; free: true; index: number; startTime: string }
  | {
      free: false
      index: number
      /** Why it would not be booked, its local date first, as a series booking would say it. */
      message: string
      /** `recurrence.occurrences.<index>.<field>`, as a series booking names it. */
      path: string
      startTime: string
      /** Refused because its time is taken (a conflict), not by the schedule, the window or the past. */
      taken: boolean
    }

/** POST /api/reserve/series-preview (200): every occurrence of the series, in series order. */
export interface SeriesPreview {
  occurrences: OccurrencePreview[]
}

/** POST /api/reserve/cancel with `scope` following or series (200): the occurrences cancelled, in time order. */
export interface SeriesCancelled {
  reservations: ReservationDocument[]
}

/**
 * A reservation as the ledger told it at a past instant: its times, status, booker and relations
 * (as ids) then. A field the requester's field-level read access hides is absent.
 */
export interface AsOfReservation {
  customer?: null | RecordId
  endTime: string
  guest?: Guest | null
  guestCount?: number
  id: string
  items?: NonNullable<ReservationDocument['items']>
  /** The site's own fields then, as the collection's read gives them to the requester (`SiteFields`). */
  fields: Record<string, unknown>
  resource: RecordId
  service: RecordId
  startTime: string
  status: string
}

/** GET /api/reserve/as-of: a resource's calendar at `at`, the busy intervals and the reservations holding them. */
export interface AsOfResponse {
  at: string
  busy: ({ reservationId: string } & BusyInterval)[]
  reservations: AsOfReservation[]
}

/** `{ error }`: the refusals of slots and resource-availability, and of availability but a missing parameter. */
export interface ErrorBody {
  error: string
}

/** `{ message }`: the refusals of cancel, history and customer-search, and availability's missing parameters. */
export interface MessageBody {
  message: string
}

/** Payload's standard error body: book's refusals, and cancel's when the ledger refuses. */
export interface PayloadErrorBody {
  errors: { data?: { errors: { message: string; path: string }[] }; message: string; name?: string }[]
}

/** Every refusal body the endpoints send. */
export type RefusalBody = ErrorBody | MessageBody | PayloadErrorBody

/**
 * What the admin components need to know of the plugin options. It travels to them as
 * `clientProps`, so it holds plain data only: no functions, nothing secret.
 */
export interface AdminSettings {
  /** The status that cancelling moves to; cancelling goes through the cancel endpoint. */
  cancelledStatus: string
  /**
   * The options the server's role checks read (privileged staff, owner mode), so the admin
   * offers only what the same checks will allow. The server decides again on every request.
   */
  roleRules: RoleRules
  /** Minutes between the start times offered when clicking into the calendar. */
  slotInterval: number
  slugs: { customers: string; reservations: string; resources: string; services: string }
  statusMachine: StatusMachine
  /** IANA zone the calendar, widget and overview show days and times in. */
  timezone: string
}

/** The admin page of the availability overview, below the admin route. */
export const AVAILABILITY_VIEW_PATH = '/reservation-availability'
