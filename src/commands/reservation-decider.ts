import type { BookingPlan, HoldHolder, ReservationDetails, ReservationEvent } from '../events/types.js'
import type { CommandOf, DecisionContext, ReservationCommand, ReservationPolicy } from './reservation-commands.js'
import type { Hold, Reservation, ReservationState } from './reservation-state.js'

import { CommandRejected } from '../events/rejection.js'
import { checkHeldSchedule, checkNewHold, isExpired, isHolder, requireHold } from './hold-rules.js'
import { checkNotice, checkPlan, checkTransition, requireActive } from './reservation-rules.js'
import { previousDetails, previousSchedule } from './reservation-state.js'

const book = (
  { data }: CommandOf<'BookReservation'>,
  state: ReservationState,
  { statusMachine: machine }: ReservationPolicy,
  context: DecisionContext,
): ReservationEvent[] => {
  const { plan, reservationId, skipTransitionValidation, status, withHold, ...details } = data
  if (withHold) {
    checkHoldBooking(requireHold(state), withHold, plan, context)
  } else if (state.kind !== 'absent') {
    throw new CommandRejected('conflict', 'Reservation already exists', 'id')
  }
  checkPlan(plan, context)
  if (status !== machine.defaultStatus) {
    checkTransition(machine.defaultStatus, status, machine, !skipTransitionValidation)
    if (!context.privileged) {
      throw new CommandRejected('forbidden', `Only staff can create a reservation as "${status}"`, 'status')
    }
  }
  return [{ data: { ...details, ...plan, reservationId, status }, type: 'ReservationBooked' }]
}

/** Only the holder books a hold, before it expires, for the held schedule. */
const checkHoldBooking = (hold: Hold, caller: HoldHolder, plan: BookingPlan, context: DecisionContext): void => {
  if (!isHolder(hold.holder, caller)) {
    throw new CommandRejected('forbidden', 'Only whoever placed the hold can book it', 'holdId')
  }
  if (isExpired(hold, context.now)) {
    throw new CommandRejected('conflict', 'The hold has expired or was released', 'holdId')
  }
  checkHeldSchedule(hold, plan)
}

const placeHold = ({ data }: CommandOf<'PlaceHold'>, state: ReservationState, policy: ReservationPolicy, context: DecisionContext): ReservationEvent[] => {
  if (state.kind !== 'absent') {
    throw new CommandRejected('conflict', 'Reservation already exists', 'id')
  }
  const { holderKey: _key, plan, ...hold } = data
  checkPlan(plan, context)
  checkNewHold(data.expiresAt, policy, context)
  return [{ data: { ...hold, ...plan }, type: 'ReservationHeld' }]
}

/** The holder, or privileged staff, give a live hold up. */
const releaseHold = ({ data }: CommandOf<'ReleaseHold'>, state: ReservationState, context: DecisionContext): ReservationEvent[] => {
  const hold = requireHold(state)
  if (!context.privileged && !isHolder(hold.holder, data.caller)) {
    throw new CommandRejected('forbidden', 'Forbidden', 'holdId')
  }
  return [{ data: { reservationId: data.reservationId }, type: 'HoldReleased' }]
}

/** A hold past its expiry ends; anything else (booked, ended, not yet due) is left as it is. */
const expireHold = ({ data }: CommandOf<'ExpireHold'>, state: ReservationState, context: DecisionContext): ReservationEvent[] =>
  state.kind === 'held' && isExpired(state.hold, context.now) ? [{ data: { reservationId: data.reservationId }, type: 'HoldExpired' }] : []

/** A reservation adopted from a collection: its stream must be new and its status one the machine knows. */
const adopt = ({ data }: CommandOf<'AdoptReservation'>, state: ReservationState, { statusMachine }: ReservationPolicy): ReservationEvent[] => {
  if (state.kind !== 'absent') {
    throw new CommandRejected('conflict', 'Reservation already exists', 'id')
  }
  if (!statusMachine.statuses.includes(data.status)) {
    throw new CommandRejected('invalid', `status "${data.status}" is not a status of the statusMachine`, 'status')
  }
  return [{ data, type: 'ReservationAdopted' }]
}

