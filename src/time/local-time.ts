import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'

import { type Weekday, WEEKDAYS } from './weekdays.js'

dayjs.extend(utc)

/**
 * The edge between calendar dates, wall-clock times and instants. Everything else in
 * availability works on epoch milliseconds; only these functions know about time zones.
 *
 * Zone offsets come from Intl, not from dayjs's timezone plugin: `dayjs.tz(string, zone)`
 * resolves repeated wall times by the offset in force on the day the code runs, and
 * `dayjs(t).tz(zone)` re-parses through the host's zone and is an hour off when the target
 * wall time falls in the host's DST gap. Resolution follows the usual "compatible" rule
 * (Temporal, RFC 5545): a wall time skipped by spring-forward moves forward by the gap; one
 * repeated by fall-back takes the earlier instant, so a window covers both repetitions.
 */

const DAY_MS = 86_400_000
const MINUTES_PER_DAY = 1440
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/
const PLAIN_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_PATTERN = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/

const formatters = new Map<string, Intl.DateTimeFormat>()

/** Throws a RangeError for an unknown time zone. */
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
      minute: 'numeric',
      month: 'numeric',
      second: 'numeric',
      timeZone,
      year: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/**
 * Remembered answers of this edge: Intl's `formatToParts` is its whole cost (about 5 µs a call,
 * and a zoned instant takes three), while schedules ask for the same days and times again and
 * again. The maps hold what pure functions returned for exactly these arguments, so a
 * remembered answer is the answer. All zones together hold at most `REMEMBERED` answers of a
 * kind (zones come from resources and calendar feeds, which a site does not fully control);
 * beyond that everything is forgotten at once.
 */
const REMEMBERED = 16_384

class Remembered<K, V> {
  private readonly zones = new Map<string, Map<K, V>>()
  private size = 0

  of(timeZone: string, key: K, compute: () => V): V {
    const found = this.zones.get(timeZone)?.get(key)
    if (found !== undefined) {
      return found
    }
    // Computed first: an unknown zone throws here and leaves no entry behind.
    const value = compute()
    if (this.size >= REMEMBERED) {
      this.zones.clear()
      this.size = 0
    }
    const known = this.zones.get(timeZone) ?? new Map<K, V>()
    this.zones.set(timeZone, known.set(key, value))
    this.size++
    return value
  }
}

/** Wall clock minus instant, by the instant's whole second (Intl reads no finer). */
const offsets = new Remembered<number, number>()

const offsetAt = (second: number, timeZone: string): number =>
  offsets.of(timeZone, second, () => {
    const part: Record<string, number> = {}
    for (const { type, value } of formatterFor(timeZone).formatToParts(second)) {
      part[type] = Number(value)
    }
    return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second) - second
  })

const pad = (value: number, width: number): string => String(value).padStart(width, '0')

/** `YYYY-MM-DD` of a UTC timestamp, as dayjs formats it (without its cost on the hot path). */
const isoDateOf = (utc: number): string => {
  const date = new Date(utc)
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`
}

/** The wall clock of `epoch` in `timeZone`, expressed as the UTC timestamp that reads the same. */
export const wallClockOf = (epoch: number, timeZone: string): number => {
  const milliseconds = ((epoch % 1000) + 1000) % 1000
  const second = epoch - milliseconds
  return second + offsetAt(second, timeZone) + milliseconds
}

/**
 * The calendar date `YYYY-MM-DD` of a stored date. A datetime string counts as the date it is
 * written with and is never shifted through a time zone: converting `2026-11-05T00:00Z` to
 * Los Angeles time would land a date-only exception a day early.
 */
export const calendarDate = (value: string): string => {
  const match = DATE_PATTERN.exec(value)
  if (match) {
    const [, y, m, d] = match.map(Number)
    const probe = new Date(Date.UTC(y, m - 1, d))
    if (probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d) {
      return value.slice(0, 10)
    }
  }
  throw new RangeError(`Invalid date "${value}": expected YYYY-MM-DD`)
}

/** The calendar date `days` after `date` (calendar arithmetic, no time zone involved). */
export const addCalendarDays = (date: string, days: number): string => {
  const match = PLAIN_DATE_PATTERN.exec(date)
  // Date.UTC rolls a day past the month's end over as dayjs does; anything else goes to dayjs.
  return match ? isoDateOf(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)) : dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD')
}

export const weekdayOf = (date: string): Weekday => WEEKDAYS[(dayjs.utc(date).day() + 6) % 7]

/** Minutes after local midnight of an `HH:mm` time; `24:00` is 1440. */
export const parseWallTime = (value: string): number => {
  const match = TIME_PATTERN.exec(value)
  if (!match) {
    throw new RangeError(`Invalid time "${value}": expected HH:mm (00:00 to 24:00)`)
  }
  return match[1] === undefined ? MINUTES_PER_DAY : Number(match[1]) * 60 + Number(match[2])
}

/** Zoned instants by date and minutes. */
const instants = new Remembered<string, number>()

/** The instant at which the wall clock in `timeZone` shows `minutes` past midnight of `date`. */
export const zonedEpoch = (date: string, minutes: number, timeZone: string): number =>
  instants.of(timeZone, `${date} ${minutes}`, () => resolveZoned(date, minutes, timeZone))

const resolveZoned = (date: string, minutes: number, timeZone: string): number => {
  if (minutes === MINUTES_PER_DAY) {
    return zonedEpoch(addCalendarDays(date, 1), 0, timeZone)
  }
  const wall = dayjs.utc(date).valueOf() + minutes * 60_000
  // Offsets a day either side cover any single transition near this wall time.
  const offsetBefore = wallClockOf(wall - DAY_MS, timeZone) - (wall - DAY_MS)
  const offsetAfter = wallClockOf(wall + DAY_MS, timeZone) - (wall + DAY_MS)
  const candidates = [wall - offsetBefore, wall - offsetAfter].sort((a, b) => a - b)
  const exact = candidates.find((candidate) => wallClockOf(candidate, timeZone) === wall)
  // No instant shows this wall time (spring-forward gap): the old offset lands past the gap.
  return exact ?? wall - offsetBefore
}

/** The local calendar date of an instant in `timeZone`. */
export const localDateOf = (epoch: number, timeZone: string): string => isoDateOf(wallClockOf(epoch, timeZone))

/** Milliseconds after local midnight that the wall clock in `timeZone` shows at `epoch`. */
export const wallTimeOfDay = (epoch: number, timeZone: string): number => {
  const wall = wallClockOf(epoch, timeZone)
  return wall - dayjs.utc(wall).startOf('day').valueOf()
}

/** Local midnight starting the day that contains `epoch`. */
export const startOfLocalDay = (epoch: number, timeZone: string): number =>
  zonedEpoch(localDateOf(epoch, timeZone), 0, timeZone)

/** Local midnight ending the day that contains `epoch`. */
export const nextLocalMidnight = (epoch: number, timeZone: string): number =>
  zonedEpoch(localDateOf(epoch, timeZone), MINUTES_PER_DAY, timeZone)
