import type { StatusMachine } from './status-machine.js'
import type { RoleRules } from './roles/role-rules.js'
import type { Guest, RecordId } from './common.js'

/**
 * The HTTP contract: the body of every response of the plugin's endpoints (`/api/reserve/*` and
 * `/api/reservation-customer-search`), success and refusal, and the shapes the admin components
 * read from the REST API of the plugin's collections. The bodies are declared as zod schemas by
 * area (`availability.ts`, `holds.ts`, `waitlist.ts`, `reservations.ts`, `history.ts`,
 * `customers.ts`, `refusals.ts`); the OpenAPI document is generated from them and the endpoints
 * build their bodies with `satisfies` the types inferred here. This barrel re-exports types only,
 * so the admin may import it without loading zod. Times are ISO 8601 strings in UTC. See
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)".
 */

export type { AvailabilityDay, AvailabilityResponse, ExternalBusy, ResourceAvailability, ResourceBusy, SlotsResponse, TimeOff } from './availability.js'
export type { BusyInterval, Guest, RecordId, TimeRange } from './common.js'
export type { CustomerHit, CustomerSearchResponse } from './customers.js'
export type { HistoryActor, HistoryChange, HistoryEvent, HistoryField, HistoryResponse, LiveEventData } from './history.js'
export type { HoldDetails, HoldItem, HoldReleaseResponse, HoldResponse } from './holds.js'
export type { ManagedBooking } from './managed-booking.js'
export type { ErrorBody, MessageBody, PayloadErrorBody, RefusalBody } from './refusals.js'
export type {
  AsOfReservation,
  AsOfResponse,
  OccurrencePreview,
  ReservationDocument,
  SeriesBooked,
  SeriesCancelled,
  SeriesPreview,
  SkippedOccurrence,
} from './reservations.js'
export type { WaitlistEntryRecord, WaitlistEntryResponse, WaitlistLeaveResponse, WaitlistListResponse, WaitlistOfferResponse } from './waitlist.js'

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
