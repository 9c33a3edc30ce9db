import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'

import {
  addCalendarDays,
  calendarDate,
  localDateOf,
  nextLocalMidnight,
  parseWallTime,
  startOfLocalDay,
  weekdayOf,
  zonedEpoch,
} from '../../../src/time/local-time.js'

dayjs.extend(utc)

const iso = (epoch: number): string => new Date(epoch).toISOString()
const HOUR = 3_600_000

/** Wall clock of an instant in a zone, read with Intl (independent of dayjs). */
const wallClock = (epoch: number, timeZone: string): { date: string; minutes: number } => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      minute: '2-digit',
      month: '2-digit',
      timeZone,
      year: 'numeric',
    })
      .formatToParts(epoch)
      .map((part) => [part.type, part.value]),
  )
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) }
}

describe('calendar dates', () => {
  it('reads a datetime as the date it is written with, never shifting it through a zone', () => {
    expect(calendarDate('2026-11-05')).toBe('2026-11-05')
    expect(calendarDate('2026-11-05T00:00:00.000Z')).toBe('2026-11-05')
  })

  it('rejects dates that do not exist or are not YYYY-MM-DD', () => {
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-5', '05/11/2026', '', '2026-11-05x']) {
      expect(() => calendarDate(bad)).toThrow(RangeError)
    }
  })

  it('steps over month ends and knows the weekday', () => {
    expect(addCalendarDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(weekdayOf('2026-03-29')).toBe('sun')
    expect(weekdayOf('2026-03-30')).toBe('mon')
    expect(weekdayOf('2026-11-05')).toBe('thu')
  })
})

