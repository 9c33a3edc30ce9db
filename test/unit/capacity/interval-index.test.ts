import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { Interval } from '../../../src/events/types.js'

import { IntervalIndex, type KeyedInterval } from '../../../src/capacity/interval-index.js'
import { seededRandom } from '../../support/seeded-random.js'

/** The obvious implementation the index must agree with. */
class NaiveIndex {
  readonly byKey = new Map<string, Interval[]>()
  #all: KeyedInterval[] | undefined
  add(key: string, interval: Interval): void {
    this.byKey.set(key, [...(this.byKey.get(key) ?? []), interval])
    this.#all = undefined
  }
  all(): KeyedInterval[] {
    this.#all ??= [...this.byKey].flatMap(([key, list]) => list.map((i) => ({ ...i, key })))
    return this.#all
  }
  overlapping(from: number, to: number): KeyedInterval[] {
    // An empty range overlaps nothing.
    return from < to ? this.all().filter((i) => i.start < to && i.end > from) : []
  }
  peakUnits(from: number, to: number): number {
    const hits = this.overlapping(from, to)
    // The sum can only rise where an interval starts, so those instants are enough.
    const points = new Set([from, ...hits.map((i) => i.start).filter((s) => s > from)])
    return Math.max(
      0,
      ...[...points].map((p) => hits.filter((i) => i.start <= p && p < i.end).reduce((sum, i) => sum + i.units, 0)),
    )
  }
  remove(key: string): void {
    this.byKey.delete(key)
    this.#all = undefined
  }
}

const canonical = (list: KeyedInterval[]): KeyedInterval[] =>
  [...list].sort((a, b) => a.start - b.start || a.end - b.end || a.key.localeCompare(b.key) || a.units - b.units)

const isSortedByStart = (list: KeyedInterval[]): boolean => list.every((x, i) => i === 0 || list[i - 1].start <= x.start)

type Op =
  | { from: number; kind: 'query'; span: number }
  | { interval: Interval; key: string; kind: 'add' }
  | { key: string; kind: 'remove' }

const addArb = (keys: number, horizon: number, maxLength: number): fc.Arbitrary<Extract<Op, { kind: 'add' }>> =>
  fc
    .record({
      key: fc.integer({ max: keys - 1, min: 0 }),
      length: fc.integer({ max: maxLength, min: 1 }),
      start: fc.integer({ max: horizon, min: 0 }),
      units: fc.integer({ max: 4, min: 1 }),
    })
    .map(({ key, length, start, units }) => ({
      interval: { end: start + length, start, units },
      key: `k${key}`,
      kind: 'add' as const,
    }))

const opArb = (keys: number, horizon: number, maxLength: number): fc.Arbitrary<Op> =>
  fc.oneof(
    { arbitrary: addArb(keys, horizon, maxLength), weight: 5 },
    { arbitrary: fc.integer({ max: keys - 1, min: 0 }).map((key) => ({ key: `k${key}`, kind: 'remove' as const })), weight: 1 },
    {
      arbitrary: fc
        .record({ from: fc.integer({ max: horizon + maxLength, min: -maxLength }), span: fc.integer({ max: 3 * maxLength, min: 0 }) })
        .map(({ from, span }) => ({ from, kind: 'query' as const, span })),
      weight: 2,
    },
  )

const replay = (ops: Op[]): void => {
  const index = new IntervalIndex()
  const naive = new NaiveIndex()
  for (const op of ops) {
    if (op.kind === 'add') {
      index.add(op.key, op.interval)
      naive.add(op.key, op.interval)
    } else if (op.kind === 'remove') {
      index.remove(op.key)
      naive.remove(op.key)
    } else {
      const to = op.from + op.span
      const got = index.overlapping(op.from, to)
      expect(isSortedByStart(got)).toBe(true)
      expect(canonical(got)).toEqual(canonical(naive.overlapping(op.from, to)))
      expect(index.peakUnits(op.from, to)).toBe(naive.peakUnits(op.from, to))
    }
    expect(index.size).toBe(naive.all().length)
  }
}

