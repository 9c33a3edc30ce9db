import type { LedgerEvent } from '../events/types.js'
import type { LedgerEventLine, LedgerHeader, LedgerTrailer } from './format.js'

import {
  CHECKPOINT_STREAM,
  EVENT_SCHEMA_VERSION,
  RESERVATION_STREAM_PREFIX,
  reservationStream,
  resourceStream,
  WAITLIST_STREAM_PREFIX,
  WAITLISTER_STREAM_PREFIX,
  waitlistStream,
} from '../events/types.js'
import { LedgerFileError } from './errors.js'
import { LEDGER_FORMAT, READABLE_FORMAT_VERSIONS, STREAM_PREFIX_OF_TYPE } from './format.js'

export type LedgerBodyLine = { event: LedgerEventLine; kind: 'event' } | { kind: 'end'; trailer: LedgerTrailer }

type Json = Record<string, unknown>

const EVENT_KEYS = new Set(['data', 'eventId', 'metadata', 'recordedAt', 'revision', 'stream', 'type'])
const TRAILER_KEYS = new Set(['end', 'events', 'streams'])

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value))

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

const isEventType = (value: unknown): value is LedgerEvent['type'] =>
  typeof value === 'string' && Object.hasOwn(STREAM_PREFIX_OF_TYPE, value)

const parseObject = (text: string, line: number): Json => {
  if (text.trim() === '') {
    throw new LedgerFileError(line, 'the line is empty')
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new LedgerFileError(line, `not JSON (${(error as Error).message})`)
  }
  if (!isRecord(value)) {
    throw new LedgerFileError(line, 'not a JSON object')
  }
  return value
}

/** Unknown keys are refused, not dropped: a backup that loses data without a word is worse than none. */
const assertOnlyKeys = (value: Json, allowed: Set<string>, line: number): void => {
  const extra = Object.keys(value).filter((key) => !allowed.has(key))
  if (extra.length > 0) {
    throw new LedgerFileError(line, `unknown field(s) ${extra.join(', ')}`)
  }
}

export const parseHeader = (text: string, line: number): LedgerHeader => {
  const value = parseObject(text, line)
  if (value.format !== LEDGER_FORMAT) {
    throw new LedgerFileError(line, `not a ${LEDGER_FORMAT} file (its first line must be the header)`)
  }
  if (!READABLE_FORMAT_VERSIONS.includes(value.version as number)) {
    throw new LedgerFileError(
      line,
      `format version ${JSON.stringify(value.version)} is not supported; this version reads ${READABLE_FORMAT_VERSIONS.join(', ')}`,
    )
  }
  if (!isTime(value.exportedAt) || !isText(value.source)) {
    throw new LedgerFileError(line, 'the header needs exportedAt (a date-time) and source (a store kind)')
  }
  return { exportedAt: value.exportedAt, format: LEDGER_FORMAT, source: value.source, version: value.version as number }
}

const checkActor = (actor: unknown): string | undefined => {
  if (!isRecord(actor)) {
    return 'metadata.actor must be an object'
  }
  switch (actor.kind) {
    case 'guest':
      return undefined
    case 'system':
      return isText(actor.name) ? undefined : 'metadata.actor.name is required for a system actor'
    case 'user':
      return isText(actor.collection) && isText(actor.id)
        ? undefined
        : 'metadata.actor needs collection and id for a user actor'
    default:
      return 'metadata.actor.kind must be guest, system or user'
  }
}

const checkMetadata = (metadata: unknown): string | undefined => {
  if (!isRecord(metadata)) {
    return 'metadata must be an object'
  }
  const { at, correlationId, reason, requestId, schemaVersion } = metadata
  if (!isTime(at)) {
    return 'metadata.at must be a date-time'
  }
  if (!isText(correlationId)) {
    return 'metadata.correlationId is required'
  }
  if (!Number.isSafeInteger(schemaVersion) || (schemaVersion as number) < 1) {
    return 'metadata.schemaVersion must be a whole number of at least 1'
  }
  // Events of a newer schema would be folded by deciders that do not know them.
  if ((schemaVersion as number) > EVENT_SCHEMA_VERSION) {
    return `metadata.schemaVersion ${String(schemaVersion)} is newer than this version's ${EVENT_SCHEMA_VERSION}`
  }
  if ((reason !== undefined && typeof reason !== 'string') || (requestId !== undefined && typeof requestId !== 'string')) {
    return 'metadata.reason and metadata.requestId must be text when present'
  }
  const { hash, previousHash } = metadata
  if ((hash !== undefined && !isText(hash)) || (previousHash !== undefined && previousHash !== null && !isText(previousHash))) {
    return 'metadata.hash and metadata.previousHash must be text when present'
  }
  return checkActor(metadata.actor)
}

