import { describe, expect, it } from 'vitest'

import type { RecordedEvent } from '../../../src/events/types.js'

import { LedgerFileError } from '../../../src/ledger-io/errors.js'
import { eventLine, headerLine, trailerLine } from '../../../src/ledger-io/format.js'
import { parseBodyLine, parseHeader } from '../../../src/ledger-io/parse.js'

const RESERVATION = '0190c0de-0000-7000-8000-000000000001'

const recorded = {
  data: { from: 'pending', reservationId: RESERVATION, to: 'confirmed' },
  eventId: '0190c0de-0001-7000-8000-000000000009',
  metadata: {
    actor: { collection: 'users', id: '7', kind: 'user' },
    at: '2030-01-01T08:00:00.000Z',
    correlationId: RESERVATION,
    reason: 'phoned',
    schemaVersion: 1,
  },
  position: '0000000000000042',
  recordedAt: '2030-01-01T08:00:00.015Z',
  revision: 1,
  stream: `reserve-reservation-${RESERVATION}`,
  type: 'ReservationStatusChanged',
} as RecordedEvent

/** The event line of `recorded` with some fields replaced (undefined removes one). */
const lineWith = (changes: Record<string, unknown>): string => {
  const value: Record<string, unknown> = { ...JSON.parse(eventLine(recorded)), ...changes }
  return JSON.stringify(Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)))
}

const failure = (run: () => unknown): LedgerFileError => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(LedgerFileError)
    return error as LedgerFileError
  }
  throw new Error('expected a LedgerFileError')
}