describe('IntervalIndex', () => {
  it('treats intervals as half-open: touching ones neither overlap a query nor stack', () => {
    const index = new IntervalIndex()
    index.add('a', { end: 20, start: 10, units: 1 })
    index.add('b', { end: 30, start: 20, units: 1 })
    expect(index.overlapping(20, 25).map((i) => i.key)).toEqual(['b'])
    expect(index.overlapping(0, 10)).toEqual([])
    expect(index.overlapping(30, 40)).toEqual([])
    expect(index.peakUnits(0, 40)).toBe(1)
  })

  it('sums units of intervals active at the same instant, only inside the query range', () => {
    const index = new IntervalIndex()
    index.add('long', { end: 100, start: 0, units: 2 })
    index.add('mid', { end: 60, start: 40, units: 3 })
    index.add('late', { end: 90, start: 70, units: 1 })
    expect(index.peakUnits(0, 100)).toBe(5)
    expect(index.peakUnits(60, 100)).toBe(3)
    expect(index.peakUnits(0, 40)).toBe(2)
    expect(index.peakUnits(100, 200)).toBe(0)
    expect(index.peakUnits(50, 50)).toBe(0)
  })

  it('finds a long interval that starts far before the query', () => {
    const index = new IntervalIndex()
    index.add('week', { end: 7 * 86_400_000, start: 0, units: 1 })
    for (let i = 0; i < 50; i += 1) {
      index.add(`short${i}`, { end: i * 3_600_000 + 60_000, start: i * 3_600_000, units: 1 })
    }
    expect(index.overlapping(6 * 86_400_000, 6 * 86_400_000 + 1).map((i) => i.key)).toEqual(['week'])
  })

  it('removes every interval of a key and reports how many', () => {
    const index = new IntervalIndex()
    index.add('r1', { end: 20, start: 10, units: 1 })
    index.add('r1', { end: 50, start: 40, units: 2 })
    index.add('r2', { end: 45, start: 15, units: 1 })
    expect(index.intervalsOf('r1')).toEqual([
      { end: 20, start: 10, units: 1 },
      { end: 50, start: 40, units: 2 },
    ])
    expect(index.remove('r1')).toBe(2)
    expect(index.remove('r1')).toBe(0)
    expect(index.size).toBe(1)
    expect(index.intervalsOf('r1')).toEqual([])
    expect(index.overlapping(0, 100).map((i) => i.key)).toEqual(['r2'])
  })

  it('is not corrupted when the caller mutates the interval it added or got back', () => {
    const index = new IntervalIndex()
    const interval = { end: 20, start: 10, units: 1 }
    index.add('a', interval)
    interval.start = 1000
    index.overlapping(0, 100)[0].end = 5
    expect(index.overlapping(0, 100)).toEqual([{ end: 20, key: 'a', start: 10, units: 1 }])
  })

  it('rejects empty, inverted, open-ended and unit-less intervals', () => {
    const index = new IntervalIndex()
    expect(() => index.add('a', { end: 10, start: 10, units: 1 })).toThrow(RangeError)
    expect(() => index.add('a', { end: 5, start: 10, units: 1 })).toThrow(RangeError)
    expect(() => index.add('a', { end: Number.NaN, start: 10, units: 1 })).toThrow(RangeError)
    expect(() => index.add('a', { end: Infinity, start: 10, units: 1 })).toThrow(RangeError)
    expect(() => index.add('a', { end: 20, start: 10, units: 0 })).toThrow(RangeError)
    expect(index.size).toBe(0)
  })

  it('agrees with a naive implementation under random adds, removes and queries', () => {
    fc.assert(fc.property(fc.array(opArb(12, 200, 60), { maxLength: 120 }), replay), { numRuns: 300 })
  })

  it('agrees with the naive implementation across bucket boundaries with many equal starts', () => {
    // Over 2 × 512 intervals, so buckets split; starts within 30 ms, so equal starts straddle them.
    const adds = fc.array(addArb(1000, 30, 40), { maxLength: 3000, minLength: 2500 })
    const removals = fc.array(fc.integer({ max: 999, min: 0 }), { maxLength: 300 })
    fc.assert(
      fc.property(adds, removals, (added, removed) => {
        const index = new IntervalIndex()
        const naive = new NaiveIndex()
        for (const op of added) {
          index.add(op.key, op.interval)
          naive.add(op.key, op.interval)
        }
        for (const key of removed) {
          expect(index.remove(`k${key}`)).toBe(naive.byKey.get(`k${key}`)?.length ?? 0)
          naive.remove(`k${key}`)
        }
        expect(index.size).toBe(naive.all().length)
        for (let from = -40; from < 80; from += 7) {
          expect(canonical(index.overlapping(from, from + 9))).toEqual(canonical(naive.overlapping(from, from + 9)))
          expect(index.peakUnits(from, from + 9)).toBe(naive.peakUnits(from, from + 9))
        }
      }),
      // Shrinking thousands of operations takes minutes, synchronously; report the first failure.
      { endOnFailure: true, numRuns: 8 },
    )
  })

  it('handles 100,000 intervals: adds, removes and queries stay exact', () => {
    const random = seededRandom(42)
    const year = 365 * 86_400_000
    const intervals = Array.from({ length: 100_000 }, () => {
      const start = Math.floor(random() * year)
      return { end: start + 900_000 + Math.floor(random() * 4) * 900_000, start, units: 1 + Math.floor(random() * 3) }
    })
    const removed = Array.from({ length: 50_000 }, () => `r${Math.floor(random() * 100_000)}`)
    const index = new IntervalIndex()
    intervals.forEach((interval, i) => index.add(`r${i}`, interval))
    removed.forEach((key) => index.remove(key))
    const naive = new NaiveIndex()
    intervals.forEach((interval, i) => naive.add(`r${i}`, interval))
    removed.forEach((key) => naive.remove(key))
    expect(index.size).toBe(naive.all().length)
    for (let q = 0; q < 20; q += 1) {
      const from = Math.floor(random() * year)
      const to = from + 86_400_000
      expect(canonical(index.overlapping(from, to))).toEqual(canonical(naive.overlapping(from, to)))
      expect(index.peakUnits(from, to)).toBe(naive.peakUnits(from, to))
    }
  })
})
