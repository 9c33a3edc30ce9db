import { describe, expect, it } from 'vitest'

import type { ReservationRecord } from '../../../../src/contract/http.js'

import { jumpTarget } from '../../../../src/admin/calendar/jump-to-booking.js'

const ZONE = 'Europe/Berlin'
// 23:30 on 6 December in Berlin, already 7 December nowhere west of it: the calendar's day is Berlin's.
const late = {
  id: 'r1',
  items: [{ resource: 'room' }],
  resource: { id: 'anna', name: 'Anna Weber' },
  startTime: '2026-12-06T22:30:00.000Z',
  status: 'confirmed',
} as unknown as ReservationRecord

describe('where the calendar goes to show a found booking', () => {
  it("on the booking's local day of the calendar's zone, staying in week, day or lanes", () => {
    for (const mode of ['week', 'day', 'lanes'] as const) {
      expect(jumpTarget(late, { mode, resource: null }, ZONE)).toEqual({ date: '2026-12-06', mode, resource: null })
    }
    expect(jumpTarget(late, { mode: 'day', resource: null }, 'UTC').date).toBe('2026-12-06')
    expect(jumpTarget(late, { mode: 'day', resource: null }, 'Asia/Tokyo').date).toBe('2026-12-07')
  })

  it('to the day from the month and the pending queue, which do not show a booking on its own', () => {
    expect(jumpTarget(late, { mode: 'month', resource: null }, ZONE).mode).toBe('day')
    expect(jumpTarget(late, { mode: 'pending', resource: null }, ZONE).mode).toBe('day')
  })

  it("keeps a resource filter that shows the booking, and leaves one that hides it for the booking's resource", () => {
    expect(jumpTarget(late, { mode: 'week', resource: 'anna' }, ZONE).resource).toBe('anna')
    expect(jumpTarget(late, { mode: 'week', resource: 'room' }, ZONE).resource).toBe('room')
    expect(jumpTarget(late, { mode: 'week', resource: 'jonas' }, ZONE).resource).toBe('anna')
  })
})
