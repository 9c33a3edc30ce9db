import { describe, expect, it } from 'vitest'

import { waitlistRange } from '../../../src/booking/waitlist-range.js'

describe('the range a guest waits in for a full day', () => {
  it('is the whole local day of a day ahead, midnight to midnight in the resource’s zone', () => {
    expect(waitlistRange('2026-12-14', 'Europe/Berlin', Date.parse('2026-12-01T10:00:00Z'))).toEqual({
      from: '2026-12-13T23:00:00.000Z',
      to: '2026-12-14T23:00:00.000Z',
    })
  })

  it('starts now on a day already begun', () => {
    expect(waitlistRange('2026-12-14', 'America/New_York', Date.parse('2026-12-14T15:30:00Z'))).toEqual({
      from: '2026-12-14T15:30:00.000Z',
      to: '2026-12-15T05:00:00.000Z',
    })
  })

  it('is 23 hours long on the day the clocks go forward', () => {
    const { from, to } = waitlistRange('2026-03-29', 'Europe/Berlin', Date.parse('2026-03-01T00:00:00Z'))
    expect(Date.parse(to) - Date.parse(from)).toBe(23 * 3_600_000)
  })
})
