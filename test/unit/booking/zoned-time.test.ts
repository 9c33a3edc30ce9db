import { describe, expect, it } from 'vitest'

import { countdownLabel, dateLabel, otherZone, timeWithZones, whenLabel } from '../../../src/booking/zoned-time.js'

// 09:00 in Berlin (CET, UTC+1) is 03:00 in New York (EST, UTC−5).
const NINE_IN_BERLIN = '2026-12-01T08:00:00.000Z'

describe('times on the booking page', () => {
  it('names the resource zone, and the visitor’s time beside it when their zone differs', () => {
    expect(timeWithZones(NINE_IN_BERLIN, 'Europe/Berlin', 'de', 'America/New_York')).toBe('09:00 Europe/Berlin (03:00 America/New_York)')
    expect(timeWithZones(NINE_IN_BERLIN, 'Europe/Berlin', 'en-GB', 'Europe/Berlin')).toBe('09:00 Europe/Berlin')
    expect(timeWithZones(NINE_IN_BERLIN, 'Europe/Berlin', 'de', null)).toBe('09:00 Europe/Berlin')
  })

  it('shows a span from start to end on each clock, for a length the guest chose', () => {
    expect(timeWithZones(NINE_IN_BERLIN, 'Europe/Berlin', 'de', 'America/New_York', '2026-12-01T09:30:00.000Z')).toBe(
      '09:00–10:30 Europe/Berlin (03:00–04:30 America/New_York)',
    )
  })

  it('counts a zone with the same clock at that instant as the same (Paris beside Berlin)', () => {
    expect(otherZone(NINE_IN_BERLIN, 'Europe/Berlin', 'Europe/Paris')).toBeNull()
    expect(otherZone(NINE_IN_BERLIN, 'Europe/Berlin', 'Europe/London')).toBe('Europe/London')
  })

  it('writes a calendar date in the language, never shifted through a zone', () => {
    expect(dateLabel('2026-12-01', 'de')).toBe('Dienstag, 1. Dezember 2026')
    expect(dateLabel('2026-12-01', 'en')).toBe('Tuesday, December 1, 2026')
    expect(whenLabel(NINE_IN_BERLIN, '2026-12-01', 'Europe/Berlin', 'de', 'America/New_York')).toBe(
      'Dienstag, 1. Dezember 2026, 09:00 Europe/Berlin (03:00 America/New_York)',
    )
  })

  it('counts a hold down in minutes and seconds, rounding a started second up and stopping at zero', () => {
    expect(countdownLabel(600_000)).toBe('10:00')
    expect(countdownLabel(61_500)).toBe('1:02')
    expect(countdownLabel(4_000)).toBe('0:04')
    expect(countdownLabel(-5)).toBe('0:00')
  })
})
