import type { BookingPlan, Guest, RelationId, ReservationAdopted, ReservationDetails } from '../events/types.js'
import type { Reservation } from './reservation-state.js'
import type { StatusMachine } from './status-machine.js'

export interface ReservationPolicy {
  cancelledStatus: string
  /** Hours before the start within which only privileged staff may cancel. */
  noticePeriodHours: number
  statusMachine: StatusMachine
}

/** Who asks, and when: passed in so deciders never read the clock. */
export interface DecisionContext {
  now: Date
  privileged: boolean
}

export type BookReservation = {
  data: {
    cancellationTokenHash: null | string
    customer: null | RelationId
    guest: Guest | null
    idempotencyKey: null | string
    notes: null | string
    plan: BookingPlan
    reservationId: string
    /**
     * Server code's `skipReservationHooks` (HTTP callers cannot set it): any known status,
     * unchecked by the machine.
     */
    skipTransitionValidation?: boolean
    status: string
    /** Multi-tenant sites: the tenant the booking's records belong to. */
    tenant?: null | RelationId
  }
  type: 'BookReservation'
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
  | AdoptReservation
  | BookReservation

/** One command of the union, by its type. */
export type CommandOf<T extends ReservationCommand['type']> = Extract<ReservationCommand, { type: T }>
