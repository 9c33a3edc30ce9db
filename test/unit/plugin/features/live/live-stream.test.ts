import { describe, expect, it, vi } from 'vitest'

import type { LiveFeed, LiveListener, LiveNotice } from '../../../../../src/plugin/features/live/live-feed.js'

import { liveStream } from '../../../../../src/plugin/features/live/live-stream.js'

/** A feed whose listeners the test holds, and whose replay answers `missed`. */
const fakeFeed = (missed: { complete: boolean; notices: LiveNotice[] } = { complete: true, notices: [] }) => {
  const listeners = new Set<LiveListener>()
  const feed = {
    listen: (listener: LiveListener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    missedSince: vi.fn(async () => missed),
  } as unknown as LiveFeed
  return { feed, listeners }
}

const notice = (reservationId: string, position: string, previous: null | Record<string, unknown> = null): LiveNotice => ({
  position,
  previous: async () => previous,
  reservationId,
  revision: 0,
})

/** Reads the stream's text until `done` holds for it. */
const readUntil = async (stream: ReadableStream<Uint8Array>, done: (text: string) => boolean): Promise<string> => {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let text = ''
  while (!done(text)) {
    const { done: ended, value } = await reader.read()
    if (ended) {
      break
    }
    text += decoder.decode(value, { stream: true })
  }
  reader.releaseLock()
  return text
}

const options = (overrides: Partial<Parameters<typeof liveStream>[1]> = {}): Parameters<typeof liveStream>[1] => ({
  keepAliveMs: 60_000,
  lastEventId: null,
  readable: async (ids) => new Set(ids.filter((id) => id !== 'hidden')),
  // What the client could read before: a document that names it.
  readableBefore: async (notices) =>
    new Set((await Promise.all(notices.map(async (one) => ((await one.previous())?.mine ? [one.position] : [])))).flat()),
  replayLimit: 10,
  report: (error) => {
    throw error
  },
  signal: undefined,
  ...overrides,
})

describe('liveStream', () => {
  it('sends each notice the client may read as a reservation event whose id is its position, and nothing of the others', async () => {
    const { feed, listeners } = fakeFeed()
    const stream = liveStream(feed, options())
    for (const listener of listeners) {
      listener.deliver([notice('hidden', 'p1'), notice('shown', 'p2')])
    }
    const text = await readUntil(stream, (sofar) => sofar.includes('p2'))
    expect(text).toContain('retry: 1000\n')
    expect(text).toContain('id: p2\nevent: reservation\ndata: {"reservationId":"shown","revision":0}\n\n')
    expect(text).not.toContain('hidden')
    expect(text).not.toContain('p1')
    await stream.cancel()
  })

  it('sends a notice the client may no longer read when it could read the reservation before the change', async () => {
    const { feed, listeners } = fakeFeed()
    const stream = liveStream(feed, options())
    for (const listener of listeners) {
      listener.deliver([notice('hidden', 'p1', { mine: false }), notice('hidden', 'p2', { mine: true }), notice('shown', 'p3')])
    }
    const text = await readUntil(stream, (sofar) => sofar.includes('p3'))
    expect(text).toContain('id: p2\n')
    expect(text).not.toContain('p1')
    await stream.cancel()
  })

  it('sends keep-alive comments while nothing happens', async () => {
    const { feed } = fakeFeed()
    const stream = liveStream(feed, options({ keepAliveMs: 10 }))
    const text = await readUntil(stream, (sofar) => sofar.split(': keep-alive').length > 2)
    expect(text.split(': keep-alive').length).toBeGreaterThan(2)
    await stream.cancel()
  })

  it('replays what was missed since Last-Event-ID first, and asks for a reload when there was more', async () => {
    const { feed, listeners } = fakeFeed({ complete: false, notices: [notice('missed', 'p3')] })
    const stream = liveStream(feed, options({ lastEventId: 'p1' }))
    for (const listener of listeners) {
      listener.deliver([notice('new', 'p4')])
    }
    const text = await readUntil(stream, (sofar) => sofar.includes('p4'))
    expect(feed.missedSince).toHaveBeenCalledWith('p1', 10)
    expect(text.indexOf('id: p3')).toBeLessThan(text.indexOf('event: resync'))
    expect(text.indexOf('event: resync')).toBeLessThan(text.indexOf('id: p4'))
    await stream.cancel()
  })

  it('never lowers the id: a notice held for its document and sent after a later one carries the later position', async () => {
    const { feed, listeners } = fakeFeed()
    const stream = liveStream(feed, options())
    for (const listener of listeners) {
      listener.deliver([notice('later', 'p5')])
      listener.deliver([notice('held', 'p4')])
    }
    const text = await readUntil(stream, (sofar) => sofar.includes('"held"'))
    expect(text).toContain('id: p5\nevent: reservation\ndata: {"reservationId":"later","revision":0}')
    expect(text).toContain('id: p5\nevent: reservation\ndata: {"reservationId":"held","revision":0}')
    await stream.cancel()
  })

  it('does not send again what the resume replayed when the feed reads it after the client joined', async () => {
    const { feed, listeners } = fakeFeed({ complete: true, notices: [notice('missed', 'p3')] })
    const stream = liveStream(feed, options({ lastEventId: 'p1' }))
    for (const listener of listeners) {
      listener.deliver([notice('missed', 'p3'), notice('new', 'p4')])
    }
    const text = await readUntil(stream, (sofar) => sofar.includes('p4'))
    expect(text.split('"missed"')).toHaveLength(2)
    await stream.cancel()
  })

  it('stops listening when the client goes away, by its signal or by cancelling, and ends when the feed closes it', async () => {
    const aborted = fakeFeed()
    const controller = new AbortController()
    liveStream(aborted.feed, options({ signal: controller.signal }))
    expect(aborted.listeners.size).toBe(1)
    controller.abort()
    expect(aborted.listeners.size).toBe(0)

    const cancelled = fakeFeed()
    await liveStream(cancelled.feed, options()).cancel()
    expect(cancelled.listeners.size).toBe(0)

    const closed = fakeFeed()
    const stream = liveStream(closed.feed, options())
    for (const listener of closed.listeners) {
      listener.close()
    }
    const reader = stream.getReader()
    // The greeting, then the end.
    await reader.read()
    expect((await reader.read()).done).toBe(true)
    expect(closed.listeners.size).toBe(0)
  })
})
