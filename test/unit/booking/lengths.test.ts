import { describe, expect, it } from 'vitest'

import { bookingWindowEnd } from '../../../src/booking/booking-window.js'
import { lengthLabel, lengthsOf } from '../../../src/booking/lengths.js'

const flexible = { durationType: 'flexible' as const, id: 1, name: 'Workshop' }

describe('the lengths a flexible service is offered for', () => {
  it('goes from the shortest in steps of the service’s slot interval up to its longest', () => {
    expect(lengthsOf({ ...flexible, duration: 30, maxFlexibleDuration: 120, slotInterval: 30 })).toEqual([30, 60, 90, 120])
    // A longest off the grid is not reached: the server allows only the shortest plus whole steps.
    expect(lengthsOf({ ...flexible, duration: 45, maxFlexibleDuration: 100, slotInterval: 20 })).toEqual([45, 65, 85])
  })

  it('takes the plugin’s longest and step where the service sets none (the site’s, else the defaults)', () => {
    expect(lengthsOf({ ...flexible, duration: 60, maxFlexibleDuration: null, slotInterval: null }, { maxLength: 120, slotInterval: 30 })).toEqual([60, 90, 120])
    const byDefault = lengthsOf({ ...flexible, duration: 60 })!
    expect([byDefault[0], byDefault[1], byDefault.at(-1), byDefault.length]).toEqual([60, 75, 1440, 93])
  })

  it('offers no choice for a fixed or full-day service', () => {
    expect(lengthsOf({ ...flexible, duration: 30, durationType: 'fixed', maxFlexibleDuration: 120 })).toBeNull()
    expect(lengthsOf({ ...flexible, duration: 1440, durationType: 'full-day' })).toBeNull()
    expect(lengthsOf(undefined)).toBeNull()
  })

  it('writes a length in hours and minutes in the visitor’s language', () => {
    expect(lengthLabel(90, 'en')).toBe('1 hr 30 min')
    expect(lengthLabel(45, 'en')).toBe('45 min')
    expect(lengthLabel(120, 'en')).toBe('2 hr')
    expect(lengthLabel(90, 'de')).toBe('1 Std. 30 Min.')
  })
})

describe('the last day open for booking', () => {
  // 00:30 on 2 December in Berlin (CET, UTC+1) is still 1 December in UTC and in New York.
  const late = Date.parse('2026-12-01T23:30:00.000Z')

  it('is the local day, in the resource’s zone, of now plus maxAdvanceDays', () => {
    expect(bookingWindowEnd(late, 7, 'Europe/Berlin')).toEqual({ date: '2026-12-09', maxAdvanceDays: 7 })
    expect(bookingWindowEnd(late, 7, 'UTC')).toEqual({ date: '2026-12-08', maxAdvanceDays: 7 })
    expect(bookingWindowEnd(late, 1, 'America/New_York')).toEqual({ date: '2026-12-02', maxAdvanceDays: 1 })
  })

  it('has none without a limit', () => {
    expect(bookingWindowEnd(late, null, 'Europe/Berlin')).toBeNull()
    expect(bookingWindowEnd(late, undefined, 'Europe/Berlin')).toBeNull()
  })
})
