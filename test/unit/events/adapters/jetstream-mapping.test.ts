import * as jetstream from '@nats-io/jetstream'
import { JetStreamApiError } from '@nats-io/jetstream'
import * as transport from '@nats-io/transport-node'
import { errors } from '@nats-io/transport-node'
import { describe, expect, it } from 'vitest'

import {
  decodePosition,
  decodeStreamName,
  encodePosition,
  encodeStreamName,
  headOf,
  isTransientError,
  isWrongLastSequence,
  streamOfSubject,
  subjectOf,
  toMessage,
  toRecordedEvents,
} from '../../../../src/events/adapters/jetstream-mapping.js'
import { EVENT_SCHEMA_VERSION } from '../../../../src/events/types.js'

/** The client's packages, as the store loads them. */
const nats = { jetstream, transport }

const apiError = (code: number, status: number) => new JetStreamApiError({ code: status, description: 'test', err_code: code })

describe('jetstream mapping', () => {
  it('makes any stream name one subject token and back, keeping the ledger names readable', () => {
    for (const name of ['reserve-resource-12', 'contract-x-%_😀-a', 'a.b*c>d e', 'ÄÖ_', '']) {
      const token = encodeStreamName(name)
      expect(token).toMatch(/^[A-Za-z0-9_-]*$/)
      expect(decodeStreamName(token)).toBe(name)
    }
    expect(encodeStreamName('reserve-reservation-01a2')).toBe('reserve-reservation-01a2')
    expect(subjectOf('reserve', 'a.b')).toBe('reserve.a_2Eb')
    expect(streamOfSubject('reserve.a_2Eb')).toBe('a.b')
  })

  it('orders positions as strings in commit order: sequence, then index in the append', () => {
    const positions = [encodePosition(9, 0), encodePosition(9, 1), encodePosition(10, 0), encodePosition(2 ** 53 - 1, 0)]
    expect([...positions].sort()).toEqual(positions)
    expect(decodePosition(encodePosition(10, 3))).toEqual({ index: 3, seq: 10 })
    expect(() => decodePosition('10')).toThrow('Not a position of the jetstream event store')
  })

  it('reads back the events of a message with their revisions and positions', () => {
    const event = {
      data: { reservationId: 'r' },
      metadata: { actor: { kind: 'guest' as const }, at: '2026-01-01T00:00:00.000Z', correlationId: 'r', schemaVersion: EVENT_SCHEMA_VERSION },
      type: 'CapacityReleased' as const,
    }
    const { body, header } = toMessage(nats, [event, event], ['e1', 'e2'], 4, 17, '2026-01-02T00:00:00.000Z')
    const message = { data: new TextEncoder().encode(body), header, seq: 21, subject: 'reserve.s' }
    expect(headOf(message)).toEqual({ count: 2, first: 4, previous: 17, seq: 21 })
    expect(toRecordedEvents(message).map(({ eventId, position, revision, stream }) => ({ eventId, position, revision, stream }))).toEqual([
      { eventId: 'e1', position: encodePosition(21, 0), revision: 4, stream: 's' },
      { eventId: 'e2', position: encodePosition(21, 1), revision: 5, stream: 's' },
    ])
  })

  it('tells a conflict, a transient failure and anything else apart', () => {
    expect(isWrongLastSequence(nats, apiError(10071, 400))).toBe(true)
    expect(isWrongLastSequence(nats, apiError(10059, 404))).toBe(false)
    expect(isTransientError(nats, new errors.TimeoutError())).toBe(true)
    expect(isTransientError(nats, new Error('jetstream is not enabled', { cause: new errors.RequestError('no responders') }))).toBe(true)
    expect(isTransientError(nats, apiError(10008, 503))).toBe(true)
    expect(isTransientError(nats, apiError(10071, 400))).toBe(false)
    expect(isTransientError(nats, new TypeError('a bug'))).toBe(false)
  })
})
