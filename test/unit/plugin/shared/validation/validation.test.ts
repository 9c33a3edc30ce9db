import { describe, expect, it } from 'vitest'

import { isCalendarDate } from '../../../../../src/plugin/shared/validation/is-calendar-date.js'
import { isTimeZone } from '../../../../../src/plugin/shared/validation/is-time-zone.js'
import { minutesOfDay } from '../../../../../src/plugin/shared/validation/minutes-of-day.js'

describe('minutesOfDay', () => {
  it('reads HH:mm as minutes after midnight', () => {
    expect(minutesOfDay('00:00', { allowEndOfDay: false })).toBe(0)
    expect(minutesOfDay('09:30', { allowEndOfDay: false })).toBe(570)
    expect(minutesOfDay('23:59', { allowEndOfDay: false })).toBe(1439)
  })

  it('accepts 24:00 only as an end of day, and nothing past it', () => {
    expect(minutesOfDay('24:00', { allowEndOfDay: false })).toBeNull()
    expect(minutesOfDay('24:00', { allowEndOfDay: true })).toBe(1440)
    expect(minutesOfDay('24:30', { allowEndOfDay: true })).toBeNull()
  })

  it('rejects malformed times', () => {
    for (const bad of ['9:00', '09:60', '0900', '09:00:00', '', undefined, 540]) {
      expect(minutesOfDay(bad, { allowEndOfDay: true })).toBeNull()
    }
  })
})

describe('isCalendarDate', () => {
  it('accepts real days only', () => {
    expect(isCalendarDate('2026-12-31')).toBe(true)
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2026-02-29')).toBe(false)
    expect(isCalendarDate('2026-13-01')).toBe(false)
    expect(isCalendarDate('2026-04-31')).toBe(false)
    expect(isCalendarDate('2026-4-01')).toBe(false)
    expect(isCalendarDate('2026-04-01T00:00:00Z')).toBe(false)
  })
})

describe('isTimeZone', () => {
  it('accepts IANA zones and UTC, rejects anything else', () => {
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true)
    expect(isTimeZone('Europe/Nowhere')).toBe(false)
    expect(isTimeZone('')).toBe(false)
    expect(isTimeZone(undefined)).toBe(false)
  })
})
