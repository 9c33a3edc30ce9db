import { afterEach, describe, expect, it, vi } from 'vitest'

import type { NewEvent } from '../../../../../src/events/types.js'
import type { LiveListener, LiveNotice } from '../../../../../src/plugin/features/live/live-feed.js'

import { createMemoryEventStore } from '../../../../../src/events/adapters/memory.js'
import { EVENT_SCHEMA_VERSION, reservationStream } from '../../../../../src/events/types.js'
import { LiveFeed } from '../../../../../src/plugin/features/live/live-feed.js'

const statusChanged = (reservationId: string): NewEvent =>
  ({
    data: { from: 'pending', reservationId, to: 'confirmed' },
    metadata: { actor: { kind: 'system' }, at: new Date().toISOString(), correlationId: reservationId, schemaVersion: EVENT_SCHEMA_VERSION },
    type: 'ReservationStatusChanged',
  }) as unknown as NewEvent

/**
 * A feed on a memory store whose documents are at the revisions `projected` holds. With
 * `rewindBy`, the store's look-back reaches that many positions back (as the payload store's
 * does by time); with `clock`, the feed reads the time from it.
 */
const setUp = (maxHoldMs = 60_000, { clock, rewindBy = 0 }: { clock?: { now: number }; rewindBy?: number } = {}) => {
  const memory = createMemoryEventStore()
  const store = {
    ...memory,
    rewind: (position: string) => String(Math.max(0, Number(position) - rewindBy)).padStart(position.length, '0'),
  }
  const projected = new Map<string, number>()
  const reads = { count: 0 }
  const feed = new LiveFeed(
    {
      documentAt: async () => null,
      projected: async (ids) => {
        reads.count += 1
        return new Map(ids.filter((id) => projected.has(id)).map((id) => [id, projected.get(id)!]))
      },
      report: (error) => {
        throw error
      },
      start: async () => undefined,
      store,
    },
    { lookbackMs: 10_000, maxHoldMs, pageSize: 2, pollMs: 10 },
    clock ? () => clock.now : Date.now,
  )
  const heads = new Map<string, number>()
  const append = async (reservationId: string) => {
    const expectedRevision = heads.get(reservationId) ?? -1
    await store.append({ events: [statusChanged(reservationId)], expectedRevision, stream: reservationStream(reservationId) })
    heads.set(reservationId, expectedRevision + 1)
  }
  return { append, feed, projected, reads, store }
}

const listener = () => {
  const notices: LiveNotice[] = []
  const closed = { value: false }
  const listening: LiveListener = {
    close: () => {
      closed.value = true
    },
    deliver: (batch) => notices.push(...batch),
  }
  return { closed, listening, notices }
}

const feeds: LiveFeed[] = []
afterEach(async () => {
  await Promise.all(feeds.splice(0).map((feed) => feed.stop()))
})

describe('LiveFeed', () => {
  it('announces an event once its document shows it, to every listener, in position order', async () => {
    const { append, feed, projected } = setUp()
    feeds.push(feed)
    const [one, two] = [listener(), listener()]
    feed.listen(one.listening)
    feed.listen(two.listening)
    await new Promise((resolve) => setTimeout(resolve, 30))
    await append('a')
    await append('b')
    await append('a')
    projected.set('b', 0)
    await vi.waitFor(() => expect(one.notices.map((notice) => notice.reservationId)).toEqual(['b']))
    // a's document shows its first change only: its second is still held, and so is nothing else.
    projected.set('a', 0)
    await vi.waitFor(() => expect(one.notices.map(({ reservationId, revision }) => `${reservationId}${revision}`)).toEqual(['b0', 'a0']))
    projected.set('a', 1)
    await vi.waitFor(() => expect(one.notices.map(({ reservationId, revision }) => `${reservationId}${revision}`)).toEqual(['b0', 'a0', 'a1']))
    expect(two.notices).toEqual(one.notices)
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Each once, although every poll reads the look-back again.
    expect(one.notices).toHaveLength(3)
  })

  it('announces an event once however long nothing follows it, while every poll reads it again in the look-back', async () => {
    const clock = { now: Date.now() }
    const { append, feed, projected } = setUp(60_000, { clock, rewindBy: 2 })
    feeds.push(feed)
    const client = listener()
    feed.listen(client.listening)
    await new Promise((resolve) => setTimeout(resolve, 30))
    await append('a')
    projected.set('a', 0)
    await vi.waitFor(() => expect(client.notices).toHaveLength(1))
    // Minutes pass with nothing new: the look-back still reads `a` on every poll.
    for (let minute = 0; minute < 5; minute += 1) {
      clock.now += 60_000
      await new Promise((resolve) => setTimeout(resolve, 30))
    }
    expect(client.notices).toHaveLength(1)
  })

  it('does not announce what was committed before listening began, and announces a document that never catches up after maxHoldMs', async () => {
    const { append, feed } = setUp(200)
    feeds.push(feed)
    await append('before')
    // A later millisecond: one recorded in the very millisecond listening began is announced.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const client = listener()
    feed.listen(client.listening)
    await new Promise((resolve) => setTimeout(resolve, 30))
    await append('late')
    await vi.waitFor(() => expect(client.notices.map((notice) => notice.reservationId)).toEqual(['late']))
  })

  it('polls only while someone listens, and closes every listener when stopped', async () => {
    const { feed, reads, store } = setUp()
    const readAll = vi.spyOn(store, 'readAll')
    const client = listener()
    const stopListening = feed.listen(client.listening)
    await vi.waitFor(() => expect(readAll.mock.calls.length).toBeGreaterThan(2))
    stopListening()
    await new Promise((resolve) => setTimeout(resolve, 30))
    const idle = readAll.mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(readAll.mock.calls.length).toBe(idle)
    expect(reads.count).toBe(0)

    const other = listener()
    feed.listen(other.listening)
    await feed.stop()
    expect(other.closed.value).toBe(true)
    const late = listener()
    feed.listen(late.listening)
    expect(late.closed.value).toBe(true)
  })
})
