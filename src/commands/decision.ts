import type { AppendRequest, EventStore } from '../events/store.js'
import type { EventMetadata, Interval, LedgerEvent, NewEvent, ReservationEvent } from '../events/types.js'
import type { BusyIndex } from '../capacity/busy-index.js'
import type { CapacityStream } from '../events/capacity-streams.js'
import type { ReservationState } from './reservation-state.js'
import type { ReservationPolicy } from './reservation-commands.js'

import { byStreamName, intervalsByResource, monthClaims, sameClaim } from '../capacity/claims.js'
import { NO_STREAM } from '../events/store.js'
import { CommandRejected, isCommandRejected } from '../events/rejection.js'
import { reservationStream } from '../events/types.js'
import { heldClaims } from './reservation-state.js'

/** What the command handler and its commit strategies work with. */
export interface LedgerDeps {
  busy: BusyIndex
  /** Number of units a resource offers; read when a claim is decided. */
  capacityOf: (resourceId: string) => Promise<number>
  clock?: () => Date
  /** Attempts per command when a stream moved under it (optimistic concurrency). */
  maxAttempts?: number
  policy: ReservationPolicy
  store: EventStore
}

/** What one attempt of a command decided, for a commit strategy to append. */
export interface Decision {
  after: ReservationState
  before: ReservationState
  /** Claims are recorded whatever the capacity (`ExecuteOptions.beyondCapacity`). */
  beyondCapacity: boolean
  events: ReservationEvent[]
  /** Other streams the decision read, appended with the revision it read them at (a hold's holder stream). */
  fences: AppendRequest[]
  /** The idempotency stream the booking must claim, if any. */
  guard: null | string
  metadata: EventMetadata
  /** Whether claims may be decided on this process's view without reading the stream heads. */
  optimistic: boolean
  reservationId: string
  /** The reservation stream's revision the decision read. */
  revision: number
}

/** A month stream whose claim the decision changes, and what the reservation holds there after it. */
export interface ClaimChange {
  final: Interval[]
  resource: string
  stream: CapacityStream
}

export const withMetadata = (events: LedgerEvent[], metadata: EventMetadata): NewEvent[] =>
  events.map((event) => ({ ...event, metadata }) as NewEvent)

/**
 * The month streams whose claim differs before and after the decision, in stream-name order: a
 * claim spanning months changes in each month it reaches into.
 */
export const claimChanges = ({ after, before }: Decision, policy: ReservationPolicy): ClaimChange[] => {
  const was = intervalsByResource(heldClaims(before, policy.statusMachine))
  const will = intervalsByResource(heldClaims(after, policy.statusMachine))
  return [...new Set([...was.keys(), ...will.keys()])]
    .flatMap((resource) =>
      monthClaims(resource, was.get(resource) ?? [], will.get(resource) ?? [])
        .filter((claim) => !sameClaim(claim.was, claim.final))
        .map(({ final, stream }) => ({ final, resource, stream })),
    )
    .sort((a, b) => byStreamName(a.stream, b.stream))
}

export const reservationAppend = ({ events, metadata, reservationId, revision }: Decision): AppendRequest => ({
  events: withMetadata(events, metadata),
  expectedRevision: revision,
  stream: reservationStream(reservationId),
})

export const guardAppend = ({ guard, metadata, reservationId }: Decision): AppendRequest | null =>
  guard
    ? {
        events: withMetadata([{ data: { reservationId }, type: 'IdempotencyKeyUsed' }], metadata),
        expectedRevision: NO_STREAM,
        stream: guard,
      }
    : null

export const keyReused = () => new CommandRejected('invalid', 'idempotencyKey has already been used', 'idempotencyKey')

/** The field a conflict on `resource` is reported at: the top-level start, or the item that needs it. */
const claimPath = (state: ReservationState, resource: string): string => {
  if (state.kind !== 'active' || String(state.reservation.resource) === resource) {
    return 'startTime'
  }
  const index = state.reservation.items.findIndex((item) => String(item.resource) === resource)
  return index < 0 ? 'startTime' : `items.${index}.startTime`
}

/** A capacity conflict on `resource`, reported at the field of `state` that asked for it. */
export const conflictOn = (error: unknown, state: ReservationState, resource: string): unknown =>
  isCommandRejected(error) && error.kind === 'conflict'
    ? new CommandRejected('conflict', error.message, claimPath(state, resource))
    : error

/** A capacity conflict on `resource`, reported at the field that asked for it. */
export const conflictAt = (error: unknown, decision: Decision, resource: string): unknown =>
  conflictOn(error, decision.after, resource)
