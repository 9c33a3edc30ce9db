import { describe, expect, it } from 'vitest'

import type { Formatters } from '../../../../src/admin/shared/use-formatters.js'

import { isAllDay, timeSpan } from '../../../../src/admin/shared/time-span.js'

const ZONE = 'Europe/Berlin'
const format = { time: (iso: number | string) => new Date(iso).toISOString().slice(11, 16) } as Formatters
const t = ((key: string) => (key === 'allDay' ? 'All day' : key)) as Parameters<typeof timeSpan>[2]

describe('a booking or slot by the clock', () => {
  it('is "All day" from local midnight to the next, also over several days and across a DST change', () => {
    // 7 Dec 2026 in Berlin (UTC+1) and the night of 29 Mar 2026, which has 23 hours.
    expect(isAllDay({ endTime: '2026-12-07T23:00:00.000Z', startTime: '2026-12-06T23:00:00.000Z' }, ZONE)).toBe(true)
    expect(isAllDay({ endTime: '2026-12-09T23:00:00.000Z', startTime: '2026-12-06T23:00:00.000Z' }, ZONE)).toBe(true)
    expect(isAllDay({ endTime: '2026-03-29T22:00:00.000Z', startTime: '2026-03-28T23:00:00.000Z' }, ZONE)).toBe(true)
    expect(timeSpan({ endTime: '2026-12-07T23:00:00.000Z', startTime: '2026-12-06T23:00:00.000Z' }, format, t, ZONE)).toBe('All day')
  })

  it('is start–end for anything shorter, and midnight in UTC is not midnight in Berlin', () => {
    expect(isAllDay({ endTime: '2026-12-07T22:59:00.000Z', startTime: '2026-12-06T23:00:00.000Z' }, ZONE)).toBe(false)
    expect(isAllDay({ endTime: '2026-12-08T00:00:00.000Z', startTime: '2026-12-07T00:00:00.000Z' }, ZONE)).toBe(false)
    expect(timeSpan({ endTime: '2026-12-07T10:30:00.000Z', startTime: '2026-12-07T10:00:00.000Z' }, format, t, ZONE)).toBe('10:00–10:30')
  })
})
