import type { PayloadRequest } from 'payload'

import type { ReservationState } from '../../../commands/reservation-state.js'
import type { BookingTransitionHook, ReservationDoc, ResolvedOptions, TenancyOptions } from '../../options.js'

import { CommandRejected } from '../../../events/rejection.js'
import { reservationDocument } from '../../../projections/reservation-document.js'
import { reservationTenantField } from '../../shared/tenancy/tenancy.js'

/** The beforeBookingConfirm or beforeBookingCancel hooks that a move to `status` calls. */
const hooksFor = (status: string, options: Pick<ResolvedOptions, 'cancelledStatus' | 'confirmedStatus' | 'hooks'>): BookingTransitionHook[] =>
  status === options.confirmedStatus
    ? options.hooks.beforeBookingConfirm
    : status === options.cancelledStatus
      ? options.hooks.beforeBookingCancel
      : []

/** A hook's own 4xx (Payload's `APIError`, `Forbidden`, …) stands; anything else refuses with 400 on `status`. */
const asRefusal = (error: unknown): unknown => {
  const status = (error as { status?: unknown } | null)?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return error
  }
  const message = error instanceof Error && error.message !== '' ? error.message : 'The status change was refused'
  return new CommandRejected('invalid', message, 'status')
}

/**
 * Before a write moves a reservation into the confirm or the cancel status, the host's before
 * hooks see the reservation as the write will make it. They run after every rule and Payload's
 * validation and before the ledger appends, so one that throws leaves nothing behind.
 */
export const beforeTransitionHooks = async (
  req: PayloadRequest,
  options: TenancyOptions & Pick<ResolvedOptions, 'cancelledStatus' | 'confirmedStatus' | 'hooks'>,
  state: ReservationState,
  next: ReservationState,
): Promise<void> => {
  if (state.kind !== 'active' || next.kind !== 'active' || state.reservation.status === next.reservation.status) {
    return
  }
  const hooks = hooksFor(next.reservation.status, options)
  if (hooks.length === 0) {
    return
  }
  // Hooks see what the after hooks see: no token digest.
  const { cancellationToken: _digest, ledgerRevision: _revision, ...doc } = reservationDocument(next.reservation, 0, reservationTenantField(req.payload, options))
  for (const hook of hooks) {
    try {
      await hook({ doc: doc as ReservationDoc, previousStatus: state.reservation.status, req })
    } catch (error) {
      throw asRefusal(error)
    }
  }
}
