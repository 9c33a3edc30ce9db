import type {
  BookingPlan,
  Guest,
  RecordedEvent,
  RelationId,
  ReservationDetails,
  ReservationEvent,
  ReservationSnapshot,
  RestoredSnapshot,
} from '../events/types.js'
import type { StatusMachine } from './status-machine.js'

import { CommandRejected } from '../events/rejection.js'

/** A reservation as its stream tells it. */
export type Reservation = ReservationSnapshot

export type ReservationState =
  /** Never booked: recovery fenced a booking that never landed, or its write was voided. */
  | { kind: 'abandoned' }
  | { kind: 'absent' }
  | { kind: 'active'; reservation: Reservation }
  | { kind: 'deleted'; reservation: Reservation }

export const initialReservationState = (): ReservationState => ({ kind: 'absent' })

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
  }
  type: 'BookReservation'
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
  | BookReservation

type At = { at: string }

/** Folds one event into the state; `at` is the event's decision time (for createdAt/updatedAt). */
export const evolveReservation = (
  state: ReservationState,
  event: ReservationEvent,
  { at }: At,
): ReservationState => {
  switch (event.type) {
    case 'ReservationAbandoned':
      return { kind: 'abandoned' }
    case 'ReservationBooked': {
      const { reservationId, ...booked } = event.data
      return {
        kind: 'active',
        reservation: {
          cancellationTokenHash: booked.cancellationTokenHash ?? null,
          claims: booked.claims,
          createdAt: at,
          customer: booked.customer ?? null,
          endTime: booked.endTime,
          guest: booked.guest ?? null,
          guestCount: booked.guestCount,
          id: reservationId,
          idempotencyKey: booked.idempotencyKey ?? null,
          items: booked.items,
          notes: booked.notes ?? null,
          resource: booked.resource,
          service: booked.service,
          startTime: booked.startTime,
          status: booked.status,
          updatedAt: at,
        },
      }
    }
    case 'ReservationClaimsReconciled':
      return state
    case 'ReservationDeleted':
      return state.kind === 'active' ? { kind: 'deleted', reservation: state.reservation } : state
    case 'ReservationDetailsUpdated':
      return state.kind === 'active'
        ? { kind: 'active', reservation: { ...state.reservation, ...event.data.changes, updatedAt: at } }
        : state
    case 'ReservationRescheduled': {
      if (state.kind !== 'active') {
        return state
      }
      const { reservationId: _id, ...plan } = event.data
      return { kind: 'active', reservation: { ...state.reservation, ...plan, updatedAt: at } }
    }
    case 'ReservationStatusChanged':
      return state.kind === 'active'
        ? { kind: 'active', reservation: { ...state.reservation, status: event.data.to, updatedAt: at } }
        : state
    case 'ReservationWriteVoided': {
      const { restores } = event.data
      if (!restores) {
        return { kind: 'abandoned' }
      }
      // A token never changes: the digest is the one the stream was booked with. Voids written
      // by older versions still carry it in `restores` (the same value); it is read only if the
      // state has none.
      const { cancellationTokenHash: written, ...restored } = restores as RestoredSnapshot & {
        cancellationTokenHash?: null | string
      }
      const booked =
        state.kind === 'active' || state.kind === 'deleted' ? state.reservation.cancellationTokenHash : undefined
      return { kind: 'active', reservation: { ...restored, cancellationTokenHash: booked ?? written ?? null } }
    }
  }
}

/** What the fields `changes` names were in `reservation` (null where unset): a details event's `previous`. */
export const previousDetails = (reservation: Reservation, changes: ReservationDetailChanges): ReservationDetailChanges =>
  Object.fromEntries(
    Object.keys(changes).map((key) => [key, reservation[key as keyof ReservationDetailChanges] ?? null]),
  ) as ReservationDetailChanges

/** Revisions whose events a later `ReservationWriteVoided` took back: they fire no host hook. */
export const voidedRevisions = (events: RecordedEvent<ReservationEvent>[]): Set<number> => {
  const voided = new Set<number>()
  for (const event of events) {
    if (event.type === 'ReservationWriteVoided') {
      for (let revision = event.data.voidsFrom; revision <= event.revision; revision++) {
        voided.add(revision)
      }
    }
  }
  return voided
}

/** A reservation's state from its recorded stream. */
export const foldReservation = (events: RecordedEvent<ReservationEvent>[]): ReservationState =>
  events.reduce((state, event) => evolveReservation(state, event, event.metadata), initialReservationState())

const HOUR_MS = 3_600_000

const requireActive = (state: ReservationState): Reservation => {
  if (state.kind !== 'active') {
    throw new CommandRejected('not-found', 'Reservation not found')
  }
  return state.reservation
}

const checkPlan = (plan: BookingPlan, { now, privileged }: DecisionContext): void => {
  const start = Date.parse(plan.startTime)
  const end = Date.parse(plan.endTime)
  if (!Number.isFinite(start)) {
    throw new CommandRejected('invalid', 'startTime must be a valid date', 'startTime')
  }
  if (!Number.isFinite(end) || end <= start) {
    throw new CommandRejected('invalid', 'endTime must be after startTime', 'endTime')
  }
  if (!Number.isInteger(plan.guestCount) || plan.guestCount < 1) {
    throw new CommandRejected('invalid', 'guestCount must be a whole number of at least 1', 'guestCount')
  }
  if (!privileged && start < now.getTime()) {
    throw new CommandRejected('invalid', 'Reservations cannot start in the past', 'startTime')
  }
}

