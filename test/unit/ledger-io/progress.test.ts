import { describe, expect, it } from 'vitest'

import type { LedgerProgress } from '../../../src/ledger-io/format.js'

import { progressReporter } from '../../../src/ledger-io/progress.js'

describe('progressReporter', () => {
  const collect = (every: number) => {
    const seen: number[] = []
    const reporter = progressReporter(every, ({ events }: LedgerProgress) => seen.push(events))
    return { reporter, seen }
  }

  it('reports each time at least `every` more events are done, and the final count once', () => {
    const { reporter, seen } = collect(100)
    for (const events of [40, 99, 100, 150, 230, 260]) {
      reporter.update({ events, streams: 1 })
    }
    reporter.finish({ events: 260, streams: 1 })
    expect(seen).toEqual([100, 230, 260])
  })

  it('does not repeat a final count it just reported, and reports an empty run', () => {
    const exact = collect(50)
    exact.reporter.update({ events: 100, streams: 1 })
    exact.reporter.finish({ events: 100, streams: 1 })
    expect(exact.seen).toEqual([100])

    const empty = collect(50)
    empty.reporter.finish({ events: 0, streams: 0 })
    expect(empty.seen).toEqual([0])
  })

  it('refuses an interval below 1', () => {
    expect(() => progressReporter(0, () => undefined)).toThrow(RangeError)
  })
})
