import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { AppendRequest, AppendResult, EventStore, SubscribeOptions } from '../../src/events/store.js'
import type { CapacityClaimed, NewEvent, RecordedEvent } from '../../src/events/types.js'

import { NO_STREAM, WrongExpectedRevisionError } from '../../src/events/store.js'
import { EVENT_SCHEMA_VERSION } from '../../src/events/types.js'

export interface ContractSubject {
  store: EventStore
  teardown(): Promise<void>
}

// 2026-01-01T00:00:00.123Z: epoch milliseconds well above 2^31.
const BASE_MS = 1_767_225_600_123
const HOUR_MS = 3_600_000

const claim = (reservationId: string, start = BASE_MS): NewEvent<CapacityClaimed> => ({
  data: { intervals: [{ end: start + HOUR_MS, start, units: 2 }], reservationId },
  metadata: {
    actor: { collection: 'users', id: 'u-1', kind: 'user' },
    at: new Date(BASE_MS).toISOString(),
    correlationId: reservationId,
    reason: 'contract',
    requestId: randomUUID(),
    schemaVersion: EVENT_SCHEMA_VERSION,
  },
  type: 'CapacityClaimed',
})

const claims = (count: number): NewEvent<CapacityClaimed>[] =>
  Array.from({ length: count }, (_, index) => claim(`r-${index}`, BASE_MS + index * HOUR_MS))

/** A stream name no other test uses. */
const freshStream = (label = 's'): string => `contract-${randomUUID()}-${label}`

/** Stream names no other test uses, in ascending order. */
const freshStreams = (count: number): string[] => {
  const base = freshStream()
  return Array.from({ length: count }, (_, index) => `${base}-${index}`)
}

/** Position after the last event in the store, so a test can read only what it appends. */
const endOfStore = async (store: EventStore): Promise<string | undefined> => {
  let after: string | undefined
  for (;;) {
    const page = await store.readAll({ after, limit: 500 })
    if (page.length === 0) {
      return after
    }
    after = page[page.length - 1].position
  }
}

const readAllPages = async (
  store: EventStore,
  options: { after?: string; pageSize: number; streamPrefix?: string },
): Promise<RecordedEvent[][]> => {
  const pages: RecordedEvent[][] = []
  let after = options.after
  for (;;) {
    const page = await store.readAll({ after, limit: options.pageSize, streamPrefix: options.streamPrefix })
    pages.push(page)
    if (page.length < options.pageSize) {
      return pages
    }
    after = page[page.length - 1].position
  }
}

const collectCommitted = (store: EventStore): { events: RecordedEvent[]; stop(): void } => {
  const events: RecordedEvent[] = []
  const subscription = store.committed.subscribe((event) => events.push(event))
  return { events, stop: () => subscription.unsubscribe() }
}

/** How long a subscriber may wait for a pushed event: a server round trip or two, with room for CI. */
const PUSHED = { interval: 20, timeout: 10_000 }

interface Subscribed {
  /** What the subscription delivered so far, and whether it failed or completed. */
  seen: { completed: boolean; errors: unknown[]; events: RecordedEvent[] }
  stop(): void
}

/**
 * The behaviour every EventStore adapter must have. The store is shared by the tests of one
 * suite; each test uses its own streams.
 */