const isHead = (head: unknown): boolean =>
  isRecord(head) && isText(head.stream) && isText(head.hash) && isCount(head.revision)

/** What is wrong with a checkpoint's envelope and data, if anything (its chain is checked as every stream's). */
const checkCheckpoint = ({ data, metadata, stream }: Json): string | undefined => {
  if (stream !== CHECKPOINT_STREAM) {
    return `a LedgerCheckpointed event belongs in ${CHECKPOINT_STREAM}, not ${JSON.stringify(stream)}`
  }
  if (!isRecord(data) || !Array.isArray(data.heads) || !data.heads.every(isHead)) {
    return 'data.heads must be a list of { stream, revision, hash }'
  }
  return checkMetadata(metadata)
}

/** What is wrong with a migration mark (`CapacityMovedToMonths`), if anything. */
const checkMovedToMonths = ({ data, metadata, stream }: Json): string | undefined => {
  if (!isRecord(data) || !isText(data.resourceId) || !Array.isArray(data.months) || !data.months.every(isText)) {
    return 'data must be { resourceId, months }'
  }
  if (stream !== resourceStream(data.resourceId)) {
    return `a CapacityMovedToMonths event belongs in ${resourceStream(data.resourceId)}, not ${JSON.stringify(stream)}`
  }
  return checkMetadata(metadata)
}

const parseEvent = (value: Json, line: number): LedgerEventLine => {
  assertOnlyKeys(value, EVENT_KEYS, line)
  const { data, eventId, metadata, recordedAt, revision, stream, type } = value
  const fail = (problem: string): never => {
    throw new LedgerFileError(line, problem)
  }
  if (type === 'LedgerCheckpointed' || type === 'CapacityMovedToMonths') {
    const problem = (type === 'LedgerCheckpointed' ? checkCheckpoint(value) : checkMovedToMonths(value)) ?? (isCount(revision) ? undefined : 'revision must be a whole number of at least 0')
    if (problem || !isText(eventId) || !isTime(recordedAt)) {
      return fail(problem ?? 'eventId (text) and recordedAt (a date-time) are required')
    }
    return { data, eventId, metadata, recordedAt, revision, stream, type } as unknown as LedgerEventLine
  }
  if (!isEventType(type)) {
    return fail(`unknown event type ${JSON.stringify(type)}`)
  }
  const prefix = STREAM_PREFIX_OF_TYPE[type]
  if (typeof stream !== 'string' || !stream.startsWith(prefix) || stream.length === prefix.length) {
    return fail(`a ${type} event belongs in a ${prefix}… stream, not ${JSON.stringify(stream)}`)
  }
  if (!isCount(revision)) {
    return fail('revision must be a whole number of at least 0')
  }
  if (prefix === WAITLIST_STREAM_PREFIX) {
    if (!isRecord(data) || !isText(data.entryId) || stream !== waitlistStream(data.entryId)) {
      return fail(`data must be an object whose entryId names stream ${JSON.stringify(stream)}`)
    }
  } else if (prefix === WAITLISTER_STREAM_PREFIX) {
    if (!isRecord(data) || !isText(data.entryId) || !isTime(data.to)) {
      return fail('data must be an object with an entryId and a to (a date-time)')
    }
  } else if (!isRecord(data) || !isText(data.reservationId)) {
    return fail('data must be an object with a reservationId')
  }
  // Projections find a reservation's stream from the id in its events: they must agree.
  if (prefix === RESERVATION_STREAM_PREFIX && stream !== reservationStream(String(data.reservationId))) {
    return fail(`data.reservationId ${data.reservationId} does not match stream ${stream}`)
  }
  const metadataProblem = checkMetadata(metadata)
  if (metadataProblem) {
    return fail(metadataProblem)
  }
  if (!isText(eventId) || !isTime(recordedAt)) {
    return fail('eventId (text) and recordedAt (a date-time) are required')
  }
  // The envelope is checked above; the fields of each event type's data are the deciders'.
  return { data, eventId, metadata, recordedAt, revision, stream, type } as LedgerEventLine
}

const parseTrailer = (value: Json, line: number): LedgerTrailer => {
  assertOnlyKeys(value, TRAILER_KEYS, line)
  if (value.end !== true || !isCount(value.events) || !isCount(value.streams)) {
    throw new LedgerFileError(line, 'the end line must be {"end":true,"events":<count>,"streams":<count>}')
  }
  return { end: true, events: value.events, streams: value.streams }
}

/** A line after the header: an event, or the end line (the only kind with an `end` field). */
export const parseBodyLine = (text: string, line: number): LedgerBodyLine => {
  const value = parseObject(text, line)
  return Object.hasOwn(value, 'end')
    ? { kind: 'end', trailer: parseTrailer(value, line) }
    : { event: parseEvent(value, line), kind: 'event' }
}
