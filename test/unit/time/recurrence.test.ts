import { describe, expect, it } from 'vitest'

import { MAX_OCCURRENCES, occurrenceStarts, type Recurrence } from '../../../src/time/recurrence.js'

const iso = (epoch: number): string => new Date(epoch).toISOString()
const starts = (start: string, recurrence: Recurrence, timeZone = 'UTC', limit = MAX_OCCURRENCES + 1): string[] =>
  occurrenceStarts(Date.parse(start), recurrence, timeZone, limit).map(iso)

describe('occurrenceStarts', () => {
  it('daily, every interval days, count times', () => {
    expect(starts('2031-01-30T09:00:00.000Z', { count: 3, frequency: 'daily', interval: 2 })).toEqual([
      '2031-01-30T09:00:00.000Z',
      '2031-02-01T09:00:00.000Z',
      '2031-02-03T09:00:00.000Z',
    ])
  })

  it('weekly keeps the wall-clock time across both changes of daylight saving time', () => {
    // New York: summer time ends 2031-11-02, begins 2032-03-14; 09:00 local is 13:00Z, then 14:00Z, then 13:00Z.
    const weekly = starts('2031-10-28T13:00:00.000Z', { count: 21, frequency: 'weekly', interval: 1 }, 'America/New_York')
    expect(weekly.slice(0, 2)).toEqual(['2031-10-28T13:00:00.000Z', '2031-11-04T14:00:00.000Z'])
    expect(weekly.slice(19)).toEqual(['2032-03-09T14:00:00.000Z', '2032-03-16T13:00:00.000Z'])
    const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'America/New_York' })
    expect(new Set(weekly.map((start) => clock.format(Date.parse(start))))).toEqual(new Set(['09:00']))
  })

  it('a wall time skipped by spring-forward moves past the gap, as the schedule reads it', () => {
    // Berlin skips 02:00–03:00 on 2031-03-30.
    expect(starts('2031-03-29T01:30:00.000Z', { count: 2, frequency: 'daily', interval: 1 }, 'Europe/Berlin')).toEqual([
      '2031-03-29T01:30:00.000Z',
      '2031-03-30T01:30:00.000Z',
    ])
  })

  it('counts the local date, not the UTC date, west and east of UTC', () => {
    // 22:00 in Los Angeles is the next UTC day; the series keeps the local weekday.
    const la = starts('2031-06-03T05:00:00.000Z', { byWeekday: ['mon', 'wed'], count: 3, frequency: 'weekly', interval: 1 }, 'America/Los_Angeles')
    expect(la).toEqual(['2031-06-03T05:00:00.000Z', '2031-06-05T05:00:00.000Z', '2031-06-10T05:00:00.000Z'])
  })

  it('weekly on weekdays: from the first date on, every interval-th week from its week', () => {
    // 2031-09-03 is a Wednesday: the Monday of its week is before the start and left out.
    expect(starts('2031-09-03T10:00:00.000Z', { byWeekday: ['fri', 'mon'], count: 5, frequency: 'weekly', interval: 2 })).toEqual([
      '2031-09-05T10:00:00.000Z',
      '2031-09-15T10:00:00.000Z',
      '2031-09-19T10:00:00.000Z',
      '2031-09-29T10:00:00.000Z',
      '2031-10-03T10:00:00.000Z',
    ])
  })

  it('daily on weekdays skips the other days', () => {
    // 2031-09-05 is a Friday.
    expect(starts('2031-09-05T10:00:00.000Z', { byWeekday: ['mon', 'tue', 'wed', 'thu', 'fri'], count: 3, frequency: 'daily', interval: 1 })).toEqual([
      '2031-09-05T10:00:00.000Z',
      '2031-09-08T10:00:00.000Z',
      '2031-09-09T10:00:00.000Z',
    ])
  })

  it('until a local date includes that day; until an instant includes a start at it', () => {
    const start = '2031-05-01T23:30:00.000Z'
    // In Berlin that start is 2031-05-02 01:30.
    expect(starts(start, { frequency: 'daily', interval: 1, until: '2031-05-04' }, 'Europe/Berlin')).toHaveLength(3)
    expect(starts(start, { frequency: 'daily', interval: 1, until: Date.parse('2031-05-03T23:30:00.000Z') })).toHaveLength(3)
  })

  it('stops at the limit, so a caller learns that a series has more than 52', () => {
    expect(starts('2031-01-01T09:00:00.000Z', { frequency: 'daily', interval: 1, until: '2031-12-31' })).toHaveLength(MAX_OCCURRENCES + 1)
    expect(starts('2031-01-01T09:00:00.000Z', { frequency: 'weekly', interval: 1, until: '2031-12-24' })).toHaveLength(MAX_OCCURRENCES)
  })

  it('gives none, and ends, where no date can fall on the weekdays', () => {
    // Every 7th day from a Monday is always a Monday.
    expect(starts('2031-09-01T10:00:00.000Z', { byWeekday: ['tue'], count: 3, frequency: 'daily', interval: 7 })).toEqual([])
  })
})
