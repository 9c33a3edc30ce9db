import { describe, expect, it } from 'vitest'

import type { CapacityMode } from '../../../src/availability/capacity.js'
import type { ServiceTiming } from '../../../src/availability/service-timing.js'

import { blockedInterval } from '../../../src/availability/blocked-interval.js'
import { claimUnits } from '../../../src/availability/capacity.js'
import { computeEndTime } from '../../../src/availability/end-time.js'
import { generateSlots, type GenerateSlotsInput, type SlotService } from '../../../src/availability/generate-slots.js'
import { IntervalIndex } from '../../../src/capacity/interval-index.js'

const TZ = 'UTC'
const DAY = '2026-06-08'
const at = (time: string): number => Date.parse(`${DAY}T${time}:00.000Z`)
const hhmm = (epoch: number): string => new Date(epoch).toISOString().slice(11, 16)
const starts = (slots: Array<{ start: number }>): string[] => slots.map((s) => hhmm(s.start))

const service = (overrides: Partial<SlotService> = {}): SlotService => ({
  bufferAfterMinutes: 0,
  bufferBeforeMinutes: 0,
  durationMinutes: 60,
  durationType: 'fixed',
  slotIntervalMinutes: 60,
  ...overrides,
})

/** Books into `index` exactly as the ledger claims: through end-time and blocked-interval. */
const book = (
  index: IntervalIndex,
  id: string,
  start: string,
  timing: ServiceTiming,
  capacityMode: CapacityMode = 'per-reservation',
  guestCount = 1,
): void => {
  const begin = at(start)
  const end = computeEndTime(begin, timing, TZ)
  index.add(id, blockedInterval({ end, start: begin, units: claimUnits(capacityMode, guestCount) }, timing, TZ))
}

const input = (overrides: Partial<GenerateSlotsInput>): GenerateSlotsInput => ({
  dayEnd: at('00:00') + 86_400_000,
  dayStart: at('00:00'),
  guestCount: 1,
  resources: [{ busy: new IntervalIndex(), capacityMode: 'per-reservation', quantity: 1 }],
  service: service(),
  timeZone: TZ,
  windows: [{ end: at('12:00'), start: at('09:00') }],
  ...overrides,
})

