import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'

import type { RecordedEvent } from '../../../src/events/types.js'

import { runsWhenDue } from '../../../src/projections/runs-when-due.js'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const event = (n: number, recordedAt: number): RecordedEvent =>
  ({ data: {}, position: String(n).padStart(4, '0'), recordedAt: new Date(recordedAt).toISOString(), revision: n, stream: 's', type: 'T' }) as unknown as RecordedEvent

describe('runs of live events as they come due', () => {
  it('starts runs at least the spacing apart, taking every event due by then, in order and once', async () => {
    const events = new Subject<RecordedEvent>()
    const runs: Array<{ at: number; positions: string[]; upcoming: number }> = []
    const subscription = runsWhenDue(events, { clock: Date.now, graceMs: 50, spacingMs: 200 }, async (run, upcoming) => {
      runs.push({ at: Date.now(), positions: run.map(({ position }) => position), upcoming: upcoming.length })
    }).subscribe()
    try {
      // One event every 20 ms, each due 50 ms after it was recorded.
      for (let n = 0; n < 30; n++) {
        events.next(event(n, Date.now()))
        await pause(20)
      }
      await pause(400)
    } finally {
      subscription.unsubscribe()
    }
    expect(runs.flatMap(({ positions }) => positions)).toEqual(Array.from({ length: 30 }, (_, n) => String(n).padStart(4, '0')))
    // 600 ms of events: without the spacing a run for nearly every event.
    expect(runs.length).toBeLessThanOrEqual(6)
    for (const [i, run] of runs.entries()) {
      if (i > 0) {
        expect(run.at - runs[i - 1].at).toBeGreaterThanOrEqual(195)
      }
    }
    // Events received but not yet due were there to see for the runs before them.
    expect(runs.slice(0, -1).some(({ upcoming }) => upcoming > 0)).toBe(true)
  })
})

describe('an event that comes due between two readings of the clock', () => {
  it('is handed over in a run of its own, never as an empty run', async () => {
    const events = new Subject<RecordedEvent>()
    const recordedAt = Date.parse('2030-02-01T09:00:00.000Z')
    const graceMs = 50
    // Every reading of the clock is a millisecond later: on arrival the event is due in 2 ms; when
    // the timer fires, it is young at one reading and due at the next.
    let now = recordedAt + graceMs - 2
    const clock = () => now++
    const runs: string[][] = []
    const failures: unknown[] = []
    const subscription = runsWhenDue(events, { clock, graceMs }, async (run) => {
      runs.push(run.map(({ position }) => position))
    }).subscribe({ error: (error: unknown) => failures.push(error) })
    try {
      events.next(event(1, recordedAt))
      await pause(20)
    } finally {
      subscription.unsubscribe()
    }
    expect(failures).toEqual([])
    expect(runs).toEqual([['0001']])
  })
})
