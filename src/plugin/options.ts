import type { CollectionConfig, CollectionSlug, Field, PayloadRequest } from 'payload'

import type { EventStore } from '../events/store.js'

import type { StatusMachine } from '../contract/status-machine.js'
import type { RoleRules } from '../contract/roles/role-options.js'
import type { AfterBookingCreateHook, AfterStatusChangeHook, AfterWaitlistOfferHook, BookingTransitionHook } from '../projections/host-hooks.js'

export { DEFAULT_STATUS_MACHINE } from '../commands/status-machine.js'
export type { StatusMachine } from '../contract/status-machine.js'
export type {
  AfterBookingCreateHook,
  AfterStatusChangeHook,
  AfterWaitlistOfferHook,
  BookingTransitionHook,
  ReservationDoc,
} from '../projections/host-hooks.js'

export interface StaffProvisioning {
  beforeCreate?: (args: {
    data: Record<string, unknown>
    user: Record<string, unknown>
  }) => Promise<Record<string, unknown>> | Record<string, unknown>
  nameFrom?: string
  resourceType: string
  roleField?: string
  staffRoles: string[]
}

export interface ResourceOwnerMode {
  /** Roles that see every record. */
  adminRoles: string[]
  /** Relationship field naming the owning user; default `owner`. */
  ownerField?: string
}

export type BeforeBookingCreateHook = (args: {
  data: Record<string, unknown>
  req: PayloadRequest
}) => Promise<Record<string, unknown>> | Record<string, unknown>

export interface ReserveLedgerHooks {
  /** After a reservation entered the cancel status: from the ledger, after commit, at least once. */
  afterBookingCancel?: BookingTransitionHook[]
  /** After a reservation entered the confirm status: from the ledger, after commit, at least once. */
  afterBookingConfirm?: BookingTransitionHook[]
  afterBookingCreate?: AfterBookingCreateHook[]
  afterStatusChange?: AfterStatusChangeHook[]
  /** After freed capacity was held for a waitlist entry: tell its contact. Once per offer, across processes. */
  afterWaitlistOffer?: AfterWaitlistOfferHook[]
  /** Before a reservation enters the cancel status; throwing refuses the change, nothing is appended. */
  beforeBookingCancel?: BookingTransitionHook[]
  /** Before a reservation enters the confirm status; throwing refuses the change, nothing is appended. */
  beforeBookingConfirm?: BookingTransitionHook[]
  beforeBookingCreate?: BeforeBookingCreateHook[]
}

/** The admin components the plugin registers; each can be replaced by a path, or turned off (`false`). */
export type AdminComponentName =
  | 'availabilityOverview'
  | 'calendarView'
  | 'customerField'
  | 'dashboardWidget'
  | 'reservationDetail'
  | 'slotPicker'

/**
 * A partial collection config merged over one of the plugin's collections: hooks run after the
 * plugin's own, access composes with the plugin's per operation (both must allow), admin and
 * other keys override, and `fields` receives the plugin's fields to return the collection's.
 * The slug is the plugin's (`slugs` renames).
 */
export type CollectionOverride = Omit<Partial<CollectionConfig>, 'fields' | 'slug'> & {
  fields?: (args: { defaultFields: Field[] }) => Field[]
}

export type OverridableCollection = 'customers' | 'reservations' | 'resources' | 'schedules' | 'services'

/** Time a resource is busy elsewhere, as a site's `getExternalBusy` answers it. */
export interface ExternalBusyInterval {
  end: Date | string
  label?: string
  start: Date | string
}

export type GetExternalBusy = (args: {
  end: Date
  req: PayloadRequest
  resourceId: number | string
  start: Date
}) => ExternalBusyInterval[] | Promise<ExternalBusyInterval[]>

export interface FeedDescribeArgs {
  audience: 'customer' | 'resource'
  reservation: Record<string, unknown>
  resourceName: string
  serviceName: string
}

export type AccessOverrides = Partial<
  Record<'customers' | 'reservations' | 'resources' | 'schedules' | 'services', CollectionConfig['access']>
>

/** Where the ledger keeps its events. */
export type EventStoreOption =
  | ((args: { collectionSlug: string }) => EventStore)
  | { connectionString: string; kind: 'eventstoredb' }
  /** NATS JetStream: `servers` of the cluster; `stream` the JetStream stream (default `reserve`); `replicas` when it is created (default 1). */
  | { kind: 'jetstream'; replicas?: number; servers: string | string[]; stream?: string }
  | { kind: 'payload' }