describe('generateSlots grid', () => {
  it('starts at each window start, steps by the interval and ends every slot inside its window', () => {
    const slots = generateSlots(
      input({
        service: service({ durationMinutes: 45, slotIntervalMinutes: 30 }),
        windows: [
          { end: at('11:00'), start: at('09:10') },
          { end: at('15:00'), start: at('14:00') },
        ],
      }),
    )
    expect(starts(slots)).toEqual(['09:10', '09:40', '10:10', '14:00'])
    expect(slots.map((s) => s.end - s.start)).toEqual([45, 45, 45, 45].map((m) => m * 60_000))
  })

  it('never steps further than the duration', () => {
    const slots = generateSlots(input({ service: service({ durationMinutes: 30, slotIntervalMinutes: 120 }) }))
    expect(starts(slots)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'])
  })

  it('drops slots starting before now', () => {
    expect(starts(generateSlots(input({ now: at('10:15') })))).toEqual(['11:00'])
    expect(starts(generateSlots(input({ now: at('10:00') })))).toEqual(['10:00', '11:00'])
  })

  it('rejects a service it cannot lay out', () => {
    expect(() => generateSlots(input({ service: service({ slotIntervalMinutes: 0 }) }))).toThrow(RangeError)
    expect(() => generateSlots(input({ service: service({ durationMinutes: Number.NaN }) }))).toThrow(RangeError)
    expect(() => generateSlots(input({ service: service({ bufferAfterMinutes: Number.NaN }) }))).toThrow(RangeError)
  })
})

describe('generateSlots against existing bookings', () => {
  it('lets back-to-back bookings fit (half-open intervals)', () => {
    const busy = new IntervalIndex()
    book(busy, 'b1', '10:00', service())
    const slots = generateSlots(input({ resources: [{ busy, capacityMode: 'per-reservation', quantity: 1 }] }))
    expect(starts(slots)).toEqual(['09:00', '11:00'])
  })

  it("enforces both neighbours' buffers and the candidate's own", () => {
    const busy = new IntervalIndex()
    // Existing 10:00–11:00 with 15 min before and 30 after: blocks 09:45–11:30.
    book(busy, 'b1', '10:00', service({ bufferAfterMinutes: 30, bufferBeforeMinutes: 15 }))
    const slots = generateSlots(
      input({
        resources: [{ busy, capacityMode: 'per-reservation', quantity: 1 }],
        service: service({ bufferAfterMinutes: 15, bufferBeforeMinutes: 15, slotIntervalMinutes: 15 }),
        windows: [{ end: at('14:00'), start: at('08:00') }],
      }),
    )
    // 08:30 blocks 08:15–09:45 (touches); 08:45 would reach 10:00 into the neighbour's before-buffer.
    // 11:45 blocks 11:30–13:00 (touches); 11:30 would start inside the neighbour's after-buffer.
    expect(starts(slots)).toEqual(['08:00', '08:15', '08:30', '11:45', '12:00', '12:15', '12:30', '12:45', '13:00'])
  })

  it('counts per-reservation quantity: a second unit keeps the slot open', () => {
    const busy = new IntervalIndex()
    book(busy, 'b1', '10:00', service())
    const slots = (quantity: number): string[] =>
      starts(generateSlots(input({ resources: [{ busy, capacityMode: 'per-reservation', quantity }] })))
    expect(slots(2)).toEqual(['09:00', '10:00', '11:00'])
    book(busy, 'b2', '10:00', service())
    expect(slots(2)).toEqual(['09:00', '11:00'])
  })

  it('counts guests on per-guest resources', () => {
    const busy = new IntervalIndex()
    book(busy, 'party', '10:00', service(), 'per-guest', 6)
    const slots = (guestCount: number): string[] =>
      starts(generateSlots(input({ guestCount, resources: [{ busy, capacityMode: 'per-guest', quantity: 10 }] })))
    expect(slots(4)).toEqual(['09:00', '10:00', '11:00'])
    expect(slots(5)).toEqual(['09:00', '11:00'])
    expect(slots(11)).toEqual([])
  })

  it('offers nothing where any resource of the set is busy', () => {
    const room = new IntervalIndex()
    const therapist = new IntervalIndex()
    book(therapist, 'other', '10:00', service())
    const slots = generateSlots(
      input({
        resources: [
          { busy: room, capacityMode: 'per-reservation', quantity: 3 },
          { busy: therapist, capacityMode: 'per-reservation', quantity: 1 },
        ],
      }),
    )
    expect(starts(slots)).toEqual(['09:00', '11:00'])
  })

  it('offers no slot at all when one resource of the set is booked all day', () => {
    const room = new IntervalIndex()
    const equipment = new IntervalIndex()
    book(equipment, 'all-day', '00:00', service({ durationMinutes: 1440, durationType: 'full-day' }))
    const slots = generateSlots(
      input({
        resources: [
          { busy: room, capacityMode: 'per-reservation', quantity: 1 },
          { busy: equipment, capacityMode: 'per-reservation', quantity: 1 },
        ],
      }),
    )
    expect(slots).toEqual([])
  })
})

describe('generateSlots for full-day services', () => {
  const fullDay = service({ bufferAfterMinutes: 60, durationMinutes: 1440, durationType: 'full-day' })

  it('offers the whole local day once, only on days with a window', () => {
    expect(generateSlots(input({ service: fullDay }))).toEqual([{ end: at('00:00') + 86_400_000, start: at('00:00') }])
    expect(generateSlots(input({ service: fullDay, windows: [] }))).toEqual([])
  })

  it('is blocked by any booking that day, and blocks fixed bookings in turn', () => {
    const busy = new IntervalIndex()
    book(busy, 'late', '22:30', service({ durationMinutes: 30 }))
    expect(generateSlots(input({ resources: [{ busy, capacityMode: 'per-reservation', quantity: 1 }], service: fullDay }))).toEqual([])
    const booked = new IntervalIndex()
    book(booked, 'day', '13:00', fullDay)
    expect(generateSlots(input({ resources: [{ busy: booked, capacityMode: 'per-reservation', quantity: 1 }] }))).toEqual([])
  })
})
