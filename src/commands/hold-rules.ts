import { createHash, timingSafeEqual } from 'node:crypto'

import type { BookingPlan, HoldHolder } from '../events/types.js'
import type { DecisionContext, ReservationPolicy } from './reservation-commands.js'
import type { Hold, ReservationState } from './reservation-state.js'

import { CommandRejected } from '../events/rejection.js'

const sameDigest = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** Whether `caller` is who placed the hold: the same user, or a guest whose token hashes to the hold's digest. */
export const isHolder = (holder: HoldHolder, caller: HoldHolder): boolean => {
  switch (holder.kind) {
    case 'guest':
      return caller.kind === 'guest' && sameDigest(holder.tokenHash, caller.tokenHash)
    case 'system':
      return caller.kind === 'system'
    case 'user':
      return caller.kind === 'user' && caller.collection === holder.collection && caller.id === holder.id
  }
}

/**
 * A holder as one string, which the holds collection keeps in each hold's row so that listing
 * holds can tell the caller's without reading each hold's stream: `user:<collection>:<id>`,
 * `guest:<token digest>` or `system`.
 */
export const holderRef = (holder: HoldHolder): string => {
  switch (holder.kind) {
    case 'guest':
      return `guest:${holder.tokenHash}`
    case 'system':
      return 'system'
    case 'user':
      return `user:${holder.collection}:${holder.id}`
  }
}

/** The SHA-256 hex digest a guest's hold token is stored and compared as. */
export const holdTokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex')

/** The hold a command names: refused when there is none, it ended, or it became a reservation. */
export const requireHold = (state: ReservationState): Hold => {
  switch (state.kind) {
    case 'held':
      return state.hold
    case 'abandoned':
      throw new CommandRejected('conflict', 'The hold has expired or was released', 'holdId')
    case 'active':
    case 'deleted':
      throw new CommandRejected('conflict', 'The hold has already been booked', 'holdId')
    case 'absent':
      throw new CommandRejected('not-found', 'Hold not found', 'holdId')
  }
}

/** A hold is live until its expiry, and only then may it be expired. */
export const isExpired = (hold: Hold, now: Date): boolean => now.getTime() >= Date.parse(hold.expiresAt)

/** Live holds per caller when the plugin sets no `maxHoldsPerCaller`. */
export const DEFAULT_MAX_HOLDS = 3

const SCHEDULE_KEYS = ['service', 'resource', 'startTime', 'endTime', 'guestCount'] as const

/** A booking of a hold is for the held schedule: the first field that differs is refused. */
export const checkHeldSchedule = (hold: Hold, plan: BookingPlan): void => {
  const differs = SCHEDULE_KEYS.find((key) => String(hold[key]) !== String(plan[key]))
  if (differs) {
    throw new CommandRejected('invalid', `${differs} differs from the hold's; leave it out or send the hold's`, differs)
  }
  const resources = (items: BookingPlan['items']) => JSON.stringify(items.map((item) => String(item.resource)))
  if (resources(hold.items) !== resources(plan.items)) {
    throw new CommandRejected('invalid', "items differ from the hold's; leave them out or send the hold's", 'items')
  }
}

/** A new hold: its expiry ahead, and within the caller's limit of live holds (privileged staff have none). */
export const checkNewHold = (expiresAt: string, policy: ReservationPolicy, { liveHolds, now, privileged }: DecisionContext): void => {
  if (!(Date.parse(expiresAt) > now.getTime())) {
    throw new CommandRejected('invalid', 'expiresAt must be in the future', 'expiresAt')
  }
  const limit = policy.maxHoldsPerCaller ?? DEFAULT_MAX_HOLDS
  if (!privileged && (liveHolds ?? 0) >= limit) {
    throw new CommandRejected(
      'limit',
      `You already hold ${limit} time(s), the most one caller may hold at once; book or release one first`,
      'holdId',
    )
  }
}
