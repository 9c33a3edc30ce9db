import type { Schedule, ScheduleException } from './schedule.js'

import { addCalendarDays, calendarDate, parseWallTime, weekdayOf, zonedEpoch } from '../time/local-time.js'
import { type EpochRange, mergeRanges, subtractRanges } from '../time/ranges.js'

/** A full-day exception's share of one local day. */
export interface TimeOff extends EpochRange {
  reason?: string
  type?: string
}

/** One local day of a resource: its bounds, working windows and time off, all epoch ms. */
export interface DayWindows {
  /** `YYYY-MM-DD` in the resource's time zone. */
  date: string
  /** Local midnight ending the day (23 or 25 hours after `dayStart` on DST days). */
  dayEnd: number
  /** Local midnight starting the day. */
  dayStart: number
  /** Time off from full-day exceptions, clipped to the day. */
  timeOff: TimeOff[]
  /** Working windows: sorted, merged, minus partial-day exceptions; empty on time-off days. */
  windows: EpochRange[]
}

const isFullDay = (exception: ScheduleException): boolean => !exception.startTime && !exception.endTime

const covers = (exception: ScheduleException, date: string): boolean => {
  const first = calendarDate(exception.date)
  const last = exception.endDate ? calendarDate(exception.endDate) : first
  return first <= date && date <= (last > first ? last : first)
}

/**
 * The working windows and time off of a resource on each local day from `fromDate` to
 * `toDate` (inclusive), from its `active` schedules. Wall-clock times are read in `timeZone`
 * (IANA) on each day separately, so DST transition days keep their wall-clock hours.
 */
export const resolveWindows = (
  schedules: readonly Schedule[],
  timeZone: string,
  fromDate: string,
  toDate: string,
): DayWindows[] => {
  const active = schedules.filter((schedule) => schedule.active)
  const recurring = active.flatMap((schedule) => schedule.recurringSlots ?? [])
  const manual = active.flatMap((schedule) => schedule.manualSlots ?? [])
  const exceptions = active.flatMap((schedule) => schedule.exceptions ?? [])
  const days: DayWindows[] = []
  const first = calendarDate(fromDate)
  // Counted in days: as text, '10000-01-01' sorts before '9999-12-31'.
  const count = Math.round((Date.parse(`${calendarDate(toDate)}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1
  for (let index = 0, date = first; index < count; index++, date = addCalendarDays(date, 1)) {
    const at = (time: string): number => zonedEpoch(date, parseWallTime(time), timeZone)
    const weekday = weekdayOf(date)
    const shifts = [
      ...recurring.filter((slot) => slot.day === weekday),
      ...manual.filter((slot) => calendarDate(slot.date) === date),
    ].map((slot) => ({ end: at(slot.endTime), start: at(slot.startTime) }))
    const dayStart = zonedEpoch(date, 0, timeZone)
    const dayEnd = at('24:00')
    const closing = exceptions.filter((exception) => covers(exception, date))
    const timeOff = closing.filter(isFullDay).map(({ reason, type }) => {
      const entry: TimeOff = { end: dayEnd, start: dayStart }
      if (reason) {
        entry.reason = reason
      }
      if (type) {
        entry.type = type
      }
      return entry
    })
    const cuts = mergeRanges(
      closing
        .filter((exception) => !isFullDay(exception))
        .map(({ endTime, startTime }) => ({ end: at(endTime || '24:00'), start: at(startTime || '00:00') })),
    )
    const windows = timeOff.length > 0 ? [] : subtractRanges(mergeRanges(shifts), cuts)
    days.push({ date, dayEnd, dayStart, timeOff, windows })
  }
  return days
}
