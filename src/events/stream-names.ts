import type { RecordedEvent } from './envelope.js'
import type { ResourceEvent } from './capacity-events.js'
import type { ReservationEvent } from './reservation-events.js'

/** Every ledger stream's name starts with this, in a store the ledger may share. */
export const LEDGER_STREAM_PREFIX = 'reserve-'
export const RESOURCE_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}resource-`
export const RESERVATION_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}reservation-`
export const IDEMPOTENCY_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}idempotency-`
export const HOLDER_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}holder-`
export const WAITLIST_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}waitlist-`
/** Not a waitlist stream: `reserve-waitlister-` does not start with `reserve-waitlist-`. */
export const WAITLISTER_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}waitlister-`
/** The one stream of hash-chain checkpoints. */
export const CHECKPOINT_STREAM = `${LEDGER_STREAM_PREFIX}checkpoints`

/** A resource's one capacity stream in the first layout; see `capacity-streams.ts` for today's. */
export const resourceStream = (resourceId: string): string => `${RESOURCE_STREAM_PREFIX}${resourceId}`
export const reservationStream = (reservationId: string): string =>
  `${RESERVATION_STREAM_PREFIX}${reservationId}`

export const waitlistStream = (entryId: string): string => `${WAITLIST_STREAM_PREFIX}${entryId}`

export const isWaitlistEvent = (event: RecordedEvent): boolean => event.stream.startsWith(WAITLIST_STREAM_PREFIX)

export const isReservationEvent = (event: RecordedEvent): event is RecordedEvent<ReservationEvent> =>
  event.stream.startsWith(RESERVATION_STREAM_PREFIX)

/** Whether an event is the mark of a first-layout resource stream whose claims were moved to month streams. */
export const isMovedToMonths = (event: RecordedEvent | undefined): boolean =>
  (event?.type as string | undefined) === 'CapacityMovedToMonths'

export const isResourceEvent = (event: RecordedEvent): event is RecordedEvent<ResourceEvent> =>
  event.stream.startsWith(RESOURCE_STREAM_PREFIX) && !isMovedToMonths(event)
