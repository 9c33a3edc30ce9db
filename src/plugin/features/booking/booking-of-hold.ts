import type { PayloadRequest } from 'payload'

import { ValidationError } from 'payload'

import type { HoldHolder } from '../../../events/types.js'
import type { ResolvedOptions, RoleOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { isHolder, requireHold } from '../../../commands/hold-rules.js'
import { CommandRejected, isCommandRejected } from '../../../events/rejection.js'
import { MESSAGES } from '../../../contract/messages.js'
import { commandMeta } from './command-meta.js'
import { toPayloadError } from '../../shared/refusals.js'
import { holdCallerOf, isHoldId } from '../../shared/hold-caller.js'

/** Where POST /api/reserve/book leaves the hold it books for the write hooks (HTTP callers cannot set `req.context`). */
const HOLD_BOOKING = 'reserveHoldBooking'

/** The hold a booking turns into its reservation, and who asks to. */
export interface HoldBooking {
  caller: HoldHolder
  holdId: string
}

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === ''

/**
 * The booking data of POST /api/reserve/book with `holdId`: checked to name a live hold of the
 * caller (a user, or a guest presenting `holdToken`), which is left on the request for the write
 * hooks, and filled from the hold where the body leaves the schedule (service, resource, times,
 * guest count, items) or the customer or guest out. The ledger decides again as it books
 * (expiry, holder, the held schedule). Data without `holdId` comes back as it is.
 */
export const withHoldBooked = async (
  req: PayloadRequest,
  options: RoleOptions & Pick<ResolvedOptions, 'debug'>,
  services: Services<Pick<ReserveRuntime, 'ledger'>>,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> => {
  const { holdId, holdToken, ...rest } = data
  if (isBlank(holdId)) {
    return rest
  }
  const refuse = (error: CommandRejected) => toPayloadError(error, options.slugs.reservations)
  if (typeof holdId !== 'string' || (!isBlank(holdToken) && typeof holdToken !== 'string')) {
    throw new ValidationError({ collection: options.slugs.reservations, errors: [{ message: MESSAGES.holdTokenType, path: 'holdId' }] })
  }
  const caller = holdCallerOf(commandMeta(req, options), typeof holdToken === 'string' ? holdToken : null)
  const { state } = isHoldId(holdId) ? await services.of(req.payload).ledger.load(holdId) : { state: { kind: 'absent' as const } }
  try {
    const hold = requireHold(state)
    if (!isHolder(hold.holder, caller)) {
      throw new CommandRejected('forbidden', 'Only whoever placed the hold can book it', 'holdId')
    }
    req.context[HOLD_BOOKING] = { caller, holdId } satisfies HoldBooking
    const { customer, endTime, guest, guestCount, items, resource, service, startTime } = hold
    return {
      ...(customer == null ? {} : { customer }),
      ...(guest == null ? {} : { guest }),
      endTime,
      guestCount,
      items,
      resource,
      service,
      startTime,
      ...rest,
    }
  } catch (error) {
    throw isCommandRejected(error) ? refuse(error) : error
  }
}

/** The hold this request's booking turns into its reservation, taken once (a second create in the request books afresh). */
export const takeHoldBooking = (req: PayloadRequest): HoldBooking | undefined => {
  const booking = req.context[HOLD_BOOKING] as HoldBooking | undefined
  delete req.context[HOLD_BOOKING]
  return booking
}