const checkNotice = (
  reservation: Reservation,
  policy: ReservationPolicy,
  { now, privileged }: DecisionContext,
): void => {
  if (privileged) {
    return
  }
  const noticeMs = policy.noticePeriodHours * HOUR_MS
  if (Date.parse(reservation.startTime) - now.getTime() < noticeMs) {
    throw new CommandRejected(
      'invalid',
      `Reservations can only be cancelled or changed at least ${policy.noticePeriodHours} hours before they start`,
      'status',
    )
  }
}

/** `to` must be a status of the machine and, unless `validate` is off, a listed next state of `from`. */
const checkTransition = (from: string, to: string, machine: StatusMachine, validate: boolean): void => {
  if (!machine.statuses.includes(to)) {
    throw new CommandRejected('invalid', `Unknown status "${to}"`, 'status')
  }
  if (validate && !(machine.transitions[from] ?? []).includes(to)) {
    throw new CommandRejected('invalid', `Invalid status transition from "${from}" to "${to}"`, 'status')
  }
}

const withoutDigest = ({ cancellationTokenHash: _digest, ...rest }: Reservation): RestoredSnapshot => rest

/** Decides which reservation events a command produces, or throws `CommandRejected`. */
export const decideReservation = (
  command: ReservationCommand,
  state: ReservationState,
  policy: ReservationPolicy,
  context: DecisionContext,
): ReservationEvent[] => {
  const machine = policy.statusMachine
  switch (command.type) {
    case 'AbandonReservation':
      return state.kind === 'absent'
        ? [{ data: { reservationId: command.data.reservationId }, type: 'ReservationAbandoned' }]
        : []

    case 'BookReservation': {
      if (state.kind !== 'absent') {
        throw new CommandRejected('conflict', 'Reservation already exists', 'id')
      }
      const { plan, reservationId, skipTransitionValidation, status, ...details } = command.data
      checkPlan(plan, context)
      if (status !== machine.defaultStatus) {
        checkTransition(machine.defaultStatus, status, machine, !skipTransitionValidation)
        if (!context.privileged) {
          throw new CommandRejected('forbidden', `Only staff can create a reservation as "${status}"`, 'status')
        }
      }
      return [{ data: { ...details, ...plan, reservationId, status }, type: 'ReservationBooked' }]
    }

    case 'ChangeReservationStatus': {
      const reservation = requireActive(state)
      const { reservationId, skipTransitionValidation, to } = command.data
      if (to === reservation.status) {
        return []
      }
      checkTransition(reservation.status, to, machine, !skipTransitionValidation)
      if (to === policy.cancelledStatus) {
        checkNotice(reservation, policy, context)
      } else if (!context.privileged) {
        throw new CommandRejected('forbidden', `Only staff can move a reservation to "${to}"`, 'status')
      }
      return [{ data: { from: reservation.status, reservationId, to }, type: 'ReservationStatusChanged' }]
    }

    case 'DeleteReservation':
      requireActive(state)
      return [{ data: { reservationId: command.data.reservationId }, type: 'ReservationDeleted' }]

    case 'RescheduleReservation': {
      const reservation = requireActive(state)
      if (machine.terminalStatuses.includes(reservation.status)) {
        throw new CommandRejected(
          'invalid',
          `A reservation in status "${reservation.status}" cannot be changed`,
          'startTime',
        )
      }
      checkPlan(command.data.plan, context)
      checkNotice(reservation, policy, context)
      return [{ data: { ...command.data.plan, reservationId: reservation.id }, type: 'ReservationRescheduled' }]
    }

    case 'VoidReservationWrite': {
      const { reason, reservationId, restores, voidsFrom } = command.data
      // Staff read this event; the guest token's digest stays in ReservationBooked alone.
      return [
        {
          data: { reason, reservationId, restores: restores && withoutDigest(restores), voidsFrom },
          type: 'ReservationWriteVoided',
        },
      ]
    }

    case 'UpdateReservationDetails': {
      const reservation = requireActive(state)
      const changes = Object.fromEntries(
        Object.entries(command.data.changes).filter(
          ([key, value]) =>
            JSON.stringify(value ?? null) !==
            JSON.stringify(reservation[key as keyof ReservationDetailChanges] ?? null),
        ),
      ) as ReservationDetailChanges
      // The old values come from the state: the command names only the new ones.
      return Object.keys(changes).length === 0
        ? []
        : [
            {
              data: { changes, previous: previousDetails(reservation, changes), reservationId: reservation.id },
              type: 'ReservationDetailsUpdated',
            },
          ]
    }
  }
}

/** The capacity a reservation holds in a state: its claims while its status blocks, else none. */
export const heldClaims = (state: ReservationState, machine: StatusMachine): BookingPlan['claims'] =>
  state.kind === 'active' && machine.blockingStatuses.includes(state.reservation.status)
    ? state.reservation.claims
    : []
