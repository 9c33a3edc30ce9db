import { describe, expect, it } from 'vitest'

import type { ResourceAvailability } from '../../../../src/contract/http.js'

import {
  type EpochAvailability,
  holdsOf,
  loadOf,
  shadesOf,
  toEpochAvailability,
  withCompleted,
  workingHoursOf,
} from '../../../../src/admin/shared/capacity.js'

const at = (time: string): string => `2026-03-02T${time}:00.000Z`
const ms = (time: string): number => Date.parse(at(time))

/** A resource of two units working 09:00–17:00 UTC with one unit booked 09:00–10:00. */
const answer = (change: Partial<ResourceAvailability> = {}): ResourceAvailability => ({
  busy: [{ end: at('10:00'), start: at('09:00'), units: 1 }],
  capacityMode: 'per-reservation',
  days: [{ date: '2026-03-02', shiftWindows: [{ end: at('17:00'), start: at('09:00') }], timeOff: [] }],
  external: [],
  quantity: 2,
  requiredPools: [],
  ...change,
})

const kinds = (availability: EpochAvailability, from: string, to: string) =>
  shadesOf(availability, ms(from), ms(to)).map(({ end, kind, start }) => [
    new Date(start).toISOString().slice(11, 16),
    new Date(end).toISOString().slice(11, 16),
    kind,
  ])

describe('time busy elsewhere in the capacity math', () => {
  it('reads the external intervals of the answer as epochs, with their labels when sent', () => {
    const availability = toEpochAvailability(
      answer({
        external: [
          { end: at('12:00'), label: 'Team meeting', start: at('11:00') },
          { end: at('15:00'), start: at('14:00') },
        ],
      }),
    )
    expect(availability.external).toEqual([
      { end: ms('12:00'), label: 'Team meeting', start: ms('11:00') },
      { end: ms('15:00'), start: ms('14:00') },
    ])
  })

  it('shades external time within working hours as full, whatever is booked there', () => {
    const availability = toEpochAvailability(
      answer({
        external: [
          { end: at('09:30'), start: at('08:00') },
          { end: at('12:00'), label: 'Team meeting', start: at('11:00') },
        ],
      }),
    )
    expect(kinds(availability, '08:00', '18:00')).toEqual([
      ['08:00', '09:00', 'closed'],
      ['09:00', '09:30', 'full'],
      ['09:30', '10:00', 'partial'],
      ['10:00', '11:00', 'free'],
      ['11:00', '12:00', 'full'],
      ['12:00', '17:00', 'free'],
      ['17:00', '18:00', 'closed'],
    ])
  })

  it('leaves time off as time off when the resource is also busy elsewhere then', () => {
    const availability = toEpochAvailability(
      answer({
        days: [
          {
            date: '2026-03-02',
            shiftWindows: [{ end: at('17:00'), start: at('09:00') }],
            timeOff: [{ end: at('13:00'), reason: 'Dentist', start: at('12:00') }],
          },
        ],
        external: [{ end: at('13:00'), start: at('12:00') }],
      }),
    )
    expect(kinds(availability, '12:00', '13:00')).toEqual([['12:00', '13:00', 'time-off']])
  })

  it('counts external time in working hours as all units used, and none outside them', () => {
    const without = toEpochAvailability(answer())
    expect(loadOf(without, ms('00:00'), ms('24:00'))).toEqual({ capacity: 8 * 60 * 2, free: 8 * 60 * 2 - 60, used: 60 })

    const availability = toEpochAvailability(
      answer({
        external: [
          // Overlaps the booked hour by 30 minutes: those take both units, not three.
          { end: at('10:00'), start: at('09:30') },
          { end: at('12:00'), label: 'Team meeting', start: at('11:00') },
          // Outside working hours: no capacity there to use.
          { end: at('20:00'), start: at('18:00') },
        ],
      }),
    )
    expect(loadOf(availability, ms('00:00'), ms('24:00'))).toEqual({
      capacity: 8 * 60 * 2,
      free: 8 * 60 * 2 - (30 * 1 + 30 * 2 + 60 * 2),
      used: 30 * 1 + 30 * 2 + 60 * 2,
    })
  })

  it('leaves external time out when several resources are seen as one', () => {
    const one = toEpochAvailability(answer({ external: [{ end: at('12:00'), start: at('11:00') }] }))
    expect(workingHoursOf([one, one]).external).toEqual([])
    expect(kinds(workingHoursOf([one]), '11:00', '12:00')).toEqual([['11:00', '12:00', 'free']])
  })
})

