import { describe, expect, it } from 'vitest'

import type { Schedule } from '../../../src/availability/schedule.js'

import { generateSlots, type SlotService } from '../../../src/availability/generate-slots.js'
import { resolveWindows } from '../../../src/availability/resolve-windows.js'
import { IntervalIndex } from '../../../src/capacity/interval-index.js'

const iso = (epoch: number): string => new Date(epoch).toISOString()

const everyDay = (startTime: string, endTime: string): NonNullable<Schedule['recurringSlots']> =>
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, endTime, startTime }))

const splitShift: Schedule = {
  active: true,
  exceptions: [],
  manualSlots: [],
  name: 'Split shift',
  recurringSlots: [...everyDay('09:00', '12:00'), ...everyDay('14:00', '18:00')],
  resource: 'r1',
}

const hourly: SlotService = {
  bufferAfterMinutes: 0,
  bufferBeforeMinutes: 0,
  durationMinutes: 60,
  durationType: 'fixed',
  slotIntervalMinutes: 60,
}

/** Slot starts (UTC ISO) for one local day of a free resource. */
const slotStarts = (schedules: Schedule[], timeZone: string, date: string, service = hourly): string[] => {
  const [day] = resolveWindows(schedules, timeZone, date, date)
  return generateSlots({
    ...day,
    guestCount: 1,
    resources: [{ busy: new IntervalIndex(), capacityMode: 'per-reservation', quantity: 1 }],
    service,
    timeZone,
  }).map((slot) => iso(slot.start))
}

/** Expected slot starts: 09, 10, 11, 14, 15, 16, 17 local, given the UTC hour of 09:00. */
const expected = (date: string, utcHourOfNine: number): string[] =>
  [0, 1, 2, 5, 6, 7, 8].map((h) => iso(Date.parse(`${date}T00:00:00Z`) + (utcHourOfNine + h) * 3_600_000))

describe('slots on DST transition days follow the wall clock', () => {
  it.each([
    [
      'Europe/Paris',
      '2026-03-29',
      ['07:00', '08:00', '09:00', '12:00', '13:00', '14:00', '15:00'].map((t) => `2026-03-29T${t}:00.000Z`),
    ],
    [
      'Europe/Paris',
      '2026-10-25',
      ['08:00', '09:00', '10:00', '13:00', '14:00', '15:00', '16:00'].map((t) => `2026-10-25T${t}:00.000Z`),
    ],
    [
      'America/New_York',
      '2026-03-08',
      ['13:00', '14:00', '15:00', '18:00', '19:00', '20:00', '21:00'].map((t) => `2026-03-08T${t}:00.000Z`),
    ],
    [
      'America/New_York',
      '2026-11-01',
      ['14:00', '15:00', '16:00', '19:00', '20:00', '21:00', '22:00'].map((t) => `2026-11-01T${t}:00.000Z`),
    ],
  ])('%s on %s: 09:00–12:00 and 14:00–18:00 local', (timeZone, date, starts) => {
    expect(slotStarts([splitShift], timeZone, date)).toEqual(starts)
  })

  it.each([
    ['Europe/Paris', '2026-03-28', 8],
    ['Europe/Paris', '2026-10-24', 7],
    ['America/New_York', '2026-03-07', 14],
    ['America/New_York', '2026-10-31', 13],
  ])('%s on %s, the day before, still uses the old offset', (timeZone, date, utcHourOfNine) => {
    expect(slotStarts([splitShift], timeZone, date)).toEqual(expected(date, utcHourOfNine))
  })

  it('keeps slot ends on the wall clock too, for windows after 13:00', () => {
    const [day] = resolveWindows([splitShift], 'America/New_York', '2026-11-01', '2026-11-01')
    const slots = generateSlots({
      ...day,
      guestCount: 1,
      resources: [{ busy: new IntervalIndex(), capacityMode: 'per-reservation', quantity: 1 }],
      service: { ...hourly, durationMinutes: 90, slotIntervalMinutes: 30 },
      timeZone: 'America/New_York',
    })
    expect(slots.slice(-1).map((s) => `${iso(s.start)}/${iso(s.end)}`)).toEqual(['2026-11-01T21:30:00.000Z/2026-11-01T23:00:00.000Z'])
  })

  it('offers a full-day slot that is the whole 23-hour or 25-hour local day', () => {
    const fullDay: SlotService = { ...hourly, durationMinutes: 1440, durationType: 'full-day' }
    const [spring] = resolveWindows([splitShift], 'Europe/Paris', '2026-03-29', '2026-03-29')
    const [autumn] = resolveWindows([splitShift], 'America/New_York', '2026-11-01', '2026-11-01')
    const free = [{ busy: new IntervalIndex(), capacityMode: 'per-reservation' as const, quantity: 1 }]
    const show = (s: { end: number; start: number }): string => `${iso(s.start)}/${iso(s.end)}`
    expect(generateSlots({ ...spring, guestCount: 1, resources: free, service: fullDay, timeZone: 'Europe/Paris' }).map(show)).toEqual([
      '2026-03-28T23:00:00.000Z/2026-03-29T22:00:00.000Z',
    ])
    expect(generateSlots({ ...autumn, guestCount: 1, resources: free, service: fullDay, timeZone: 'America/New_York' }).map(show)).toEqual([
      '2026-11-01T04:00:00.000Z/2026-11-02T05:00:00.000Z',
    ])
  })
})

describe('a date-only exception west of UTC', () => {
  const withDayOff = (date: string): Schedule => ({
    ...splitShift,
    exceptions: [{ date, reason: 'Dentist', type: 'personal' }],
  })

  it.each(['2026-11-05', '2026-11-05T00:00:00.000Z'])('stored as %s closes exactly 2026-11-05 in Los Angeles', (stored) => {
    const days = resolveWindows([withDayOff(stored)], 'America/Los_Angeles', '2026-11-04', '2026-11-06')
    expect(days.map((d) => [d.date, d.windows.length])).toEqual([
      ['2026-11-04', 2],
      ['2026-11-05', 0],
      ['2026-11-06', 2],
    ])
    expect(days[1].timeOff.map((t) => [iso(t.start), iso(t.end), t.reason, t.type])).toEqual([
      ['2026-11-05T08:00:00.000Z', '2026-11-06T08:00:00.000Z', 'Dentist', 'personal'],
    ])
    expect(slotStarts([withDayOff(stored)], 'America/Los_Angeles', '2026-11-05')).toEqual([])
    expect(slotStarts([withDayOff(stored)], 'America/Los_Angeles', '2026-11-04')).toEqual(expected('2026-11-04', 17))
    expect(slotStarts([withDayOff(stored)], 'America/Los_Angeles', '2026-11-06')).toEqual(expected('2026-11-06', 17))
  })
})
