import type { AllStreamJSONRecordedEvent, JSONRecordedEvent } from '@eventstore/db-client'

import * as esdb from '@eventstore/db-client'
import {
  CancelledError,
  DeadlineExceededError,
  NO_STREAM as ESDB_NO_STREAM,
  streamNameFilter,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client'
import { describe, expect, it } from 'vitest'

import type { NewEvent } from '../../../../src/events/types.js'

import {
  decodePosition,
  encodePosition,
  isSystemStream,
  isTransientError,
  toClientConnectionString,
  toConflictError,
  toEventData,
  toExpectedRevision,
  toPortRevision,
  toRecordedEvent,
  toSubscribedEvent,
  toSubscriptionFilter,
} from '../../../../src/events/adapters/eventstoredb-mapping.js'
import { NO_STREAM, WrongExpectedRevisionError } from '../../../../src/events/store.js'
import { EVENT_SCHEMA_VERSION } from '../../../../src/events/types.js'

const MAX_U64 = 18_446_744_073_709_551_615n

const newEvent: NewEvent = {
  data: { intervals: [{ end: 8_640_000_000_000_000, start: 1_767_225_600_123, units: 0.25 }], reservationId: 'r-1' },
  metadata: {
    actor: { collection: 'users', id: 'u-1', kind: 'user' },
    at: '2026-01-01T00:00:00.123Z',
    correlationId: 'r-1',
    schemaVersion: EVENT_SCHEMA_VERSION,
  },
  type: 'CapacityClaimed',
}

const conflict = (actual: bigint | typeof ESDB_NO_STREAM): WrongExpectedVersionError =>
  new WrongExpectedVersionError(undefined, { current: actual, expected: 0n, streamName: 's' })

describe('eventstoredb positions', () => {
  it('pads commit positions to 20 digits, so string order is commit order', () => {
    const commits = [0n, 9n, 10n, 1_000n, 123_456_789_012n, MAX_U64]
    const positions = commits.map(encodePosition)

    expect(positions[1]).toBe('00000000000000000009')
    expect(positions.every((position) => position.length === 20)).toBe(true)
    expect([...positions].sort()).toEqual(positions)
    expect(encodePosition(MAX_U64)).toBe('18446744073709551615')
  })

  it('rejects what is not a commit position', () => {
    expect(() => encodePosition(-1n)).toThrow(RangeError)
    expect(() => encodePosition(MAX_U64 + 1n)).toThrow(RangeError)
  })

  it('decodes a position to the $all read position of the event at it', () => {
    expect(decodePosition(encodePosition(4_242n))).toEqual({ commit: 4_242n, prepare: 4_242n })
    expect(decodePosition(encodePosition(MAX_U64))).toEqual({ commit: MAX_U64, prepare: MAX_U64 })
  })

  it('refuses positions of other stores', () => {
    expect(() => decodePosition('0000000000000001')).toThrow(/eventstoredb/)
    expect(() => decodePosition('019b7a3c-1d2e-7000-8000-000000000000')).toThrow(/eventstoredb/)
    expect(() => decodePosition('-0000000000000000001')).toThrow(/eventstoredb/)
  })
})

describe('eventstoredb connection strings', () => {
  it('accepts KurrentDB schemes as their esdb equivalents, options untouched', () => {
    expect(toClientConnectionString('kurrentdb://db:2113?tls=false')).toBe('esdb://db:2113?tls=false')
    expect(toClientConnectionString('kurrentdb+discover://a:2113,b:2113')).toBe('esdb+discover://a:2113,b:2113')
    expect(toClientConnectionString('esdb://admin:changeit@db:2113')).toBe('esdb://admin:changeit@db:2113')
  })
})

describe('eventstoredb revisions', () => {
  it("maps the port's NO_STREAM to the client's and revisions to bigints", () => {
    expect(toExpectedRevision(NO_STREAM)).toBe(ESDB_NO_STREAM)
    expect(toExpectedRevision(0)).toBe(0n)
    expect(toExpectedRevision(41)).toBe(41n)
  })

  it('refuses what is not an expected revision', () => {
    for (const revision of [-2, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => toExpectedRevision(revision)).toThrow(RangeError)
    }
  })

  it('maps current revisions back to numbers', () => {
    expect(toPortRevision(ESDB_NO_STREAM)).toBe(NO_STREAM)
    expect(toPortRevision(0n)).toBe(0)
    expect(toPortRevision(12n)).toBe(12)
  })
})

describe('eventstoredb errors', () => {
  it('maps a wrong expected version to the port conflict, with the actual revision', () => {
    const error = toConflictError(conflict(3n), 'reserve-resource-1', 1)

    expect(error).toBeInstanceOf(WrongExpectedRevisionError)
    expect(error).toMatchObject({ actualRevision: 3, expectedRevision: 1, stream: 'reserve-resource-1' })
  })

  it('reports a stream that does not exist as NO_STREAM', () => {
    expect(toConflictError(conflict(ESDB_NO_STREAM), 's', 0)).toMatchObject({ actualRevision: NO_STREAM })
  })

  it('retries unavailability, cancellation by reconnection and timeouts, nothing else', () => {
    expect(isTransientError(esdb, new UnavailableError())).toBe(true)
    expect(isTransientError(esdb, new CancelledError())).toBe(true)
    expect(isTransientError(esdb, new DeadlineExceededError())).toBe(true)
    expect(isTransientError(esdb, new TimeoutError())).toBe(true)

    expect(isTransientError(esdb, conflict(0n))).toBe(false)
    expect(isTransientError(esdb, new StreamNotFoundError())).toBe(false)
    expect(isTransientError(esdb, new Error('boom'))).toBe(false)
    expect(isTransientError(esdb, 'unavailable')).toBe(false)
  })

  it('treats $-prefixed streams as system streams', () => {
    expect(isSystemStream('$stats-127.0.0.1:2113')).toBe(true)
    expect(isSystemStream('$$reserve-resource-1')).toBe(true)
    expect(isSystemStream('reserve-resource-$1')).toBe(false)
  })
})

describe('eventstoredb events', () => {
  it('proposes a JSON event with the given id and metadata, copied', () => {
    const event = structuredClone(newEvent)
    const proposed = toEventData(event, '019b7a3c-1d2e-7000-8000-000000000001')
    event.metadata.correlationId = 'changed'

    expect(proposed).toEqual({
      contentType: 'application/json',
      data: newEvent.data,
      id: '019b7a3c-1d2e-7000-8000-000000000001',
      metadata: newEvent.metadata,
      type: 'CapacityClaimed',
    })
  })

  it('records the server time, commit position and revision of a read event', () => {
    const read: JSONRecordedEvent = {
      created: new Date('2026-01-01T10:00:00.456Z'),
      data: { ...newEvent.data },
      id: '019b7a3c-1d2e-7000-8000-000000000001',
      isJson: true,
      metadata: { ...newEvent.metadata },
      position: { commit: 1_234n, prepare: 1_234n },
      revision: 7n,
      streamId: 'reserve-resource-1',
      type: 'CapacityClaimed',
    }

    expect(toRecordedEvent(read)).toEqual({
      ...newEvent,
      eventId: '019b7a3c-1d2e-7000-8000-000000000001',
      position: '00000000000000001234',
      recordedAt: '2026-01-01T10:00:00.456Z',
      revision: 7,
      stream: 'reserve-resource-1',
    })
  })

  it('refuses an event the server gave no position for', () => {
    const read: JSONRecordedEvent = {
      created: new Date(),
      data: {},
      id: 'x',
      isJson: true,
      metadata: undefined,
      revision: 0n,
      streamId: 's',
      type: 't',
    }
    expect(() => toRecordedEvent(read)).toThrow(/22\.6/)
  })
})

describe('eventstoredb subscriptions', () => {
  const delivered = (commit: bigint, streamId = 'reserve-resource-1'): AllStreamJSONRecordedEvent => ({
    created: new Date('2026-01-01T10:00:00.456Z'),
    data: { ...newEvent.data },
    id: `019b7a3c-1d2e-7000-8000-00000000000${commit}`,
    isJson: true,
    metadata: { ...newEvent.metadata },
    position: { commit, prepare: commit },
    revision: 0n,
    streamId,
    type: 'CapacityClaimed',
  })

  it('filters $all on the server by the stream prefix, else by leaving out system streams', () => {
    expect(toSubscriptionFilter(esdb, 'reserve-')).toEqual(streamNameFilter({ prefixes: ['reserve-'] }))
    expect(toSubscriptionFilter(esdb, undefined)).toEqual(streamNameFilter({ regex: '^[^$]' }))
    expect(toSubscriptionFilter(esdb, '')).toEqual(streamNameFilter({ regex: '^[^$]' }))
  })

  it('leaves out exactly the streams whose names start with $', () => {
    const filter = toSubscriptionFilter(esdb, undefined)
    const regex = new RegExp('regex' in filter ? filter.regex : '')
    expect(['$stats-1', '$$reserve-resource-1'].filter((stream) => regex.test(stream))).toEqual([])
    expect(['reserve-resource-1', 'reserve-$1'].every((stream) => regex.test(stream))).toBe(true)
  })

  it('maps a delivered event as a read one', () => {
    const event = delivered(5n)
    expect(toSubscribedEvent({ event }, undefined, 'reserve-')).toEqual(toRecordedEvent(event))
    expect(toSubscribedEvent({ event }, encodePosition(4n), undefined)).toEqual(toRecordedEvent(event))
  })

  it('delivers nothing for a message without an event, a system stream, or a stream outside the prefix', () => {
    expect(toSubscribedEvent({}, undefined, undefined)).toBeUndefined()
    expect(toSubscribedEvent({ event: delivered(5n, '$stats-1') }, undefined, undefined)).toBeUndefined()
    expect(toSubscribedEvent({ event: delivered(5n, 'Reserve-resource-1') }, undefined, 'reserve-')).toBeUndefined()
    expect(toSubscribedEvent({ event: delivered(5n, 'xreserve-resource-1') }, undefined, 'reserve-')).toBeUndefined()
  })

  it('delivers nothing at or before `after`: what a resubscription repeats', () => {
    expect(toSubscribedEvent({ event: delivered(5n) }, encodePosition(5n), undefined)).toBeUndefined()
    expect(toSubscribedEvent({ event: delivered(5n) }, encodePosition(6n), undefined)).toBeUndefined()
  })
})
