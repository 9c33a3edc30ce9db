import type { Interval } from './types.js'

import { RESOURCE_STREAM_PREFIX } from './types.js'

/**
 * Capacity streams are per resource and UTC month ("closing the books"): a decision or query
 * reads only the months it touches, so its cost does not grow with the resource's history.
 * A claim is recorded in every month stream one of its intervals overlaps, whole (not cut at
 * the month's edge): every claim reaching into a month is in that month's stream, so a month's
 * state answers every question about instants inside it.
 */
export interface CapacityStream {
  /** `YYYY-MM`, UTC. */
  month: string
  resource: string
  stream: string
}

const MONTH_SUFFIX = /^(.+)-(\d{4}-\d{2})$/

const monthStart = (year: number, month: number): number => Date.UTC(year, month, 1)

/** The UTC month (`YYYY-MM`) of an instant. */
export const monthOf = (epoch: number): string => new Date(epoch).toISOString().slice(0, 7)

/** The UTC month's bounds, `[start, end)` in epoch ms. */
export const monthBounds = (month: string): { end: number; start: number } => {
  const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1]
  return { end: monthStart(year, index + 1), start: monthStart(year, index) }
}

/** Every UTC month overlapping `[from, to)`, in order. */
export const monthsOf = (from: number, to: number): string[] => {
  const months: string[] = []
  const first = new Date(from)
  for (let index = first.getUTCMonth(), year = first.getUTCFullYear(); monthStart(year, index) < to; index += 1) {
    months.push(monthOf(monthStart(year, index)))
  }
  return months
}

export const capacityStreamName = (resource: string, month: string): string => `${RESOURCE_STREAM_PREFIX}${resource}-${month}`

export const capacityStream = (resource: string, month: string): CapacityStream => ({
  month,
  resource,
  stream: capacityStreamName(resource, month),
})

/** The month streams of a resource that `intervals` reach into, in stream-name order. */
export const capacityStreams = (resource: string, intervals: Interval[]): CapacityStream[] =>
  [...new Set(intervals.flatMap(({ end, start }) => monthsOf(start, end)))].sort().map((month) => capacityStream(resource, month))

/** The intervals reaching into `month`, as listed. */
export const intervalsIn = (intervals: Interval[], month: string): Interval[] => {
  const { end, start } = monthBounds(month)
  return intervals.filter((interval) => interval.start < end && start < interval.end)
}

/** The resource and month of a month stream's name; null for any other stream (the old one-per-resource layout too). */
export const parseCapacityStream = (stream: string): CapacityStream | null => {
  if (!stream.startsWith(RESOURCE_STREAM_PREFIX)) {
    return null
  }
  const match = MONTH_SUFFIX.exec(stream.slice(RESOURCE_STREAM_PREFIX.length))
  return match ? { month: match[2], resource: match[1], stream } : null
}
