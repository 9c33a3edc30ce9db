import { describe, expect, it } from 'vitest'

import { firstFreePerStart, nextFreeTimes } from '../../../src/booking/free-slot.js'

const at = (time: string) => `2026-12-01T${time}:00.000Z`
const slot = (time: string, end: string) => ({ end: at(end), start: at(time) })

describe('"any available": the first resource free per start time', () => {
  it('offers each start once, with the first resource in the given order free then, in time order', () => {
    const merged = firstFreePerStart([
      { resource: 'anna', slots: [slot('09:00', '09:30'), slot('10:00', '10:30')], timezone: 'Europe/Berlin' },
      { resource: 'jonas', slots: [slot('08:00', '08:30'), slot('09:00', '09:30')], timezone: 'Europe/London' },
    ])
    expect(merged.map(({ resource, start, timezone }) => [start, resource, timezone])).toEqual([
      [at('08:00'), 'jonas', 'Europe/London'],
      [at('09:00'), 'anna', 'Europe/Berlin'],
      [at('10:00'), 'anna', 'Europe/Berlin'],
    ])
  })
})

describe('the next free times after a time was taken', () => {
  const free = ['11:00', '09:00', '09:30', '10:00', '09:30'].map((time) => ({ ...slot(time, time), resource: 1, timezone: 'UTC' }))

  it('are the first ones strictly after it, in time order, each start once, at most as many as asked', () => {
    expect(nextFreeTimes(free, Date.parse(at('09:00')), 2).map(({ start }) => start)).toEqual([at('09:30'), at('10:00')])
    expect(nextFreeTimes(free, Date.parse(at('09:00')), 10).map(({ start }) => start)).toEqual([at('09:30'), at('10:00'), at('11:00')])
    expect(nextFreeTimes(free, Date.parse(at('11:00')), 3)).toEqual([])
  })
})