const changeStatus = (
  { data }: CommandOf<'ChangeReservationStatus'>,
  state: ReservationState,
  policy: ReservationPolicy,
  context: DecisionContext,
): ReservationEvent[] => {
  const reservation = requireActive(state)
  const { reservationId, skipTransitionValidation, to } = data
  if (to === reservation.status) {
    return []
  }
  checkTransition(reservation.status, to, policy.statusMachine, !skipTransitionValidation)
  if (to === policy.cancelledStatus) {
    checkNotice(reservation, policy, context, 'status')
  } else if (!context.privileged) {
    throw new CommandRejected('forbidden', `Only staff can move a reservation to "${to}"`, 'status')
  }
  return [{ data: { from: reservation.status, reservationId, to }, type: 'ReservationStatusChanged' }]
}

const reschedule = (
  { data }: CommandOf<'RescheduleReservation'>,
  state: ReservationState,
  policy: ReservationPolicy,
  context: DecisionContext,
): ReservationEvent[] => {
  const reservation = requireActive(state)
  if (policy.statusMachine.terminalStatuses.includes(reservation.status)) {
    throw new CommandRejected('invalid', `A reservation in status "${reservation.status}" cannot be changed`, 'startTime')
  }
  checkPlan(data.plan, context)
  checkNotice(reservation, policy, context, 'startTime')
  // The old schedule comes from the state, as a details change's old values do.
  return [
    {
      data: { ...data.plan, previous: previousSchedule(reservation), reservationId: reservation.id },
      type: 'ReservationRescheduled',
    },
  ]
}

const differs = (value: unknown, current: unknown): boolean => JSON.stringify(value ?? null) !== JSON.stringify(current ?? null)

/** The changes that change something: of the site's fields, only those whose value differs. */
const effectiveChanges = ({ fields, ...details }: ReservationDetails, reservation: Reservation): ReservationDetails => {
  const changes = Object.fromEntries(
    Object.entries(details).filter(([key, value]) => differs(value, reservation[key as keyof ReservationDetails])),
  ) as ReservationDetails
  const site = Object.entries(fields ?? {}).filter(([name, value]) => differs(value, reservation.fields?.[name]))
  return site.length > 0 ? { ...changes, fields: Object.fromEntries(site) } : changes
}

const updateDetails = ({ data }: CommandOf<'UpdateReservationDetails'>, state: ReservationState): ReservationEvent[] => {
  const reservation = requireActive(state)
  const changes = effectiveChanges(data.changes, reservation)
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

const withoutDigest = ({ cancellationTokenHash: _digest, ...rest }: Reservation) => rest

const voidWrite = ({ data }: CommandOf<'VoidReservationWrite'>): ReservationEvent[] => {
  const { reason, reservationId, restores, voidsFrom } = data
  // Staff read this event; the guest token's digest stays in ReservationBooked alone.
  return [
    {
      data: { reason, reservationId, restores: restores && withoutDigest(restores), voidsFrom },
      type: 'ReservationWriteVoided',
    },
  ]
}

/** Decides which reservation events a command produces, or throws `CommandRejected`. */
export const decideReservation = (
  command: ReservationCommand,
  state: ReservationState,
  policy: ReservationPolicy,
  context: DecisionContext,
): ReservationEvent[] => {
  switch (command.type) {
    case 'AbandonReservation':
      return state.kind === 'absent'
        ? [{ data: { reservationId: command.data.reservationId }, type: 'ReservationAbandoned' }]
        : []
    case 'AdoptReservation':
      return adopt(command, state, policy)
    case 'BookReservation':
      return book(command, state, policy, context)
    case 'ChangeReservationStatus':
      return changeStatus(command, state, policy, context)
    case 'ExpireHold':
      return expireHold(command, state, context)
    case 'PlaceHold':
      return placeHold(command, state, policy, context)
    case 'ReleaseHold':
      return releaseHold(command, state, context)
    case 'DeleteReservation':
      requireActive(state)
      return [{ data: { reservationId: command.data.reservationId }, type: 'ReservationDeleted' }]
    case 'RescheduleReservation':
      return reschedule(command, state, policy, context)
    case 'UpdateReservationDetails':
      return updateDetails(command, state)
    case 'VoidReservationWrite':
      return voidWrite(command)
  }
}