describe('holds in the capacity math', () => {
  it('counts a hold as taken, like a booking, and lists it apart for the calendar to draw', () => {
    const availability = toEpochAvailability(
      answer({
        busy: [
          { end: at('10:00'), start: at('09:00'), units: 1 },
          { end: at('10:00'), hold: true, start: at('09:00'), units: 1 },
        ],
      }),
    )
    expect(availability.holds).toEqual([{ end: ms('10:00'), start: ms('09:00'), units: 1 }])
    expect(kinds(availability, '09:00', '11:00')).toEqual([
      ['09:00', '10:00', 'full'],
      ['10:00', '11:00', 'free'],
    ])
  })

  it('lists the holds of resources shown together each with its resource, and none of a resource not shown', () => {
    const held = (time: string) =>
      toEpochAvailability(answer({ busy: [{ end: at(`${time.slice(0, 2)}:30`), hold: true, start: at(time), units: 1 }] }))
    const availability = new Map([
      ['1', held('09:00')],
      ['2', held('11:00')],
      ['3', held('13:00')],
    ])
    const [anna, jonas] = [{ id: 1, name: 'Anna' }, { id: 2, name: 'Jonas' }]
    expect(holdsOf([anna, jonas], availability)).toEqual([
      { end: ms('09:30'), resource: anna, start: ms('09:00'), units: 1 },
      { end: ms('11:30'), resource: jonas, start: ms('11:00'), units: 1 },
    ])
  })
})

// Issue 13, defect 7: utilisation left out completed bookings and counted the elapsed part of today as free.
describe('utilisation of a day under way', () => {
  const DAY = [ms('00:00'), ms('24:00')] as const
  const completed = (from: string, to: string, guests = 1) => ({ end: ms(to), guests, start: ms(from) })

  it('counts a completed booking as used, though the ledger no longer holds its time', () => {
    // The 09:00–10:00 booking holds one unit; one completed 10:00–11:00 gave its claim back.
    const availability = withCompleted(toEpochAvailability(answer()), [completed('10:00', '11:00')])
    expect(loadOf(availability, ...DAY)).toEqual({ capacity: 8 * 60 * 2, free: 8 * 60 * 2 - 120, used: 120 })
  })

  it('takes a unit per guest of a completed booking on a per-guest resource, and one on a per-reservation resource', () => {
    const perGuest = toEpochAvailability(answer({ busy: [], capacityMode: 'per-guest', quantity: 4 }))
    expect(loadOf(withCompleted(perGuest, [completed('09:00', '10:00', 3)]), ...DAY).used).toBe(60 * 3)
    const perReservation = toEpochAvailability(answer({ busy: [], quantity: 4 }))
    expect(loadOf(withCompleted(perReservation, [completed('09:00', '10:00', 3)]), ...DAY).used).toBe(60)
  })

  it('counts nothing before now as free: at 12:30, free is the untaken units from 12:30 to the 17:00 close', () => {
    const availability = withCompleted(toEpochAvailability(answer()), [completed('10:00', '11:00')])
    const load = loadOf(availability, ...DAY, ms('12:30'))
    expect(load).toEqual({ capacity: 8 * 60 * 2, free: (4 * 60 + 30) * 2, used: 120 })
    // Before the day opens all untaken capacity is free; after it closes none is.
    expect(loadOf(availability, ...DAY, ms('08:00')).free).toBe(8 * 60 * 2 - 120)
    expect(loadOf(availability, ...DAY, ms('18:00')).free).toBe(0)
  })

  it('counts an untaken unit of a booking under way as free for the rest of it', () => {
    // 09:30, during the 09:00–10:00 booking of one of two units: one unit free until 10:00, then both.
    expect(loadOf(toEpochAvailability(answer()), ...DAY, ms('09:30')).free).toBe(30 + 7 * 60 * 2)
  })
})
