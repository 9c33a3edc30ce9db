import type { JsMsg } from '@nats-io/jetstream'
import type { MsgHdrs } from '@nats-io/transport-node'

import type { NewEvent, RecordedEvent, StoredEvent } from '../types.js'

/**
 * Pure translations between the EventStore port and JetStream messages.
 *
 * One message is one append: its body holds the append's events, so an append of several
 * events to one ledger stream is all-or-nothing (2.9 has no batch publish). Its subject is
 * `<JetStream stream>.<ledger stream name, escaped>`, so a ledger stream is a subject and the
 * subject's last sequence is the concurrency token. Two headers tie messages into streams:
 * the revision of the message's first event, and the sequence of the subject's message
 * before it (what `Nats-Expected-Last-Subject-Sequence` was checked against), so a stream can
 * be read back from its head one message at a time.
 *
 * Positions: the stream sequence of the message (20 digits) and the event's index in it
 * (6 digits), so string order is commit order.
 */

/** The NATS client's packages, optional peer dependencies loaded when the store connects. */
export interface NatsClientModules {
  jetstream: typeof import('@nats-io/jetstream')
  transport: typeof import('@nats-io/transport-node')
}

export const REVISION_HEADER = 'Reserve-Revision'
export const PREVIOUS_HEADER = 'Reserve-Previous-Sequence'

/** What a message's body holds. */
export interface AppendBody {
  events: { data: unknown; eventId: string; metadata: unknown; type: string }[]
  recordedAt: string
}

/** A message of the ledger, as read by sequence, by subject or from a consumer. */
export interface LedgerMessage {
  data: Uint8Array
  header: MsgHdrs | undefined
  seq: number
  subject: string
}

/** A message a consumer delivered, as the store reads it. */
export const fromConsumer = ({ data, headers, seq, subject }: JsMsg): LedgerMessage => ({ data, header: headers, seq, subject })

/** The part of a ledger message the store reasons about: where it is and which revisions it holds. */
export interface MessageHead {
  count: number
  /** Revision of the message's first event. */
  first: number
  /** Sequence of the subject's previous message; 0 for the stream's first. */
  previous: number
  seq: number
}

/** Characters kept as they are in a subject token; every other UTF-8 byte becomes `_XX`. */
const PLAIN = /[A-Za-z0-9-]/

export const encodeStreamName = (stream: string): string =>
  Array.from(new TextEncoder().encode(stream), (byte) => {
    const char = String.fromCharCode(byte)
    return byte < 0x80 && PLAIN.test(char) ? char : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }).join('')

export const decodeStreamName = (token: string): string => {
  const bytes: number[] = []
  for (let index = 0; index < token.length; index++) {
    if (token[index] === '_') {
      bytes.push(Number.parseInt(token.slice(index + 1, index + 3), 16))
      index += 2
    } else {
      bytes.push(token.charCodeAt(index))
    }
  }
  return new TextDecoder().decode(Uint8Array.from(bytes))
}

export const subjectOf = (jetStream: string, stream: string): string => `${jetStream}.${encodeStreamName(stream)}`

export const streamOfSubject = (subject: string): string => decodeStreamName(subject.slice(subject.indexOf('.') + 1))

const SEQ_DIGITS = 20
const INDEX_DIGITS = 6
const POSITION = /^(\d{20})\.(\d{6})$/

export const encodePosition = (seq: number, index: number): string =>
  `${String(seq).padStart(SEQ_DIGITS, '0')}.${String(index).padStart(INDEX_DIGITS, '0')}`

export const decodePosition = (position: string): { index: number; seq: number } => {
  const match = POSITION.exec(position)
  if (!match) {
    throw new Error(`Not a position of the jetstream event store: ${position}`)
  }
  return { index: Number(match[2]), seq: Number(match[1]) }
}

const headerNumber = (message: LedgerMessage, name: string): number => {
  const value = Number(message.header?.get(name))
  if (!Number.isSafeInteger(value)) {
    throw new Error(`JetStream message ${message.seq} on ${message.subject} has no ${name} header`)
  }
  return value
}

const bodyOf = (message: LedgerMessage): AppendBody => JSON.parse(new TextDecoder().decode(message.data)) as AppendBody

export const headOf = (message: LedgerMessage): MessageHead => ({
  count: bodyOf(message).events.length,
  first: headerNumber(message, REVISION_HEADER),
  previous: headerNumber(message, PREVIOUS_HEADER),
  seq: message.seq,
})

/** Revision of the message's last event. */
export const lastRevision = ({ count, first }: MessageHead): number => first + count - 1

/**
 * The message to publish for an append at `previous` (the subject's last sequence, 0 for a
 * new stream): the body is fixed once, so every retry proposes the same bytes.
 */
export const toMessage = (
  nats: NatsClientModules,
  events: NewEvent<StoredEvent>[],
  eventIds: string[],
  firstRevision: number,
  previous: number,
  recordedAt: string,
): { body: string; header: MsgHdrs } => {
  const header = nats.transport.headers()
  header.set(REVISION_HEADER, String(firstRevision))
  header.set(PREVIOUS_HEADER, String(previous))
  const body: AppendBody = {
    events: events.map(({ data, metadata, type }, index) => ({ data, eventId: eventIds[index], metadata, type })),
    recordedAt,
  }
  return { body: JSON.stringify(body), header }
}

/** The port's events a message holds. */
export const toRecordedEvents = (message: LedgerMessage): RecordedEvent[] => {
  const { events, recordedAt } = bodyOf(message)
  const first = headerNumber(message, REVISION_HEADER)
  const stream = streamOfSubject(message.subject)
  return events.map(
    ({ data, eventId, metadata, type }, index) =>
      ({
        data,
        eventId,
        metadata,
        position: encodePosition(message.seq, index),
        recordedAt,
        revision: first + index,
        stream,
        type,
      }) as RecordedEvent,
  )
}

/** The server refused a publish because the subject's last sequence was not the one expected. */
export const isWrongLastSequence = ({ jetstream }: NatsClientModules, error: unknown): boolean =>
  error instanceof jetstream.JetStreamApiError &&
  (error.code === jetstream.JetStreamApiCodes.StreamWrongLastSequence ||
    error.code === jetstream.JetStreamApiCodes.StreamWrongLastSequenceUnknown)

/** JetStream answered that it is not available right now (no stream leader, no quorum). */
const UNAVAILABLE = 503

/**
 * Failures worth retrying: a timeout, no responders (a stream without a leader, which the
 * client reports as "jetstream is not enabled" with the cause attached), a connection being
 * re-established, and JetStream's own "temporarily unavailable". For a publish they are
 * ambiguous: it may have been written, which the message id makes harmless.
 */
export const isTransientError = (nats: NatsClientModules, error: unknown): boolean => {
  const { errors } = nats.transport
  const { JetStreamApiError, JetStreamError } = nats.jetstream
  const transient = [errors.TimeoutError, errors.NoRespondersError, errors.RequestError, errors.ConnectionError]
  if (transient.some((type) => error instanceof type)) {
    return true
  }
  if (error instanceof JetStreamApiError) {
    return error.status === UNAVAILABLE
  }
  if (error instanceof JetStreamError && (error as { code?: unknown }).code === UNAVAILABLE) {
    return true
  }
  return error instanceof Error && error.cause !== undefined && isTransientError(nats, error.cause)
}
