import type { BookingPlan, Guest, HoldHolder, RelationId, ReservationAdopted, ReservationDetails, SiteFields } from '../events/types.js'
import type { Reservation } from './reservation-state.js'
import type { StatusMachine } from '../contract/status-machine.js'

export interface ReservationPolicy {
  cancelledStatus: string
  /** Live holds a caller other than privileged staff may keep at once (default 3). */
  maxHoldsPerCaller?: number
  /** Hours before the start within which only privileged staff may cancel. */
  noticePeriodHours: number
  statusMachine: StatusMachine
}

/** Who asks, and when: passed in so deciders never read the clock. */
export interface DecisionContext {
  /** For a hold: how many live holds its caller keeps already (read from the holder stream). */
  liveHolds?: number
  now: Date
  privileged: boolean
}

export type BookReservation = {
  data: {
    cancellationTokenHash: null | string
    customer: null | RelationId
    /** The site's own fields, as Payload saves the document (set at its save: `append-on-save.ts`). */
    fields?: SiteFields
    guest: Guest | null
    idempotencyKey: null | string
    notes: null | string
    plan: BookingPlan
    reservationId: string
    /** A recurring booking's occurrence: the series it belongs to. */
    seriesId?: string
    /**
     * Server code's `skipReservationHooks` (HTTP callers cannot set it): any known status,
     * unchecked by the machine.
     */
    skipTransitionValidation?: boolean
    status: string
    /** Multi-tenant sites: the tenant the booking's records belong to. */
    tenant?: null | RelationId
    /** Set when the booking turns the hold `reservationId` into the reservation: who asks to. */
    withHold?: HoldHolder
  }
  type: 'BookReservation'
}

/** Holds capacity for `plan` until `expiresAt` while a customer checks out. */
export type PlaceHold = {
  data: {
    customer: null | RelationId
    expiresAt: string
    guest: Guest | null
    holder: HoldHolder
    /** Who the limit of live holds counts against (a user, a guest's contact); null: no limit (staff, server code). */
    holderKey: null | string
    plan: BookingPlan
    reservationId: string
    tenant?: null | RelationId
  }
  type: 'PlaceHold'
}

/** Takes a reservation that existed before its ledger into it (`payload reserve:adopt`). */
export type AdoptReservation = {
  data: ReservationAdopted['data']
  type: 'AdoptReservation'
}

export type ReservationDetailChanges = ReservationDetails

export type ReservationCommand =
  | { data: { plan: BookingPlan; reservationId: string }; type: 'RescheduleReservation' }
  | { data: { changes: ReservationDetailChanges; reservationId: string }; type: 'UpdateReservationDetails' }
  | { data: { reservationId: string }; type: 'AbandonReservation' }
  | { data: { reservationId: string }; type: 'DeleteReservation' }
  | {
      data: { reason: string; reservationId: string; restores: null | Reservation; voidsFrom: number }
      type: 'VoidReservationWrite'
    }
  | {
      data: { reservationId: string; skipTransitionValidation?: boolean; to: string }
      type: 'ChangeReservationStatus'
    }
  | { data: { caller: HoldHolder; reservationId: string }; type: 'ReleaseHold' }
  | { data: { reservationId: string }; type: 'ExpireHold' }
  | AdoptReservation
  | BookReservation
  | PlaceHold

/** One command of the union, by its type. */
export type CommandOf<T extends ReservationCommand['type']> = Extract<ReservationCommand, { type: T }>
