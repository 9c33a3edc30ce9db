/**
 * The schedule record as availability reads it: plain data, already loaded from the schedules
 * collection. Optional fields accept `null`, as Payload returns it. See docs/ARCHITECTURE.md,
 * "Reads: availability and the endpoints (`src/availability`, `src/plugin/endpoints`)".
 */

import type { Weekday } from '../time/weekdays.js'

export { WEEKDAYS, type Weekday } from '../time/weekdays.js'

/**
 * Wall-clock times are `HH:mm` in the resource's time zone; `endTime` may be `24:00`, the next
 * local midnight. A slot whose end is not after its start is empty: overnight shifts are two
 * slots, one on each day.
 */
export interface RecurringSlot {
  day: Weekday
  endTime: string
  startTime: string
}

/** A one-off working window on a calendar date (`YYYY-MM-DD`). */
export interface ManualSlot {
  date: string
  endTime: string
  startTime: string
}

/**
 * Time off from `date` to `endDate` (inclusive; absent or earlier means the one day).
 * Without `startTime` and `endTime` it closes each whole local day and is reported as time
 * off. With either of them it is a partial-day exception: the range `startTime`–`endTime`
 * (missing ends default to 00:00 and 24:00) is cut from the windows of each day in the range.
 * Exceptions apply to the windows of every active schedule of the resource.
 */
export interface ScheduleException {
  date: string
  endDate?: null | string
  endTime?: null | string
  reason?: null | string
  startTime?: null | string
  /** A leaveTypes entry; descriptive only. */
  type?: null | string
}

export interface Schedule {
  /** Only active schedules contribute windows and exceptions. */
  active: boolean
  exceptions?: null | ScheduleException[]
  manualSlots?: ManualSlot[] | null
  name: string
  recurringSlots?: null | RecurringSlot[]
  /** Id of the resource the schedule belongs to. */
  resource: string
}
