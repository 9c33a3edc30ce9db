import { describe, expect, it } from 'vitest'

import type { Weekday } from '../../../../src/time/weekdays.js'

import { initialRepeats, recurrenceOf } from '../../../../src/admin/repeats/repeats.js'

const ZONE = 'Europe/Berlin'
// 23:30 on Sunday 6 December in Berlin, already Monday nowhere west of it: the weekday is Berlin's.
const SUNDAY_LATE = '2026-12-06T22:30:00.000Z'

describe('"Repeats…" as the series to book', () => {
  it("opens on the start's weekday in the plugin's zone, four times, or for four weeks; not repeating books once", () => {
    const repeats = initialRepeats(SUNDAY_LATE, ZONE)
    expect(repeats).toMatchObject({ byWeekday: ['sun'], count: 4, ends: 'count', frequency: 'none', interval: 1, until: '2027-01-02' })
    expect(recurrenceOf(repeats)).toBeNull()
    expect(recurrenceOf({ ...repeats, frequency: 'weekly' })).toEqual({ byWeekday: ['sun'], count: 4, frequency: 'weekly', interval: 1 })
  })

  it('sends the weekdays in weekday order, only for weekly, and the last day instead of a count', () => {
    const chosen: Weekday[] = ['thu', 'mon', 'tue']
    const weekly = { ...initialRepeats(SUNDAY_LATE, ZONE), byWeekday: chosen, frequency: 'weekly' as const }
    expect(recurrenceOf({ ...weekly, ends: 'until', interval: 2 })).toEqual({
      byWeekday: ['mon', 'tue', 'thu'],
      frequency: 'weekly',
      interval: 2,
      until: '2027-01-02',
    })
    expect(recurrenceOf({ ...weekly, frequency: 'daily' })).toEqual({ count: 4, frequency: 'daily', interval: 1 })
  })

  it('waits for a choice the API would refuse: no weekday, an empty or out-of-range count or interval, no last day', () => {
    const weekly = { ...initialRepeats(SUNDAY_LATE, ZONE), frequency: 'weekly' as const }
    for (const wrong of [
      { byWeekday: [] },
      { count: Number.NaN },
      { count: 0 },
      { count: 53 },
      { count: 2.5 },
      { interval: Number.NaN },
      { ends: 'until' as const, until: '' },
    ]) {
      expect(recurrenceOf({ ...weekly, ...wrong }), JSON.stringify(wrong)).toBeNull()
    }
    expect(recurrenceOf({ ...weekly, count: 52 })).toMatchObject({ count: 52 })
  })
})