describe('ledger file lines', () => {
  it('round-trips the header', () => {
    const text = headerLine('payload', new Date('2031-02-03T04:05:06.789Z'))
    expect(text.endsWith('\n')).toBe(true)
    expect(parseHeader(text.trimEnd(), 1)).toEqual({
      exportedAt: '2031-02-03T04:05:06.789Z',
      format: 'payload-reserve-ledger',
      source: 'payload',
      version: 4,
    })
  })

  it('writes an event as one line with the fields in a fixed order and no position', () => {
    const text = eventLine(recorded)
    expect(text.indexOf('\n')).toBe(text.length - 1)
    expect(Object.keys(JSON.parse(text))).toEqual(['stream', 'revision', 'type', 'data', 'metadata', 'eventId', 'recordedAt'])
  })

  it('reads the headers of versions 1, 2 and 3: files exported before holds, series or the waitlist still import', () => {
    for (const version of [1, 2, 3]) {
      const header = `{"format":"payload-reserve-ledger","version":${version},"exportedAt":"2030-01-01T00:00:00.000Z","source":"payload"}`
      expect(parseHeader(header, 1)).toMatchObject({ version })
    }
  })

  it('reads the events of a hold and of its holder stream', () => {
    const held = lineWith({ data: { expiresAt: '2031-01-01T00:10:00.000Z', holder: { kind: 'system' }, reservationId: RESERVATION }, type: 'ReservationHeld' })
    expect(parseBodyLine(held, 2)).toMatchObject({ event: { type: 'ReservationHeld' }, kind: 'event' })
    const placed = lineWith({ data: { expiresAt: '2031-01-01T00:10:00.000Z', reservationId: RESERVATION }, stream: 'reserve-holder-ab12', type: 'HoldPlaced' })
    expect(parseBodyLine(placed, 2)).toMatchObject({ event: { stream: 'reserve-holder-ab12', type: 'HoldPlaced' }, kind: 'event' })
    const misplaced = lineWith({ data: { expiresAt: '2031-01-01T00:10:00.000Z', reservationId: RESERVATION }, type: 'HoldPlaced' })
    expect(() => parseBodyLine(misplaced, 2)).toThrow('a HoldPlaced event belongs in a reserve-holder-… stream')
  })

  it('reads the events of a waitlist stream, whose data names it by entryId', () => {
    const stream = 'reserve-waitlist-w1'
    for (const [type, data] of [
      ['WaitlistJoined', { entryId: 'w1', from: '2031-01-02T09:00:00.000Z', owner: { kind: 'system' }, service: 1, to: '2031-01-02T10:00:00.000Z' }],
      ['WaitlistOffered', { entryId: 'w1', expiresAt: '2031-01-01T00:10:00.000Z', holdId: RESERVATION }],
      ['WaitlistLeft', { entryId: 'w1' }],
      ['WaitlistExpired', { entryId: 'w1' }],
    ] as const) {
      expect(parseBodyLine(lineWith({ data, stream, type }), 2)).toMatchObject({ event: { stream, type }, kind: 'event' })
    }
    expect(() => parseBodyLine(lineWith({ data: { entryId: 'w2' }, stream, type: 'WaitlistLeft' }), 2)).toThrow('entryId names stream')
    expect(() => parseBodyLine(lineWith({ data: { entryId: 'w1' }, type: 'WaitlistLeft' }), 2)).toThrow('a WaitlistLeft event belongs in a reserve-waitlist-… stream')
  })

  it('reads the entries a waitlister stream counts, by entryId and to', () => {
    const stream = 'reserve-waitlister-ab12'
    const counted = lineWith({ data: { entryId: 'w1', to: '2031-01-02T10:00:00.000Z' }, stream, type: 'WaitlistEntryCounted' })
    expect(parseBodyLine(counted, 2)).toMatchObject({ event: { stream, type: 'WaitlistEntryCounted' }, kind: 'event' })
    expect(() => parseBodyLine(lineWith({ data: { entryId: 'w1' }, stream, type: 'WaitlistEntryCounted' }), 2)).toThrow('an entryId and a to')
    const elsewhere = lineWith({ data: { entryId: 'w1', to: '2031-01-02T10:00:00.000Z' }, stream: 'reserve-waitlist-w1', type: 'WaitlistEntryCounted' })
    expect(() => parseBodyLine(elsewhere, 2)).toThrow('belongs in a reserve-waitlister-… stream')
  })

  it('round-trips an event, text with line breaks included', () => {
    const noted = { ...recorded, metadata: { ...recorded.metadata, reason: 'line one\nline two\r\n' } } as RecordedEvent
    const { position: _position, ...expected } = noted
    expect(parseBodyLine(eventLine(noted).trimEnd(), 2)).toEqual({ event: expected, kind: 'event' })
  })

  it('reads a void written before voids left out the token digest, as it was', () => {
    const restores = { cancellationTokenHash: 'ab12', id: RESERVATION, notes: null, status: 'pending' }
    const text = lineWith({ data: { reason: 'hook threw', reservationId: RESERVATION, restores, voidsFrom: 1 }, revision: 2, type: 'ReservationWriteVoided' })
    expect(parseBodyLine(text, 3)).toMatchObject({ event: { data: { restores }, type: 'ReservationWriteVoided' }, kind: 'event' })
  })

  it('reads details changes with or without their old values (older versions wrote none)', () => {
    for (const data of [
      { changes: { notes: 'aisle' }, previous: { notes: 'window' }, reservationId: RESERVATION },
      { changes: { notes: 'aisle' }, reservationId: RESERVATION },
    ]) {
      const text = lineWith({ data, type: 'ReservationDetailsUpdated' })
      expect(parseBodyLine(text, 3)).toMatchObject({ event: { data, type: 'ReservationDetailsUpdated' }, kind: 'event' })
    }
  })

  it('round-trips the end line', () => {
    expect(parseBodyLine(trailerLine({ events: 12, streams: 3 }).trimEnd(), 14)).toEqual({
      kind: 'end',
      trailer: { end: true, events: 12, streams: 3 },
    })
  })

  it.each([
    ['{"format":"something-else","version":1}', 'not a payload-reserve-ledger file'],
    ['{"format":"payload-reserve-ledger","version":5,"exportedAt":"2031-01-01T00:00:00Z","source":"x"}', 'format version 5 is not supported'],
    ['{"format":"payload-reserve-ledger","version":1,"source":"x"}', 'needs exportedAt'],
    ['[1,2]', 'not a JSON object'],
    ['{"format":', 'not JSON'],
  ])('refuses the header %s', (text, problem) => {
    const error = failure(() => parseHeader(text, 1))
    expect(error.line).toBe(1)
    expect(error.message).toContain(problem)
  })

  it.each([
    ['an empty line', '', 'the line is empty'],
    ['an unknown type', lineWith({ type: 'ReservationTeleported' }), 'unknown event type "ReservationTeleported"'],
    ['a type in the wrong stream family', lineWith({ stream: 'reserve-resource-r1' }), 'belongs in a reserve-reservation-… stream'],
    ['a bare stream prefix', lineWith({ stream: 'reserve-reservation-' }), 'belongs in a reserve-reservation-… stream'],
    ['a reservation id other than the stream’s', lineWith({ data: { ...recorded.data, reservationId: 'other' } }), 'does not match stream'],
    ['data without reservationId', lineWith({ data: { from: 'a', to: 'b' } }), 'data must be an object with a reservationId'],
    ['a negative revision', lineWith({ revision: -1 }), 'revision must be a whole number'],
    ['a fractional revision', lineWith({ revision: 1.5 }), 'revision must be a whole number'],
    ['metadata from a newer schema', lineWith({ metadata: { ...recorded.metadata, schemaVersion: 99 } }), 'newer than this version'],
    ['metadata without a time', lineWith({ metadata: { ...recorded.metadata, at: 'yesterday' } }), 'metadata.at must be a date-time'],
    ['a user actor without id', lineWith({ metadata: { ...recorded.metadata, actor: { collection: 'users', kind: 'user' } } }), 'collection and id'],
    ['an unknown actor kind', lineWith({ metadata: { ...recorded.metadata, actor: { kind: 'robot' } } }), 'guest, system or user'],
    ['a missing eventId', lineWith({ eventId: undefined }), 'eventId (text) and recordedAt'],
    ['an unknown field', lineWith({ position: '42' }), 'unknown field(s) position'],
    ['an end line that is not true', '{"end":false,"events":1,"streams":1}', 'the end line must be'],
    ['an end line with a bad count', '{"end":true,"events":-1,"streams":1}', 'the end line must be'],
  ])('refuses %s', (_name, text, problem) => {
    const error = failure(() => parseBodyLine(text, 7))
    expect(error.message).toMatch(/^line 7: /)
    expect(error.problem).toContain(problem)
  })
})
