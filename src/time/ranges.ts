/** A half-open span `[start, end)` in epoch milliseconds. */
export interface EpochRange {
  end: number
  start: number
}

/**
 * Sorted union of `ranges`. Touching ranges merge as well (`[a, b) ∪ [b, c) = [a, c)`), so a
 * slot may run across the seam of two adjoining windows. Empty ranges vanish.
 */
export const mergeRanges = (ranges: readonly EpochRange[]): EpochRange[] => {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start)
  const merged: EpochRange[] = []
  for (const { end, start } of sorted) {
    const last = merged[merged.length - 1]
    if (last && start <= last.end) {
      last.end = Math.max(last.end, end)
    } else {
      merged.push({ end, start })
    }
  }
  return merged
}

/** `ranges` minus `cuts`; both sorted and merged, as `mergeRanges` returns them. */
export const subtractRanges = (ranges: readonly EpochRange[], cuts: readonly EpochRange[]): EpochRange[] => {
  const result: EpochRange[] = []
  let c = 0
  for (const range of ranges) {
    let start = range.start
    while (c < cuts.length && cuts[c].end <= start) {
      c += 1
    }
    for (let k = c; k < cuts.length && cuts[k].start < range.end; k += 1) {
      if (cuts[k].start > start) {
        result.push({ end: cuts[k].start, start })
      }
      start = Math.max(start, cuts[k].end)
    }
    if (start < range.end) {
      result.push({ end: range.end, start })
    }
  }
  return result
}