export interface ReserveLedgerOptions {
  access?: AccessOverrides
  adminGroup?: string
  allowGuestBooking?: boolean
  /** Minimum notice, in hours, before a reservation's start for a non-privileged cancel. */
  cancellationNoticePeriod?: number
  /**
   * Calendar feeds (iCalendar URLs) resources subscribe to: synced in the background every
   * `refreshMinutes` (default 15) over `horizonDays` (default 400). `allowPrivateNetworks` lets a
   * feed live on this machine or a private network (refused by default).
   */
  calendarFeeds?: { allowPrivateNetworks?: boolean; horizonDays?: number; refreshMinutes?: number }
  /**
   * When customers and guests may book: at least `minNoticeMinutes` before the start (default 0)
   * and at most `maxAdvanceDays` ahead (default: no limit). A service may set its own. Privileged
   * staff are exempt.
   */
  bookingWindow?: { maxAdvanceDays?: null | number; minNoticeMinutes?: number }
  /**
   * How long a hold (`POST /api/reserve/holds`) keeps its capacity while the customer checks out,
   * in minutes (default 10; 1 to 1440). A service may set its own.
   */
  holdMinutes?: number
  /**
   * The longest booking of a flexible service that sets no `maxFlexibleDuration` of its own, in
   * minutes (default 1440, a day; 1 to 525600).
   */
  maxFlexibleDuration?: number
  /** Live holds one caller (a user, a guest's e-mail or phone) may keep at once (default 3); privileged staff have no limit. */
  maxHoldsPerCaller?: number
  /**
   * Waitlist entries one contact (a customer, a guest's e-mail or phone) may have waiting at once
   * (default 5), also when staff join for them.
   */
  maxWaitlistEntriesPerCaller?: number
  /**
   * Whether freed capacity is held for the oldest waiting entry it fits (default true). false:
   * only staff offer, by hand (the admin's waitlist panel, `POST /api/reserve/waitlist/{id}/offer`),
   * as a practice that chooses whom to call does; entries still expire and offers are announced.
   */
  waitlistAutoOffer?: boolean
  /**
   * Catch-up re-delivers what a crash left undone (documents, hooks, orphan claims). It runs at
   * start and then every `intervalMs`, leaving events younger than `graceMs` to their writer.
   */
  catchUp?: { graceMs?: number; intervalMs?: number }
  collectionOverrides?: Partial<Record<OverridableCollection, CollectionOverride>>
  /** Replaces an admin component with one at this import path, or, with `false`, leaves Payload's default. */
  components?: Partial<Record<AdminComponentName, false | string>>
  /** Structured traces of slot generation, decisions, retries and appends through Payload's logger, one trace id per request. */
  debug?: boolean
  /** Minutes of buffer after a booking for services that set no buffer of their own. */
  defaultBufferTime?: number
  /**
   * Whether `active: false` on a service or resource keeps it out of new bookings, moves and
   * availability (existing bookings still change status and cancel). Default true.
   */
  enforceActive?: boolean
  /** Keeps collections and fields (a stable schema) but mounts no endpoints, hooks or ledger. */
  disabled?: boolean
  /**
   * Tamper evidence (default true): every event appended carries a SHA-256 hash chained per
   * stream, and a checkpoint of the stream heads is written every 5 minutes (the
   * `reserveCheckpoint` job, and a timer unless `inProcessTimers` is off). `false` appends plain
   * events and writes no checkpoints; `payload reserve:ledger verify` then counts them unhashed.
   */
  hashChain?: boolean
  /**
   * Whether this process runs catch-up (a pass at boot, then on a timer), the calendar feed
   * sync, webhook deliveries and reminders on its own timers (default true). Off on a serverless
   * host, where nothing runs between requests and every cold start should answer at once: the
   * plugin's Payload jobs on the `reserve-ledger` queue do that work.
   */
  inProcessTimers?: boolean
  eventStore?: EventStoreOption
  /** Busy time from elsewhere (another booking system, a calendar API): blocks the whole resource. A resolver that throws is ignored with a warning. */
  getExternalBusy?: GetExternalBusy
  hooks?: ReserveLedgerHooks
  leaveTypes?: string[]
  /** Slug of an upload collection: services and resources then take an `image` from it. */
  mediaCollection?: string
  /**
   * Sites run with `@payloadcms/plugin-multi-tenant` (see README, "Multi-tenant sites"). Tenancy
   * is found from the collections that plugin scopes; `tenantField` names a tenant field a site
   * added itself (`customTenantField`), and `tenantTimezoneField` the field of the tenants
   * collection a new resource without a zone of its own takes its `timezone` from.
   */
  multiTenant?: { tenantField?: string; tenantTimezoneField?: string }
  resourceOwnerMode?: ResourceOwnerMode
  resourceTypes?: string[]
  /** Roles that count as privileged staff (all records, exempt from the notice period). */
  roles?: { field?: string; privileged?: string[] }
  /** Default slot step in minutes when a service sets none. */
  slotInterval?: number
  slugs?: { reservations?: string; resources?: string; services?: string }
  /**
   * Slug of the auth collection holding staff (owners of services and resources, the users
   * staff provisioning watches). Default: userCollection, else `users`.
   */
  staffCollection?: string
  staffProvisioning?: StaffProvisioning
  statusMachine?: StatusMachine
  /** IANA zone for resources without their own; default `UTC`. */
  timezone?: string
  /** Slug of an existing auth collection that holds the customers. */
  userCollection?: string
  /**
   * E-mail notifications through Payload's e-mail adapter (off unless `email` is given): the
   * booking (with the guest's cancellation link when `cancelUrl`, a template with
   * `{{reservationId}}` and `{{token}}`, is set), status changes, the cancellation, and a reminder
   * `reminderHours` before the start. `language` picks the shipped texts (default `en`), and
   * `timeZone` how times are written (default the plugin's).
   */
  notifications?: {
    email?: {
      cancelUrl?: string
      from?: string
      language?: string
      reminderHours?: null | number
      /** Your own subject and text per mail, with `{{service}}`, `{{start}}`, `{{status}}` and `{{link}}`. */
      templates?: Partial<Record<'booked' | 'cancelled' | 'reminder' | 'status', { subject?: string; text?: string }>>
      timeZone?: string
    }
  }
  /** How a reservation reads in the calendar feeds (`/api/reserve/feeds/…`); by default the service and who booked (resource feeds) or where (customer feeds). */
  feeds?: { describe?: (args: FeedDescribeArgs) => { description?: string; summary: string } }
  /** Webhook delivery: attempts before a delivery is dead-lettered (default 8); private network receivers refused unless allowed. */
  webhooks?: { allowPrivateNetworks?: boolean; maxAttempts?: number }
}

