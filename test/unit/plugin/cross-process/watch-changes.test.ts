import { describe, expect, it, vi } from 'vitest'

import type { Change } from '../../../../src/plugin/cross-process/watch-changes.js'

import { watchChanges } from '../../../../src/plugin/cross-process/watch-changes.js'
import { ScriptedStream } from '../../../support/scripted-change-stream.js'

const change = (coll: string, stream = 'reserve-resource-1-2031-06'): Change => ({ fullDocument: { stream }, ns: { coll }, operationType: 'insert' })
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const watch = (streams: ScriptedStream[]) => {
  const opened: Array<{ pipeline: object[]; stream: ScriptedStream }> = []
  const delivered: string[] = []
  const watching: boolean[] = []
  const reported: unknown[] = []
  const unavailable: unknown[] = []
  const db = {
    watch(pipeline: object[]) {
      const stream = streams[opened.length]
      opened.push({ pipeline, stream })
      return stream
    },
  }
  const stop = watchChanges(db, { 'ns.coll': 'events' }, {
    collections: new Map([
      ['events', (c: Change) => delivered.push(`events ${String(c.fullDocument?.stream)}`)],
      ['services', () => delivered.push('services')],
    ]),
    onWatching: (value) => watching.push(value),
    report: (error) => reported.push(error),
    unavailable: (error) => unavailable.push(error),
  })
  return { delivered, opened, reported, stop, unavailable, watching }
}

describe('watching MongoDB changes', () => {
  it('delivers each change to its collection’s handler once the stream is open, and nothing after it is stopped', async () => {
    const stream = new ScriptedStream()
    const { delivered, opened, stop, watching } = watch([stream])
    await settle()
    expect(opened.map(({ pipeline }) => pipeline)).toEqual([[{ $match: { 'ns.coll': 'events' } }]])
    expect(watching).toEqual([true])
    stream.push(change('events'))
    stream.push(change('services'))
    stream.push(change('elsewhere'))
    await settle()
    expect(delivered).toEqual(['events reserve-resource-1-2031-06', 'services'])
    await stop()
    expect(stream.closed).toBe(true)
    stream.push(change('events'))
    await settle()
    expect(delivered).toHaveLength(2)
    expect(watching).toEqual([true])
  })

  it('says it stopped watching when the stream fails, reports it, and opens it again a second later', async () => {
    vi.useFakeTimers()
    try {
      const first = new ScriptedStream()
      const second = new ScriptedStream()
      const { delivered, opened, reported, stop, watching } = watch([first, second])
      await vi.advanceTimersByTimeAsync(0)
      const lost = new Error('connection to the primary lost')
      first.push(lost)
      await vi.advanceTimersByTimeAsync(0)
      expect(watching).toEqual([true, false])
      expect(reported).toEqual([lost])
      expect(first.closed).toBe(true)
      expect(opened).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(opened).toHaveLength(2)
      expect(watching).toEqual([true, false, true])
      second.push(change('events', 'reserve-resource-2-2031-06'))
      await vi.advanceTimersByTimeAsync(0)
      expect(delivered).toEqual(['events reserve-resource-2-2031-06'])
      await stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('on a server without change streams (not a replica set) says so once, reports no failure, and never tries again', async () => {
    vi.useFakeTimers()
    try {
      const refusal = Object.assign(new Error('The $changeStream stage is only supported on replica sets'), { code: 40_573 })
      const { opened, reported, stop, unavailable, watching } = watch([new ScriptedStream(refusal), new ScriptedStream()])
      await vi.advanceTimersByTimeAsync(10_000)
      expect(opened).toHaveLength(1)
      expect(unavailable).toEqual([refusal])
      expect(reported).toEqual([])
      expect(watching).toEqual([])
      await stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps watching when a handler throws, reporting the error', async () => {
    const stream = new ScriptedStream()
    const reported: unknown[] = []
    const delivered: string[] = []
    const failure = new Error('handler failed')
    const stop = watchChanges({ watch: () => stream }, {}, {
      collections: new Map([
        ['events', (c: Change) => {
          if (c.fullDocument?.stream === 'bad') {
            throw failure
          }
          delivered.push(String(c.fullDocument?.stream))
        }],
      ]),
      onWatching: () => undefined,
      report: (error) => reported.push(error),
      unavailable: () => undefined,
    })
    await settle()
    stream.push(change('events', 'bad'))
    stream.push(change('events', 'good'))
    await settle()
    expect(reported).toEqual([failure])
    expect(delivered).toEqual(['good'])
    await stop()
  })
})