export const describeEventStoreContract = (name: string, setup: () => Promise<ContractSubject>): void => {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore
    let teardown: (() => Promise<void>) | undefined

    beforeAll(async () => {
      ;({ store, teardown } = await setup())
    })

    afterAll(async () => {
      await teardown?.()
    })

    const expectRejectedAsStale = async (request: AppendRequest, actualRevision: number): Promise<void> => {
      const before = await store.readStream(request.stream)
      const error = await store.append(request).then(
        () => undefined,
        (rejection: unknown) => rejection,
      )
      expect(error).toBeInstanceOf(WrongExpectedRevisionError)
      expect(error).toMatchObject({ actualRevision, expectedRevision: request.expectedRevision, stream: request.stream })
      expect(await store.readStream(request.stream)).toEqual(before)
      expect(await store.streamRevision(request.stream)).toBe(actualRevision)
    }

    describe('append and read one stream', () => {
      it('creates a stream with NO_STREAM and reads back exactly what append returned', async () => {
        const stream = freshStream()
        const events = claims(2)
        const result = await store.append({ events, expectedRevision: NO_STREAM, stream })

        expect(result.stream).toBe(stream)
        expect(result.nextRevision).toBe(1)
        expect(result.events.map(({ revision }) => revision)).toEqual([0, 1])
        expect(result.events.map(({ data, metadata, type }) => ({ data, metadata, type }))).toEqual(events)
        expect(new Set(result.events.map(({ eventId }) => eventId)).size).toBe(2)
        expect(result.events[0].position < result.events[1].position).toBe(true)
        for (const event of result.events) {
          expect(event.stream).toBe(stream)
          expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt)
        }
        expect(await store.readStream(stream)).toEqual(result.events)
        expect(await store.streamRevision(stream)).toBe(1)
      })

      it('appends at the head and numbers revisions on', async () => {
        const stream = freshStream()
        await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream })
        const result = await store.append({ events: claims(3), expectedRevision: 1, stream })

        expect(result.nextRevision).toBe(4)
        expect((await store.readStream(stream)).map(({ revision }) => revision)).toEqual([0, 1, 2, 3, 4])
        expect(await store.streamRevision(stream)).toBe(4)
      })

      it('keeps numbers (epoch ms above 2^31, fractions, negatives) and metadata exactly', async () => {
        const stream = freshStream()
        const event = claim('r-numbers')
        const data = { ...event.data, intervals: [{ end: 8_640_000_000_000_000, start: BASE_MS, units: 0.25 }] }
        const odd = { ...event, data, metadata: { ...event.metadata, actor: { kind: 'guest' as const } } }
        await store.append({ events: [odd], expectedRevision: NO_STREAM, stream })

        const [read] = await store.readStream(stream)
        expect(read.data).toEqual(data)
        expect(read.metadata).toEqual(odd.metadata)
        expect(read.revision).toBe(0)
        expect(typeof read.revision).toBe('number')
      })

      it('reads a stream from a revision on', async () => {
        const stream = freshStream()
        await store.append({ events: claims(5), expectedRevision: NO_STREAM, stream })

        expect((await store.readStream(stream, 3)).map(({ revision }) => revision)).toEqual([3, 4])
        expect((await store.readStream(stream, 0)).map(({ revision }) => revision)).toEqual([0, 1, 2, 3, 4])
        expect(await store.readStream(stream, 5)).toEqual([])
      })

      it('reads a stream a page at a time: at most `limit` events from the revision', async () => {
        const stream = freshStream()
        await store.append({ events: claims(5), expectedRevision: NO_STREAM, stream })

        expect((await store.readStream(stream, 1, 2)).map(({ revision }) => revision)).toEqual([1, 2])
        expect((await store.readStream(stream, 3, 2)).map(({ revision }) => revision)).toEqual([3, 4])
        expect((await store.readStream(stream, 4, 2)).map(({ revision }) => revision)).toEqual([4])
        expect(await store.readStream(stream, 5, 2)).toEqual([])
      })

      it('knows no revision and no events of a stream never written', async () => {
        const stream = freshStream()
        expect(await store.streamRevision(stream)).toBe(NO_STREAM)
        expect(await store.readStream(stream)).toEqual([])
      })

      it('is not changed by callers mutating what they appended or read', async () => {
        const stream = freshStream()
        const event = claim('r-mutation')
        const pristine = structuredClone(event)
        const result = await store.append({ events: [event], expectedRevision: NO_STREAM, stream })
        event.data.intervals[0].units = 99
        result.events[0].metadata.correlationId = 'changed'
        const [read] = await store.readStream(stream)
        read.data = { intervals: [], reservationId: 'changed' }

        const [again] = await store.readStream(stream)
        expect(again.data).toEqual(pristine.data)
        expect(again.metadata).toEqual(pristine.metadata)
      })
    })

    describe('expected revision', () => {
      it('rejects a stale expected revision and writes nothing', async () => {
        const stream = freshStream()
        await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream })
        await expectRejectedAsStale({ events: claims(1), expectedRevision: 0, stream }, 1)
      })

      it('rejects an expected revision ahead of the stream and writes nothing', async () => {
        const stream = freshStream()
        await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream })
        await expectRejectedAsStale({ events: claims(2), expectedRevision: 5, stream }, 0)
      })

      it('rejects NO_STREAM on an existing stream and writes nothing', async () => {
        const stream = freshStream()
        await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream })
        await expectRejectedAsStale({ events: claims(1), expectedRevision: NO_STREAM, stream }, 0)
      })

      it('rejects a revision on a stream that does not exist yet', async () => {
        await expectRejectedAsStale({ events: claims(1), expectedRevision: 0, stream: freshStream() }, NO_STREAM)
      })
    })

    describe('concurrency', () => {
      it('lets exactly one of 20 concurrent appends with the same expected revision win', async () => {
        const stream = freshStream()
        await store.append({ events: [claim('first')], expectedRevision: NO_STREAM, stream })
        const racers = Array.from({ length: 20 }, (_, index) => claim(`racer-${index}`))

        const outcomes = await Promise.allSettled(
          racers.map((event) => store.append({ events: [event], expectedRevision: 0, stream })),
        )

        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled')
        const lost = outcomes.filter((outcome) => outcome.status === 'rejected')
        expect(won).toHaveLength(1)
        expect(lost).toHaveLength(19)
        for (const { reason } of lost) {
          expect(reason).toBeInstanceOf(WrongExpectedRevisionError)
        }
        const written = await store.readStream(stream)
        expect(written.map(({ data }) => data.reservationId)).toEqual([
          'first',
          (won[0] as PromiseFulfilledResult<AppendResult>).value.events[0].data.reservationId,
        ])
      })

      it('accepts 20 concurrent appends to 20 different streams', async () => {
        const streams = Array.from({ length: 20 }, (_, index) => freshStream(`c${index}`))

        const results = await Promise.all(
          streams.map((stream, index) =>
            store.append({ events: [claim(`r-${index}`)], expectedRevision: NO_STREAM, stream }),
          ),
        )

        expect(results.map(({ nextRevision }) => nextRevision)).toEqual(streams.map(() => 0))
        for (const [index, stream] of streams.entries()) {
          const events = await store.readStream(stream)
          expect(events.map(({ data }) => data.reservationId)).toEqual([`r-${index}`])
        }
      })
    })

    describe('readAll', () => {
      it('returns all streams in append order, a page at a time', async () => {
        const after = await endOfStore(store)
        const [a, b] = [freshStream('a'), freshStream('b')]
        const appended = [
          ...(await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream: a })).events,
          ...(await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: b })).events,
          ...(await store.append({ events: claims(2), expectedRevision: 1, stream: a })).events,
        ]

        const pages = await readAllPages(store, { after, pageSize: 2 })

        expect(pages.map((page) => page.length)).toEqual([2, 2, 1])
        expect(pages.flat()).toEqual(appended)
        const positions = pages.flat().map(({ position }) => position)
        expect([...positions].sort()).toEqual(positions)
        expect(await store.readAll({ after: positions[positions.length - 1], limit: 10 })).toEqual([])
      })

      it('filters by stream prefix: starts with, case-sensitive, paged', async () => {
        const prefix = `contract-${randomUUID()}-`
        const lookalikes = [`x${prefix}a`, `${prefix.toUpperCase()}a`, prefix.slice(0, -1)]
        const matching: RecordedEvent[] = []
        for (const [index, stream] of [`${prefix}a`, `${prefix}b`, `${prefix}c`].entries()) {
          await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: lookalikes[index] })
          matching.push(...(await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream })).events)
        }

        expect(await store.readAll({ limit: 100, streamPrefix: prefix })).toEqual(matching)
        const pages = await readAllPages(store, { pageSize: 4, streamPrefix: prefix })
        expect(pages.map((page) => page.length)).toEqual([4, 2])
        expect(pages.flat()).toEqual(matching)
        expect(await store.readAll({ after: matching[1].position, limit: 1, streamPrefix: prefix })).toEqual([
          matching[2],
        ])
      })

      it('matches a prefix literally: LIKE wildcards, and characters beyond the BMP counted as one', async () => {
        const prefix = `contract-${randomUUID()}-%_😀-`
        const lookalikes = [prefix.replace('%_', 'ab'), prefix.replace('😀', 'x'), prefix.replace('😀-', '😀')]
        for (const stream of lookalikes) {
          await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: `${stream}a` })
        }
        const { events } = await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream: `${prefix}a` })

        expect(await store.readAll({ limit: 100, streamPrefix: prefix })).toEqual(events)
      })

      it('rewinds a position to one at or before it, from which the later events are read again', async () => {
        const stream = freshStream()
        const { events } = await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream })
        const rewound = store.rewind(events[0].position, 60_000)

        expect(rewound <= events[0].position).toBe(true)
        const reread = await store.readAll({ after: rewound, limit: 100, streamPrefix: stream })
        expect(reread).toContainEqual(events[1])
      })
    })

    describe('committed feed', () => {
      it('emits the appended events in order, and nothing for a rejected append', async () => {
        const feed = collectCommitted(store)
        const [a, b] = [freshStream('a'), freshStream('b')]
        const first = await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream: a })
        const second = await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: b })
        await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: b }).catch(() => undefined)
        const third = await store.append({ events: claims(1), expectedRevision: 1, stream: a })
        feed.stop()

        expect(feed.events).toEqual([...first.events, ...second.events, ...third.events])
      })
    })

    describe('appendAtomically', () => {
      const atomic = (): NonNullable<EventStore['appendAtomically']> => {
        const appendAtomically = store.appendAtomically
        if (!appendAtomically) {
          throw new Error('unreachable: the test is skipped for stores without appendAtomically')
        }
        return appendAtomically
      }

      it('appends to several streams and returns results in request order', async (context) => {
        if (!store.appendAtomically) {
          context.skip()
        }
        const [a, b] = freshStreams(2)
        await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: a })
        const feed = collectCommitted(store)

        const results = await atomic()([
          { events: claims(2), expectedRevision: NO_STREAM, stream: b },
          { events: claims(1), expectedRevision: 0, stream: a },
        ])
        feed.stop()

        expect(results.map(({ nextRevision, stream }) => ({ nextRevision, stream }))).toEqual([
          { nextRevision: 1, stream: b },
          { nextRevision: 1, stream: a },
        ])
        expect(await store.readStream(b)).toEqual(results[0].events)
        expect((await store.readStream(a, 1)).map(({ eventId }) => eventId)).toEqual(
          results[1].events.map(({ eventId }) => eventId),
        )
        expect([...feed.events].sort((x, y) => x.stream.localeCompare(y.stream))).toEqual(
          [...results[0].events, ...results[1].events].sort((x, y) => x.stream.localeCompare(y.stream)),
        )
      })

      it('writes nothing to any stream when one expected revision is stale', async (context) => {
        if (!store.appendAtomically) {
          context.skip()
        }
        // The stale stream sorts last, so a store writing in name order has written the others.
        const [a, b, c] = freshStreams(3)
        await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: c })
        const feed = collectCommitted(store)

        const error = await atomic()([
          { events: claims(1), expectedRevision: NO_STREAM, stream: a },
          { events: claims(1), expectedRevision: NO_STREAM, stream: c },
          { events: claims(2), expectedRevision: NO_STREAM, stream: b },
        ]).then(
          () => undefined,
          (rejection: unknown) => rejection,
        )
        feed.stop()

        expect(error).toBeInstanceOf(WrongExpectedRevisionError)
        expect(error).toMatchObject({ stream: c })
        expect(await store.readStream(a)).toEqual([])
        expect(await store.readStream(b)).toEqual([])
        expect(await store.streamRevision(c)).toBe(0)
        expect(feed.events).toEqual([])
      })

      it('checks the head of a stream it writes nothing to: stale, nothing is written; current, the rest is', async (context) => {
        if (!store.appendAtomically) {
          context.skip()
        }
        // A decision that read `checked` at revision 0 and needs no event there depends on it all the same.
        const [checked, written] = freshStreams(2)
        await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: checked })
        await store.append({ events: claims(1), expectedRevision: 0, stream: checked })

        await expect(
          atomic()([
            { events: [], expectedRevision: 0, stream: checked },
            { events: claims(1), expectedRevision: NO_STREAM, stream: written },
          ]),
        ).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', stream: checked })
        expect(await store.readStream(written)).toEqual([])

        const [, result] = await atomic()([
          { events: [], expectedRevision: 1, stream: checked },
          { events: claims(1), expectedRevision: NO_STREAM, stream: written },
        ])
        expect(result.nextRevision).toBe(0)
        expect(await store.streamRevision(checked)).toBe(1)
      })

      it('applies two requests to one stream in order, each against the revision the previous left', async (context) => {
        if (!store.appendAtomically) {
          context.skip()
        }
        const [chained, clashing] = freshStreams(2)

        await atomic()([
          { events: [claim('first')], expectedRevision: NO_STREAM, stream: chained },
          { events: [claim('second')], expectedRevision: 0, stream: chained },
        ])
        const clash = atomic()([
          { events: [claim('first')], expectedRevision: NO_STREAM, stream: clashing },
          { events: [claim('second')], expectedRevision: NO_STREAM, stream: clashing },
        ])

        await expect(clash).rejects.toBeInstanceOf(WrongExpectedRevisionError)
        expect((await store.readStream(chained)).map(({ data }) => data.reservationId)).toEqual(['first', 'second'])
        expect(await store.readStream(clashing)).toEqual([])
      })

      it('lets exactly one of 10 concurrent atomic claims on the same streams win, whole', async (context) => {
        if (!store.appendAtomically) {
          context.skip()
        }
        const [a, b] = freshStreams(2)
        const racers = Array.from({ length: 10 }, (_, index) => {
          const requests: AppendRequest[] = [
            { events: [claim(`racer-${index}`)], expectedRevision: NO_STREAM, stream: a },
            { events: [claim(`racer-${index}`)], expectedRevision: NO_STREAM, stream: b },
          ]
          // Half the racers name the streams in the other order.
          return atomic()(index % 2 === 0 ? requests : requests.reverse())
        })

        const outcomes = await Promise.allSettled(racers)

        expect(outcomes.filter(({ status }) => status === 'fulfilled')).toHaveLength(1)
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') {
            expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError)
          }
        }
        const [onA] = await store.readStream(a)
        const [onB] = await store.readStream(b)
        expect(await store.streamRevision(a)).toBe(0)
        expect(await store.streamRevision(b)).toBe(0)
        expect(onA.data.reservationId).toBe(onB.data.reservationId)
      })
    })

    describe('subscribe (only stores that push events)', () => {
      const follow = (options: SubscribeOptions): Subscribed => {
        const subscribe = store.subscribe
        if (!subscribe) {
          throw new Error('unreachable: the test is skipped for stores without subscribe')
        }
        const seen: Subscribed['seen'] = { completed: false, errors: [], events: [] }
        const subscription = subscribe(options).subscribe({
          complete: () => {
            seen.completed = true
          },
          error: (error: unknown) => seen.errors.push(error),
          next: (event) => seen.events.push(event),
        })
        return { seen, stop: () => subscription.unsubscribe() }
      }

      /** Waits until the subscription has delivered exactly `events`, without failing. */
      const expectDelivered = (feed: Subscribed, events: RecordedEvent[]) =>
        vi.waitFor(() => expect(feed.seen).toEqual({ completed: false, errors: [], events }), PUSHED)

      it('replays the stored events, then delivers each new commit, in position order', async (context) => {
        if (!store.subscribe) {
          context.skip()
        }
        const prefix = `${freshStream()}-`
        const stored = [
          ...(await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream: `${prefix}a` })).events,
          ...(await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: `${prefix}b` })).events,
        ]
        const feed = follow({ streamPrefix: prefix })
        await expectDelivered(feed, stored)

        const live = [
          ...(await store.append({ events: claims(1), expectedRevision: 1, stream: `${prefix}a` })).events,
          ...(await store.append({ events: claims(2), expectedRevision: 0, stream: `${prefix}b` })).events,
        ]
        await expectDelivered(feed, [...stored, ...live])
        feed.stop()
      })

      it('delivers only events after `after`, as readAll lists them, concurrent commits included', async (context) => {
        if (!store.subscribe) {
          context.skip()
        }
        const prefix = `${freshStream()}-`
        const { events } = await store.append({
          events: claims(3),
          expectedRevision: NO_STREAM,
          stream: `${prefix}first`,
        })
        const feed = follow({ after: events[1].position, streamPrefix: prefix })
        await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: `${prefix}c${index}` }),
          ),
        )

        const expected = await store.readAll({ after: events[1].position, limit: 100, streamPrefix: prefix })
        expect(expected).toHaveLength(11)
        await expectDelivered(feed, expected)
        feed.stop()
      })

      it('from the end, delivers only what is committed once it is open, none of the history', async (context) => {
        if (!store.subscribe) {
          context.skip()
        }
        const prefix = `${freshStream()}-`
        const stream = `${prefix}history`
        await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream })
        const feed = follow({ fromEnd: true, streamPrefix: prefix })
        // Open once it delivers a probe committed after it was asked for (some may come before).
        await vi.waitFor(async () => {
          await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: `${prefix}probe-${randomUUID()}` })
          expect(feed.seen.events.length).toBeGreaterThan(0)
        }, PUSHED)

        const { events: live } = await store.append({ events: claims(1), expectedRevision: 1, stream })
        await vi.waitFor(() => expect(feed.seen.events.at(-1)).toEqual(live[0]), PUSHED)
        expect(feed.seen.events.filter((event) => event.stream === stream)).toEqual(live)
        expect(feed.seen).toMatchObject({ completed: false, errors: [] })
        feed.stop()
      })

      it('matches the stream prefix literally, case-sensitive', async (context) => {
        if (!store.subscribe) {
          context.skip()
        }
        const prefix = `contract-${randomUUID()}-%_😀-`
        const feed = follow({ after: await endOfStore(store), streamPrefix: prefix })
        const lookalikes = [`x${prefix}a`, `${prefix.toUpperCase()}a`, prefix.replace('%_', 'ab'), prefix.slice(0, -1)]
        for (const stream of lookalikes) {
          await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream })
        }
        const { events } = await store.append({ events: claims(2), expectedRevision: NO_STREAM, stream: `${prefix}a` })

        await expectDelivered(feed, events)
        feed.stop()
      })

      it('delivers nothing more once unsubscribed', async (context) => {
        if (!store.subscribe) {
          context.skip()
        }
        const prefix = `${freshStream()}-`
        const after = await endOfStore(store)
        const stopped = follow({ after, streamPrefix: prefix })
        const first = await store.append({ events: claims(1), expectedRevision: NO_STREAM, stream: `${prefix}a` })
        await expectDelivered(stopped, first.events)
        stopped.stop()

        // A second subscriber seeing the later event shows that it has been pushed.
        const witness = follow({ after, streamPrefix: prefix })
        const second = await store.append({ events: claims(1), expectedRevision: 0, stream: `${prefix}a` })
        await expectDelivered(witness, [...first.events, ...second.events])
        witness.stop()
        expect(stopped.seen).toEqual({ completed: false, errors: [], events: first.events })
      })
    })
  })
}
