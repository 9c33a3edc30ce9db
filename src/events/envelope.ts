import type { CapacityMovedToMonths, ResourceEvent } from './capacity-events.js'
import type { LedgerCheckpointed } from './checkpoint-events.js'
import type { HoldPlaced, IdempotencyKeyUsed, WaitlistEntryCounted } from './guard-events.js'
import type { ReservationEvent } from './reservation-events.js'
import type { WaitlistEvent } from './waitlist-events.js'

/**
 * What every event in the store carries around its type and data: who decided it and when, its
 * place in its stream and in the store.
 */

export const EVENT_SCHEMA_VERSION = 1

export type Actor =
  | { kind: 'guest' }
  | { kind: 'system'; name: string }
  | { collection: string; id: string; kind: 'user' }

export interface EventMetadata {
  actor: Actor
  /** Time the command was decided (ISO 8601, UTC). */
  at: string
  /** The reservation the event belongs to (correlation id across streams). */
  correlationId: string
  /** SHA-256 of the event in its stream's hash chain (`hash-chain/event-hash.ts`); absent on events written before it. */
  hash?: string
  /** The hash of the stream's previous event, `null` on revision 0. */
  previousHash?: null | string
  reason?: string
  requestId?: string
  schemaVersion: number
}

/** The events that belong to a reservation: what its deciders, projections and hooks read. */
export type LedgerEvent = HoldPlaced | IdempotencyKeyUsed | ReservationEvent | ResourceEvent

/** Every event the store holds, of every stream family. */
export type StoredEvent = CapacityMovedToMonths | LedgerCheckpointed | LedgerEvent | WaitlistEntryCounted | WaitlistEvent

/** An event to append: the store assigns its id, revision, position and record time. */
export type NewEvent<E extends StoredEvent = LedgerEvent> = E & { metadata: EventMetadata }

/** An event as committed to a stream. */
export type RecordedEvent<E extends StoredEvent = LedgerEvent> = {
  eventId: string
  metadata: EventMetadata
  /** Global order key of the store, comparable as a string within one store. */
  position: string
  /** Time the store committed it (ISO 8601). */
  recordedAt: string
  /** 0-based revision within the stream. */
  revision: number
  stream: string
} & E