/** Options with every default applied; what the rest of the plugin reads. */
export interface ResolvedOptions {
  access: AccessOverrides
  adminGroup: string
  allowGuestBooking: boolean
  cancellationNoticePeriod: number
  bookingWindow: { maxAdvanceDays: null | number; minNoticeMinutes: number }
  holdMinutes: number
  maxFlexibleDuration: number
  maxHoldsPerCaller: number
  maxWaitlistEntriesPerCaller: number
  waitlistAutoOffer: boolean
  calendarFeeds: { allowPrivateNetworks: boolean; horizonDays: number; refreshMinutes: number }
  catchUp: { graceMs: number; intervalMs: number }
  collectionOverrides: Partial<Record<OverridableCollection, CollectionOverride>>
  components: Partial<Record<AdminComponentName, false | string>>
  /** The status that cancelling moves to (the status machine's `cancelStatus`). */
  cancelledStatus: string
  /** The status whose entry fires the confirm hooks, if the machine has one. */
  confirmedStatus: null | string
  debug: boolean
  defaultBufferTime: number
  disabled: boolean
  enforceActive: boolean
  hashChain: boolean
  eventStore: EventStoreOption
  inProcessTimers: boolean
  getExternalBusy: GetExternalBusy | null
  hooks: Required<ReserveLedgerHooks>
  leaveTypes: string[]
  /** Names and descriptions of services and resources are localized: the site uses Payload's localization. */
  localizedTexts: boolean
  mediaCollection: null | string
  multiTenant: { tenantField: null | string; tenantTimezoneField: null | string }
  resourceOwnerMode?: Required<ResourceOwnerMode>
  resourceTypes: string[]
  roles: { field: string; privileged: string[] }
  slotInterval: number
  /** Every collection slug the plugin reads or writes, typed once as Payload's `CollectionSlug`. */
  slugs: {
    customers: CollectionSlug
    events: CollectionSlug
    reservations: CollectionSlug
    resources: CollectionSlug
    schedules: CollectionSlug
    services: CollectionSlug
  }
  staffCollection: CollectionSlug
  staffProvisioning?: { roleField: string } & StaffProvisioning
  statusMachine: StatusMachine
  notifications: {
    email: null | {
      cancelUrl?: string
      from?: string
      language: string
      reminderHours: null | number
      templates?: Partial<Record<'booked' | 'cancelled' | 'reminder' | 'status', { subject?: string; text?: string }>>
      timeZone: string
    }
  }
  feeds: { describe: ((args: FeedDescribeArgs) => { description?: string; summary: string }) | null }
  timezone: string
  userCollection?: CollectionSlug
  webhooks: { allowPrivateNetworks: boolean; maxAttempts: number }
}

/** What the role checks read (`src/contract/roles`): who is privileged, staff, a customer, a resource's owner. */
export type RoleOptions = Pick<ResolvedOptions, keyof RoleRules>

/** What tenancy reads: whether the site is multi-tenant, and the collections a tenant field goes on. */
export type TenancyOptions = Pick<ResolvedOptions, 'multiTenant' | 'slugs' | 'staffCollection'>
