import type { BookingPlan } from '../events/types.js'
import type { DecisionContext, ReservationPolicy } from './reservation-commands.js'
import type { Reservation, ReservationState } from './reservation-state.js'
import type { StatusMachine } from '../contract/status-machine.js'

import { CommandRejected } from '../events/rejection.js'

const HOUR_MS = 3_600_000

export const requireActive = (state: ReservationState): Reservation => {
  if (state.kind !== 'active') {
    throw new CommandRejected('not-found', 'Reservation not found')
  }
  return state.reservation
}

/** A valid time range and guest count; only staff may book into the past. */
export const checkPlan = (plan: BookingPlan, { now, privileged }: DecisionContext): void => {
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

/** Inside the notice period only privileged staff may cancel or change a reservation; `path` names what was asked for. */
export const checkNotice = (
  reservation: Reservation,
  policy: ReservationPolicy,
  { now, privileged }: DecisionContext,
  path: 'startTime' | 'status',
): void => {
  if (privileged) {
    return
  }
  const noticeMs = policy.noticePeriodHours * HOUR_MS
  if (Date.parse(reservation.startTime) - now.getTime() < noticeMs) {
    throw new CommandRejected(
      'invalid',
      `Reservations can only be cancelled or changed at least ${policy.noticePeriodHours} hours before they start`,
      path,
    )
  }
}

/** `to` must be a status of the machine and, unless `validate` is off, a listed next state of `from`. */
export const checkTransition = (from: string, to: string, machine: StatusMachine, validate: boolean): void => {
  if (!machine.statuses.includes(to)) {
    throw new CommandRejected('invalid', `Unknown status "${to}"`, 'status')
  }
  if (validate && !(machine.transitions[from] ?? []).includes(to)) {
    throw new CommandRejected('invalid', `Invalid status transition from "${from}" to "${to}"`, 'status')
  }
}
