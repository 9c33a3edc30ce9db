import type { ResourceAvailability, TimeRange } from '../../../src/plugin/http/contract.js'

const MINUTE = 60_000

const covers = (range: TimeRange, at: number): boolean => Date.parse(range.start) <= at && at < Date.parse(range.end)

/**
 * Capacity and use in unit-minutes over `[from, to)`, counted minute by minute: a deliberately
 * naive second opinion on the admin's figures. A minute counts when the resource works and is
 * not off; its use is the units booked then, at most the resource's quantity.
 */
export const sampledLoad = (
  answer: ResourceAvailability,
  from: number,
  to: number,
): { capacity: number; used: number } => {
  const shifts = answer.days.flatMap((day) => day.shiftWindows)
  const timeOff = answer.days.flatMap((day) => day.timeOff)
  let capacity = 0
  let used = 0
  for (let at = from + MINUTE / 2; at < to; at += MINUTE) {
    if (shifts.some((range) => covers(range, at)) && !timeOff.some((range) => covers(range, at))) {
      const units = answer.busy.reduce((sum, interval) => (covers(interval, at) ? sum + interval.units : sum), 0)
      capacity += answer.quantity
      used += Math.min(answer.quantity, units)
    }
  }
  return { capacity, used }
}
