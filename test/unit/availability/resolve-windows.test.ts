import { describe, expect, it } from 'vitest'

import type { Schedule } from '../../../src/availability/schedule.js'

import { resolveWindows } from '../../../src/availability/resolve-windows.js'

const iso = (epoch: number): string => new Date(epoch).toISOString()
const show = (ranges: Array<{ end: number; start: number }>): string[] =>
  ranges.map((r) => `${iso(r.start)}/${iso(r.end)}`)

const schedule = (overrides: Partial<Schedule>): Schedule => ({
  active: true,
  exceptions: [],
  manualSlots: [],
  name: 'Main',
  recurringSlots: [],
  resource: 'r1',
  ...overrides,
})

const weekdays = (startTime: string, endTime: string): Schedule['recurringSlots'] =>
  (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, endTime, startTime }))

describe('resolveWindows', () => {
  it('gives one entry per local day with its midnights, recurring windows only on their weekday', () => {
    const days = resolveWindows([schedule({ recurringSlots: weekdays('09:00', '17:00') })], 'UTC', '2026-06-05', '2026-06-08')
    expect(days.map((d) => d.date)).toEqual(['2026-06-05', '2026-06-06', '2026-06-07', '2026-06-08'])
    expect(iso(days[0].dayStart)).toBe('2026-06-05T00:00:00.000Z')
    expect(iso(days[0].dayEnd)).toBe('2026-06-06T00:00:00.000Z')
    expect(show(days[0].windows)).toEqual(['2026-06-05T09:00:00.000Z/2026-06-05T17:00:00.000Z'])
    expect(days[1].windows).toEqual([])
    expect(days[2].windows).toEqual([])
    expect(show(days[3].windows)).toEqual(['2026-06-08T09:00:00.000Z/2026-06-08T17:00:00.000Z'])
  })

  it('ignores inactive schedules, their exceptions included', () => {
    const days = resolveWindows(
      [
        schedule({ recurringSlots: weekdays('09:00', '12:00') }),
        schedule({ active: false, exceptions: [{ date: '2026-06-08' }], recurringSlots: weekdays('13:00', '18:00') }),
      ],
      'UTC',
      '2026-06-08',
      '2026-06-08',
    )
    expect(show(days[0].windows)).toEqual(['2026-06-08T09:00:00.000Z/2026-06-08T12:00:00.000Z'])
    expect(days[0].timeOff).toEqual([])
  })

  it('adds manual dated slots and merges overlapping or touching windows of all schedules', () => {
    const days = resolveWindows(
      [
        schedule({ manualSlots: [{ date: '2026-06-06', endTime: '14:00', startTime: '10:00' }], recurringSlots: weekdays('09:00', '12:00') }),
        schedule({ recurringSlots: [{ day: 'mon', endTime: '15:00', startTime: '12:00' }, { day: 'mon', endTime: '11:00', startTime: '08:00' }] }),
      ],
      'UTC',
      '2026-06-06',
      '2026-06-08',
    )
    expect(show(days[0].windows)).toEqual(['2026-06-06T10:00:00.000Z/2026-06-06T14:00:00.000Z'])
    expect(days[1].windows).toEqual([])
    expect(show(days[2].windows)).toEqual(['2026-06-08T08:00:00.000Z/2026-06-08T15:00:00.000Z'])
  })

  it('reads 24:00 as the next local midnight and drops empty or inverted slots', () => {
    const days = resolveWindows(
      [
        schedule({
          recurringSlots: [
            { day: 'sun', endTime: '24:00', startTime: '20:00' },
            { day: 'sun', endTime: '10:00', startTime: '10:00' },
            { day: 'sun', endTime: '06:00', startTime: '22:00' },
          ],
        }),
      ],
      'Europe/Paris',
      '2026-10-25',
      '2026-10-25',
    )
    expect(show(days[0].windows)).toEqual(['2026-10-25T19:00:00.000Z/2026-10-25T23:00:00.000Z'])
  })

  it('closes every day of a full-day exception range and reports it as time off', () => {
    const days = resolveWindows(
      [
        schedule({
          exceptions: [{ date: '2026-06-09', endDate: '2026-06-10', reason: 'Conference', type: 'training' }],
          recurringSlots: weekdays('09:00', '17:00'),
        }),
      ],
      'Europe/Paris',
      '2026-06-08',
      '2026-06-11',
    )
    expect(days.map((d) => d.windows.length)).toEqual([1, 0, 0, 1])
    expect(days[1].timeOff).toEqual([
      { end: Date.parse('2026-06-09T22:00:00Z'), reason: 'Conference', start: Date.parse('2026-06-08T22:00:00Z'), type: 'training' },
    ])
    expect(show(days[2].timeOff)).toEqual(['2026-06-09T22:00:00.000Z/2026-06-10T22:00:00.000Z'])
    expect(days[0].timeOff).toEqual([])
    expect(days[3].timeOff).toEqual([])
  })

  it('treats an exception without end date, or with one before its date, as that one day', () => {
    const days = resolveWindows(
      [schedule({ exceptions: [{ date: '2026-06-09', endDate: '2026-06-01' }, { date: '2026-06-11', endDate: null }], recurringSlots: weekdays('09:00', '17:00') })],
      'UTC',
      '2026-06-08',
      '2026-06-12',
    )
    expect(days.map((d) => d.windows.length)).toEqual([1, 0, 1, 0, 1])
    expect(days[1].timeOff[0]).toEqual({ end: Date.parse('2026-06-10T00:00:00Z'), start: Date.parse('2026-06-09T00:00:00Z') })
  })

  it('cuts partial-day exceptions out of the windows on each day of their range, without reporting time off', () => {
    const days = resolveWindows(
      [
        schedule({
          exceptions: [
            { date: '2026-06-08', endDate: '2026-06-09', endTime: '13:00', startTime: '12:00' },
            { date: '2026-06-09', startTime: '16:00' },
            { date: '2026-06-10', endTime: '10:30' },
          ],
          recurringSlots: weekdays('09:00', '17:00'),
        }),
      ],
      'UTC',
      '2026-06-08',
      '2026-06-10',
    )
    expect(show(days[0].windows)).toEqual([
      '2026-06-08T09:00:00.000Z/2026-06-08T12:00:00.000Z',
      '2026-06-08T13:00:00.000Z/2026-06-08T17:00:00.000Z',
    ])
    expect(show(days[1].windows)).toEqual([
      '2026-06-09T09:00:00.000Z/2026-06-09T12:00:00.000Z',
      '2026-06-09T13:00:00.000Z/2026-06-09T16:00:00.000Z',
    ])
    expect(show(days[2].windows)).toEqual(['2026-06-10T10:30:00.000Z/2026-06-10T17:00:00.000Z'])
    expect(days.flatMap((d) => d.timeOff)).toEqual([])
  })

  it('rejects malformed dates and times instead of guessing', () => {
    expect(() => resolveWindows([], 'UTC', '2026-6-8', '2026-06-09')).toThrow(RangeError)
    expect(() =>
      resolveWindows([schedule({ recurringSlots: [{ day: 'mon', endTime: '17', startTime: '09:00' }] })], 'UTC', '2026-06-08', '2026-06-08'),
    ).toThrow(RangeError)
    expect(() => resolveWindows([], 'Mars/Olympus', '2026-06-08', '2026-06-08')).toThrow(RangeError)
  })
})
