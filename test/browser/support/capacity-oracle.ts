import type { ResourceAvailability, TimeRange } from '../../../src/contract/http.js'

const MINUTE = 60_000

const covers = (range: TimeRange, at: number): boolean => Date.parse(range.start) <= at && at < Date.parse(range.end)

/**
 * Capacity and use in unit-minutes over `[from, to)`, counted minute by minute: a deliberately
 * naive second opinion on the admin's figures. A minute counts when the resource works and is
 * not off; its use is the units booked then (or taken by a completed booking), at most the
 * resource's quantity; it is free if it is still to come and units are left.
 */
export const sampledLoad = (
  answer: ResourceAvailability,
  from: number,
  to: number,
  { completed = [], now = -Infinity }: { completed?: ({ units: number } & TimeRange)[]; now?: number } = {},
): { capacity: number; free: number; used: number } => {
  const shifts = answer.days.flatMap((day) => day.shiftWindows)
  const timeOff = answer.days.flatMap((day) => day.timeOff)
  let [capacity, free, used] = [0, 0, 0]
  for (let at = from + MINUTE / 2; at < to; at += MINUTE) {
    if (shifts.some((range) => covers(range, at)) && !timeOff.some((range) => covers(range, at))) {
      const units = [...answer.busy, ...completed].reduce((sum, interval) => (covers(interval, at) ? sum + interval.units : sum), 0)
      capacity += answer.quantity
      used += Math.min(answer.quantity, units)
      free += at > now ? answer.quantity - Math.min(answer.quantity, units) : 0
    }
  }
  return { capacity, free, used }
}
