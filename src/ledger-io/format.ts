import type { LedgerEvent, RecordedEvent, WaitlistEntryCounted, WaitlistEvent } from '../events/types.js'

import {
  HOLDER_STREAM_PREFIX,
  IDEMPOTENCY_STREAM_PREFIX,
  RESERVATION_STREAM_PREFIX,
  RESOURCE_STREAM_PREFIX,
  WAITLIST_STREAM_PREFIX,
  WAITLISTER_STREAM_PREFIX,
} from '../events/types.js'

/**
 * The ledger file: NDJSON, one JSON object per line.
 *
 * 1. a header: `{"format":"payload-reserve-ledger","version":2,"exportedAt":…,"source":…}`
 * 2. one line per event, in the source store's position order:
 *    `{"stream","revision","type","data","metadata","eventId","recordedAt"}`; the metadata
 *    carries each event's hash chain (`hash`, `previousHash`), and the `reserve-checkpoints`
 *    stream's `LedgerCheckpointed` events are lines like any other (version 2; version 1 files,
 *    which have neither, are still read)
 * 3. an end line: `{"end":true,"events":N,"streams":M}`. It comes last because an export
 *    streams the ledger in one pass; its counts are what tells a complete file from a
 *    truncated one.
 *
 * Positions are not exported: they belong to the source store, and the target assigns its own
 * in the file's order.
 *
 * Version 3 adds the events of holds (`ReservationHeld`, `HoldExpired`, `HoldReleased` on
 * reservation streams, `HoldPlaced` on `reserve-holder-` streams); its lines are shaped as in 2.
 * It is a version of its own so that an older reader refuses the file at its header instead of
 * part way through (a reader that does not know a type still refuses its line by name before
 * writing anything, as for `ReservationAdopted`, which came without a version).
 *
 * Version 4 adds recurring bookings (`ReservationBooked.data.seriesId`, the series an occurrence
 * belongs to) and the waitlist's events (`WaitlistJoined`, `WaitlistOffered`, `WaitlistLeft`,
 * `WaitlistExpired` on `reserve-waitlist-` streams, whose data names the stream by `entryId`
 * instead of `reservationId`), with `WaitlistEntryCounted` on `reserve-waitlister-` streams (the
 * entries of one contact, by `entryId`). Its lines are shaped as in 3; it is a version of its own so that
 * an older reader refuses the file at its header rather than import it and lose what it adds.
 */
export const LEDGER_FORMAT = 'payload-reserve-ledger'
export const LEDGER_FORMAT_VERSION = 4
/** Versions this one reads: 1 is 2 without hashes or checkpoints; 2 is 3 without holds; 3 is 4 without series and the waitlist. */
export const READABLE_FORMAT_VERSIONS: readonly number[] = [1, 2, 3, 4]

/** What every stream of the ledger starts with; other streams in a shared store are not ours. */
export const LEDGER_STREAM_PREFIX = 'reserve-'

export interface LedgerHeader {
  exportedAt: string
  format: typeof LEDGER_FORMAT
  /** `kind` of the store it came from. */
  source: string
  version: number
}

/** One event as a line: a recorded event without its store-specific position. */
export type LedgerEventLine = Omit<RecordedEvent, 'position'>

export interface LedgerSummary {
  events: number
  streams: number
}

export interface LedgerTrailer extends LedgerSummary {
  end: true
}

/** Progress of an export or import: events and distinct streams handled so far. */
export type LedgerProgress = LedgerSummary

/**
 * The stream family each event type belongs to. A Record over the union, so a new event type
 * does not compile until it is placed here and the file format knows it.
 */
export const STREAM_PREFIX_OF_TYPE: Record<LedgerEvent['type'] | WaitlistEntryCounted['type'] | WaitlistEvent['type'], string> = {
  CapacityClaimed: RESOURCE_STREAM_PREFIX,
  CapacityReleased: RESOURCE_STREAM_PREFIX,
  HoldExpired: RESERVATION_STREAM_PREFIX,
  HoldPlaced: HOLDER_STREAM_PREFIX,
  HoldReleased: RESERVATION_STREAM_PREFIX,
  IdempotencyKeyUsed: IDEMPOTENCY_STREAM_PREFIX,
  ReservationAbandoned: RESERVATION_STREAM_PREFIX,
  ReservationAdopted: RESERVATION_STREAM_PREFIX,
  ReservationBooked: RESERVATION_STREAM_PREFIX,
  ReservationClaimsReconciled: RESERVATION_STREAM_PREFIX,
  ReservationDeleted: RESERVATION_STREAM_PREFIX,
  ReservationDetailsUpdated: RESERVATION_STREAM_PREFIX,
  ReservationHeld: RESERVATION_STREAM_PREFIX,
  ReservationRescheduled: RESERVATION_STREAM_PREFIX,
  ReservationStatusChanged: RESERVATION_STREAM_PREFIX,
  ReservationWriteVoided: RESERVATION_STREAM_PREFIX,
  WaitlistEntryCounted: WAITLISTER_STREAM_PREFIX,
  WaitlistExpired: WAITLIST_STREAM_PREFIX,
  WaitlistJoined: WAITLIST_STREAM_PREFIX,
  WaitlistLeft: WAITLIST_STREAM_PREFIX,
  WaitlistOffered: WAITLIST_STREAM_PREFIX,
}

export const headerLine = (source: string, exportedAt: Date): string => {
  // Format and version first: someone opening the file sees at once what it is.
  const header: LedgerHeader = {
    format: LEDGER_FORMAT,
    version: LEDGER_FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    source,
  }
  return `${JSON.stringify(header)}\n`
}

/** Keys in a fixed, readable order, whatever order the store returned them in. */
export const eventLine = (event: RecordedEvent): string => {
  const line = {
    stream: event.stream,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    eventId: event.eventId,
    recordedAt: event.recordedAt,
  }
  return `${JSON.stringify(line)}\n`
}

export const trailerLine = ({ events, streams }: LedgerSummary): string => {
  const trailer: LedgerTrailer = { end: true, events, streams }
  return `${JSON.stringify(trailer)}\n`
}
