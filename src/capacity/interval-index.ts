import type { Interval } from '../events/types.js'

/** A busy interval together with the key (reservation id) that owns it. */
export interface KeyedInterval extends Interval {
  key: string
}

/** What availability needs from a resource's busy intervals. */
export interface BusyIntervals {
  peakUnits(from: number, to: number): number
}

/**
 * Entries per bucket. A flat sorted array moves half its entries on every insert or removal
 * (measured: ~7 s for 100,000 random inserts); buckets bound each move to about 2 × LOAD.
 */
const LOAD = 512

/**
 * The busy intervals of one resource: half-open `[start, end)` epoch-ms intervals with units,
 * each owned by a key. Entries are kept sorted by start in a list of small sorted buckets;
 * together with the longest interval length this bounds every range query to a binary search
 * plus a scan of the intervals that can reach into the range.
 */
export class IntervalIndex implements BusyIntervals {
  #buckets: KeyedInterval[][] = []
  readonly #byKey = new Map<string, KeyedInterval[]>()
  /** Multiset of interval lengths, so the longest one is known after removals too. */
  readonly #lengths = new Map<number, number>()
  #maxLength = 0
  #size = 0

  /** Number of intervals held. */
  get size(): number {
    return this.#size
  }

  /** Adds an interval owned by `key`; a key may own several. */
  add(key: string, interval: Interval): void {
    const { end, start, units } = interval
    if (!Number.isFinite(start) || !Number.isFinite(end) || !(end > start)) {
      throw new RangeError(`Invalid interval [${start}, ${end}): needs finite start < end`)
    }
    if (!Number.isFinite(units) || !(units > 0)) {
      throw new RangeError(`Invalid interval units ${units}: needs a positive number`)
    }
    // A private copy: callers mutating their object must not break the sort order.
    const entry: KeyedInterval = { end, key, start, units }
    this.#insert(entry)
    const owned = this.#byKey.get(key)
    if (owned) {
      owned.push(entry)
    } else {
      this.#byKey.set(key, [entry])
    }
    const length = end - start
    this.#lengths.set(length, (this.#lengths.get(length) ?? 0) + 1)
    this.#maxLength = Math.max(this.#maxLength, length)
    this.#size += 1
  }

  /** Removes every interval owned by `key`; returns how many there were. */
  remove(key: string): number {
    const owned = this.#byKey.get(key)
    if (!owned) {
      return 0
    }
    this.#byKey.delete(key)
    for (const entry of owned) {
      this.#delete(entry)
      this.#forgetLength(entry.end - entry.start)
    }
    this.#size -= owned.length
    return owned.length
  }

  /** The intervals owned by `key`, in the order they were added. */
  intervalsOf(key: string): Interval[] {
    return (this.#byKey.get(key) ?? []).map(({ end, start, units }) => ({ end, start, units }))
  }

  /** Intervals overlapping `[from, to)`, sorted by start. */
  overlapping(from: number, to: number): KeyedInterval[] {
    const hits: KeyedInterval[] = []
    this.#scan(from, to, (entry) => hits.push({ ...entry }))
    return hits
  }

  /** The highest sum of units active at any one instant inside `[from, to)`. */
  peakUnits(from: number, to: number): number {
    const overlapping: Interval[] = []
    this.#scan(from, to, (entry) => overlapping.push(entry))
    return peakUnitsOf(overlapping, from, to)
  }

  /** Calls `visit` for each interval overlapping `[from, to)`, in start order. */
  #scan(from: number, to: number, visit: (entry: KeyedInterval) => void): void {
    if (!(from < to)) {
      return
    }
    // No interval starting at or before `from - maxLength` can end after `from`.
    let [b, i] = this.#firstStartAbove(from - this.#maxLength)
    for (; b < this.#buckets.length; b += 1, i = 0) {
      const bucket = this.#buckets[b]
      for (; i < bucket.length; i += 1) {
        const entry = bucket[i]
        if (entry.start >= to) {
          return
        }
        if (entry.end > from) {
          visit(entry)
        }
      }
    }
  }

  /** Position (bucket, index) of the first entry whose start is greater than `t`. */
  #firstStartAbove(t: number): [number, number] {
    const buckets = this.#buckets
    let lo = 0
    let hi = buckets.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const bucket = buckets[mid]
      if (bucket[bucket.length - 1].start > t) {
        hi = mid
      } else {
        lo = mid + 1
      }
    }
    if (lo === buckets.length) {
      return [lo, 0]
    }
    const bucket = buckets[lo]
    let left = 0
    let right = bucket.length
    while (left < right) {
      const mid = (left + right) >>> 1
      if (bucket[mid].start > t) {
        right = mid
      } else {
        left = mid + 1
      }
    }
    return [lo, left]
  }

  #insert(entry: KeyedInterval): void {
    const buckets = this.#buckets
    if (buckets.length === 0) {
      buckets.push([entry])
      return
    }
    let [b, i] = this.#firstStartAbove(entry.start)
    if (b === buckets.length) {
      b -= 1
      i = buckets[b].length
    }
    const bucket = buckets[b]
    bucket.splice(i, 0, entry)
    if (bucket.length > 2 * LOAD) {
      buckets.splice(b + 1, 0, bucket.splice(LOAD))
    }
  }

  #delete(entry: KeyedInterval): void {
    const buckets = this.#buckets
    // Entries with an equal start may precede it; start the search just below its start.
    let [b, i] = this.#firstStartAbove(entry.start - 1)
    for (; b < buckets.length; b += 1, i = 0) {
      const bucket = buckets[b]
      const at = bucket.indexOf(entry, i)
      if (at !== -1) {
        bucket.splice(at, 1)
        if (bucket.length === 0) {
          buckets.splice(b, 1)
        }
        return
      }
    }
  }

  #forgetLength(length: number): void {
    const count = (this.#lengths.get(length) ?? 0) - 1
    if (count > 0) {
      this.#lengths.set(length, count)
      return
    }
    this.#lengths.delete(length)
    if (length === this.#maxLength) {
      let max = 0
      for (const candidate of this.#lengths.keys()) {
        max = Math.max(max, candidate)
      }
      this.#maxLength = max
    }
  }
}

/** The highest sum of units of `intervals` active at any one instant inside `[from, to)`. */
export const peakUnitsOf = (intervals: readonly Interval[], from: number, to: number): number => {
  const edges: Array<[number, number]> = []
  for (const { end, start, units } of intervals) {
    const s = Math.max(start, from)
    const e = Math.min(end, to)
    if (s < e) {
      edges.push([s, units], [e, -units])
    }
  }
  // Ends sort before starts at the same instant: half-open intervals that touch never overlap.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  let current = 0
  let peak = 0
  for (const [, delta] of edges) {
    current += delta
    peak = Math.max(peak, current)
  }
  return peak
}
