import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { Interval } from '../../../src/events/types.js'
import type { EpochRange } from '../../../src/time/ranges.js'
import type { ServiceTiming } from '../../../src/availability/service-timing.js'

import { blockedInterval } from '../../../src/availability/blocked-interval.js'
import { type CapacityMode, claimUnits } from '../../../src/availability/capacity.js'
import { computeEndTime, normaliseStart } from '../../../src/availability/end-time.js'
import { generateSlots, type SlotService } from '../../../src/availability/generate-slots.js'
import { weekdayOf } from '../../../src/time/local-time.js'
import { resolveWindows } from '../../../src/availability/resolve-windows.js'
import { type Schedule, type Weekday, WEEKDAYS } from '../../../src/availability/schedule.js'
import { IntervalIndex } from '../../../src/capacity/interval-index.js'

const MINUTE = 60_000
const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago']
// Transition days of those zones in 2026, and an ordinary one.
const DATES = ['2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01', '2026-04-05', '2026-10-04', '2026-09-06', '2026-06-17']

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

const timesArb = fc
  .tuple(fc.integer({ max: 288, min: 0 }), fc.integer({ max: 288, min: 0 }))
  .map(([a, b]) => ({ endTime: clock(Math.max(a, b) * 5), startTime: clock(Math.min(a, b) * 5) }))

const scheduleArb = fc.record({
  active: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
  closedAllDay: fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 }),
  manual: fc.array(timesArb, { maxLength: 1 }),
  partialOff: fc.array(timesArb, { maxLength: 1 }),
  // `null`: the weekday of the date under test, so most slots land on it.
  recurring: fc.array(
    fc.record({
      day: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.constantFrom<Weekday>(...WEEKDAYS), weight: 1 }),
      times: timesArb,
    }),
    { maxLength: 4 },
  ),
})

const timingArb: fc.Arbitrary<ServiceTiming> = fc.record({
  bufferAfterMinutes: fc.integer({ max: 90, min: 0 }),
  bufferBeforeMinutes: fc.integer({ max: 90, min: 0 }),
  durationMinutes: fc.integer({ max: 240, min: 1 }),
  durationType: fc.oneof({ arbitrary: fc.constant('fixed' as const), weight: 6 }, { arbitrary: fc.constant('full-day' as const), weight: 1 }),
})

const serviceArb: fc.Arbitrary<SlotService> = fc
  .tuple(timingArb, fc.integer({ max: 120, min: 1 }))
  .map(([timing, slotIntervalMinutes]) => ({ ...timing, slotIntervalMinutes }))

const resourceArb = fc.record({
  bookings: fc.array(
    fc.record({ guestCount: fc.integer({ max: 4, min: 1 }), offsetMinutes: fc.integer({ max: 1800, min: -600 }), timing: timingArb }),
    { maxLength: 8 },
  ),
  capacityMode: fc.constantFrom<CapacityMode>('per-reservation', 'per-guest'),
  quantity: fc.integer({ max: 4, min: 1 }),
})

/** Brute force: the claim fits if, at every instant it covers, held units plus its own stay within quantity. */
const fitsNaively = (claims: Interval[], claim: Interval, quantity: number): boolean => {
  const instants = [claim.start, ...claims.map((c) => c.start).filter((s) => s > claim.start && s < claim.end)]
  return instants.every(
    (p) => claims.filter((c) => c.start <= p && p < c.end).reduce((sum, c) => sum + c.units, 0) + claim.units <= quantity,
  )
}

describe('generateSlots (property)', () => {
  it('returns exactly the grid slots that fit the capacity of every resource', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...DATES),
        fc.array(scheduleArb, { maxLength: 2, minLength: 1 }),
        serviceArb,
        fc.array(resourceArb, { maxLength: 3, minLength: 1 }),
        fc.integer({ max: 4, min: 1 }),
        fc.option(fc.integer({ max: 1500, min: -60 }), { nil: undefined }),
        (timeZone, date, drafts, service, resourceDrafts, guestCount, nowMinutes) => {
          const schedules: Schedule[] = drafts.map((draft, i) => ({
            active: draft.active,
            exceptions: [
              ...draft.partialOff.map((times) => ({ date, ...times })),
              ...(draft.closedAllDay ? [{ date }] : []),
            ],
            manualSlots: draft.manual.map((times) => ({ date, ...times })),
            name: `s${i}`,
            recurringSlots: draft.recurring.map(({ day, times }) => ({ day: day ?? weekdayOf(date), ...times })),
            resource: 'r',
          }))
          const [day] = resolveWindows(schedules, timeZone, date, date)

          const resources = resourceDrafts.map((draft, r) => {
            const busy = new IntervalIndex()
            const claims = draft.bookings.map(({ guestCount: guests, offsetMinutes, timing }, b) => {
              const start = normaliseStart(day.dayStart + offsetMinutes * MINUTE, timing, timeZone)
              const end = computeEndTime(start, timing, timeZone)
              const claim = blockedInterval({ end, start, units: claimUnits(draft.capacityMode, guests) }, timing, timeZone)
              busy.add(`r${r}b${b}`, claim)
              return claim
            })
            return { busy, capacityMode: draft.capacityMode, claims, quantity: draft.quantity }
          })
          const now = nowMinutes === undefined ? undefined : day.dayStart + nowMinutes * MINUTE

          const slots = generateSlots({ ...day, guestCount, now, resources, service, timeZone })

          const claimOf = (slot: EpochRange, capacityMode: CapacityMode): Interval =>
            blockedInterval({ ...slot, units: claimUnits(capacityMode, guestCount) }, service, timeZone)
          const fitsEverywhere = (slot: EpochRange): boolean =>
            resources.every((r) => fitsNaively(r.claims, claimOf(slot, r.capacityMode), r.quantity))

          // Every offered slot, claimed, keeps every resource within capacity.
          for (const slot of slots) {
            expect(fitsEverywhere(slot)).toBe(true)
          }

          // Every grid start that fits is offered, and nothing else.
          const grid: EpochRange[] = []
          if (service.durationType === 'full-day') {
            if (day.windows.length > 0) {
              grid.push({ end: day.dayEnd, start: day.dayStart })
            }
          } else {
            const length = service.durationMinutes * MINUTE
            const step = Math.min(service.slotIntervalMinutes, service.durationMinutes) * MINUTE
            for (const window of day.windows) {
              for (let start = window.start; start + length <= window.end; start += step) {
                grid.push({ end: start + length, start })
              }
            }
          }
          const expected = grid.filter((slot) => (now === undefined || slot.start >= now) && fitsEverywhere(slot))
          expect(slots).toEqual(expected)
        },
      ),
      { numRuns: 400 },
    )
  })
})
