import type { PayloadRequest } from 'payload'

import type { CommandMeta } from '../../../../commands/ledger.js'
import type { BookingPlan, Guest, RelationId } from '../../../../events/types.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../../options.js'
import type { ReserveRuntime, Services } from '../../../services.js'

/**
 * What a booking rule sees: a create, or an update of an existing reservation, before any
 * ledger command runs. A rule throws `CommandRejected` to refuse the write.
 */
export interface BookingRuleContext {
  /** The reservation's customer once the write is applied. */
  customer: null | RelationId
  data: Record<string, unknown>
  /** The reservation's guest details once the write is applied (null when none are given). */
  guest: Guest | null
  meta: CommandMeta
  operation: 'create' | 'update'
  options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'allowGuestBooking' | 'bookingWindow' | 'enforceActive' | 'getExternalBusy' | 'timezone'>
  originalDoc?: Record<string, unknown>
  /** The booking plan the write leads to; null on an update that does not move the booking. */
  plan: BookingPlan | null
  req: PayloadRequest
  /** The running ledger's services the rules read. */
  services: Services<Pick<ReserveRuntime, 'feeds'>>
}

export type BookingRule = (context: BookingRuleContext) => Promise<void> | void

/**
 * A guest booking: no customer, and either guest details or an anonymous caller. Server code
 * and signed-in staff may book without a customer (a walk-in) without it counting as one.
 */
export const isGuestBooking = ({ customer, guest, meta }: BookingRuleContext): boolean =>
  customer === null && (guest !== null || meta.actor.kind === 'guest')