describe('wall-clock times', () => {
  it('parses HH:mm from 00:00 to 24:00', () => {
    expect(parseWallTime('00:00')).toBe(0)
    expect(parseWallTime('09:30')).toBe(570)
    expect(parseWallTime('23:59')).toBe(1439)
    expect(parseWallTime('24:00')).toBe(1440)
    for (const bad of ['24:30', '25:00', '9:00', '09:60', '0900', '']) {
      expect(() => parseWallTime(bad)).toThrow(RangeError)
    }
  })

  it('maps wall-clock times on DST days to the right instants, after 13:00 too', () => {
    expect(iso(zonedEpoch('2026-03-29', 14 * 60, 'Europe/Paris'))).toBe('2026-03-29T12:00:00.000Z')
    expect(iso(zonedEpoch('2026-10-25', 14 * 60, 'Europe/Paris'))).toBe('2026-10-25T13:00:00.000Z')
    expect(iso(zonedEpoch('2026-03-08', 14 * 60, 'America/New_York'))).toBe('2026-03-08T18:00:00.000Z')
    expect(iso(zonedEpoch('2026-11-01', 14 * 60, 'America/New_York'))).toBe('2026-11-01T19:00:00.000Z')
  })

  it('moves a time skipped by spring-forward forward by the gap, and takes the earlier of a repeated time', () => {
    expect(iso(zonedEpoch('2026-03-29', 150, 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z')
    expect(iso(zonedEpoch('2026-03-08', 150, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z')
    expect(iso(zonedEpoch('2026-10-25', 150, 'Europe/Paris'))).toBe('2026-10-25T00:30:00.000Z')
    expect(iso(zonedEpoch('2026-11-01', 90, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z')
    // Santiago falls back at midnight, repeating 23:00–24:00 of 2026-04-04.
    expect(iso(zonedEpoch('2026-04-04', 23 * 60, 'America/Santiago'))).toBe('2026-04-05T02:00:00.000Z')
  })

  it('gives the same instants whatever the host zone and whatever day the code runs', () => {
    const hostZone = process.env.TZ
    vi.useFakeTimers()
    try {
      for (const host of ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo']) {
        for (const today of ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z']) {
          process.env.TZ = host
          vi.setSystemTime(new Date(today))
          expect(iso(zonedEpoch('2026-10-25', 150, 'Europe/Paris'))).toBe('2026-10-25T00:30:00.000Z')
          expect(iso(zonedEpoch('2026-11-01', 90, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z')
          expect(iso(zonedEpoch('2026-03-29', 9 * 60, 'America/New_York'))).toBe('2026-03-29T13:00:00.000Z')
          // 06:30Z shows 02:30 in New York, a wall time inside the Paris host's DST gap.
          expect(localDateOf(Date.parse('2026-03-29T06:30:00Z'), 'America/New_York')).toBe('2026-03-29')
          expect(iso(startOfLocalDay(Date.parse('2026-03-29T06:30:00Z'), 'America/New_York'))).toBe('2026-03-29T04:00:00.000Z')
        }
      }
    } finally {
      vi.useRealTimers()
      if (hostZone === undefined) {
        delete process.env.TZ
      } else {
        process.env.TZ = hostZone
      }
    }
  })

  it('reads 24:00 as the next local midnight, so DST days last 23 and 25 hours', () => {
    const spring = zonedEpoch('2026-03-29', 1440, 'Europe/Paris') - zonedEpoch('2026-03-29', 0, 'Europe/Paris')
    const autumn = zonedEpoch('2026-11-01', 1440, 'America/New_York') - zonedEpoch('2026-11-01', 0, 'America/New_York')
    expect(spring).toBe(23 * HOUR)
    expect(autumn).toBe(25 * HOUR)
  })

  it('finds the local day of an instant, also where midnight does not exist', () => {
    const lateEvening = Date.parse('2026-11-06T07:30:00.000Z')
    expect(localDateOf(lateEvening, 'America/Los_Angeles')).toBe('2026-11-05')
    expect(iso(startOfLocalDay(lateEvening, 'America/Los_Angeles'))).toBe('2026-11-05T08:00:00.000Z')
    expect(iso(nextLocalMidnight(lateEvening, 'America/Los_Angeles'))).toBe('2026-11-06T08:00:00.000Z')
    // Santiago springs forward at midnight: 2026-09-06 starts at 01:00 local.
    expect(iso(zonedEpoch('2026-09-06', 0, 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z')
  })

  it('round-trips with Intl for any instant in DST zones', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'America/Los_Angeles', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata']
    const transitions = [
      '2026-03-29T01:00:00Z',
      '2026-10-25T01:00:00Z',
      '2026-03-08T07:00:00Z',
      '2026-11-01T06:00:00Z',
      '2026-03-08T10:00:00Z',
      '2026-11-01T09:00:00Z',
      '2026-04-04T15:00:00Z',
      '2026-10-03T15:30:00Z',
      '2026-04-05T03:00:00Z',
      '2026-09-06T04:00:00Z',
    ].map((at) => Date.parse(at) / 60_000)
    const instants = fc.oneof(
      fc.integer({ max: Date.parse('2030-12-31T00:00:00Z') / 60_000, min: Date.parse('2024-01-01T00:00:00Z') / 60_000 }),
      fc.tuple(fc.constantFrom(...transitions), fc.integer({ max: 180, min: -180 })).map(([at, offset]) => at + offset),
    )
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (minute, timeZone) => {
        const epoch = minute * 60_000
        const { date, minutes } = wallClock(epoch, timeZone)
        const mapped = zonedEpoch(date, minutes, timeZone)
        expect(wallClock(mapped, timeZone)).toEqual({ date, minutes })
        // A repeated wall time resolves to its earlier instant, never a later one.
        expect(mapped).toBeLessThanOrEqual(epoch)
        expect(localDateOf(epoch, timeZone)).toBe(date)
      }),
      { numRuns: 500 },
    )
  })
})

describe('remembered answers', () => {
  const zones = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata']
  const dates = ['2026-03-07', '2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01', '2026-12-31']
  const halfHours = Array.from({ length: 49 }, (_, index) => index * 30)
  const askAll = () => zones.map((zone) => dates.map((date) => halfHours.map((minutes) => zonedEpoch(date, minutes, zone))))

  it('are the answers Intl gives, per zone, also when asked again after more questions than are remembered', () => {
    const first = askAll()
    zones.forEach((zone, z) =>
      dates.forEach((date, d) =>
        halfHours.forEach((minutes, m) => {
          const expected = minutes === 1440 ? { date: addCalendarDays(date, 1), minutes: 0 } : { date, minutes }
          // Inside a spring-forward gap no instant shows the time, and it moves forward by the
          // gap: shown `gap` minutes late, and `gap` minutes earlier the clock showed `gap`
          // minutes early, so it jumped by the gap in between, over the time asked for.
          const shown = wallClock(first[z][d][m], zone)
          const gap = shown.date === expected.date ? shown.minutes - expected.minutes : 0
          if (gap > 0 && gap <= 60) {
            expect(wallClock(first[z][d][m] - gap * 60_000, zone)).toEqual({ date, minutes: minutes - gap })
          } else {
            expect(shown).toEqual(expected)
          }
        }),
      ),
    )
    // Twenty thousand other instants and days in each zone: every remembered map fills and empties.
    for (const zone of zones) {
      for (let i = 0; i < 20_000; i++) {
        localDateOf(Date.parse('2027-01-01T00:00:00Z') + i * 61_000, zone)
        zonedEpoch(addCalendarDays('2027-01-01', i % 3_000), i % 1_440, zone)
      }
    }
    expect(askAll()).toEqual(first)
  })

  it('count calendar days as dayjs does, rolling a day past the month end over', () => {
    const dateText = fc
      .tuple(fc.integer({ max: 2100, min: 1900 }), fc.integer({ max: 12, min: 1 }), fc.integer({ max: 31, min: 1 }))
      .map(([year, month, day]) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)
    fc.assert(
      fc.property(fc.oneof(dateText, fc.constant('2026-11-05T00:00:00Z')), fc.integer({ max: 800, min: -800 }), (date, days) => {
        expect(addCalendarDays(date, days)).toBe(dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD'))
      }),
      { numRuns: 2_000 },
    )
  })
})
