import type { RelationId } from '../src/events/types.js'
import type { BenchScenario } from './scenario.js'

import { blockedInterval } from '../src/availability/blocked-interval.js'
import { computeEndTime } from '../src/availability/end-time.js'
import { MINUTE_MS } from '../src/availability/service-timing.js'
import { seededRandom } from './random.js'
import { CLOSES_MINUTE, OPENS_MINUTE, RESOURCE_COUNT, RESOURCE_QUANTITY, SLOT_INTERVAL_MINUTES } from './scenario.js'
import { SEEDED_LANES } from './seed-plan.js'

/**
 * Units the benchmark's own bookings may take at any instant: what the seed leaves free. Each
 * lane is one unit; the sequential measurement of step s books in lane s, a concurrency run in
 * all of them.
 */
export const BENCH_LANES = RESOURCE_QUANTITY - SEEDED_LANES

export interface BenchSlot {
  date: string
  /** End of the booking (the service's duration), as the ledger computes it. */
  end: number
  resource: RelationId
  service: RelationId
  start: number
}

/**
 * The resource-days that hold seeded reservations at `seeded`: the seed puts reservation i on
 * resource i mod 20 and day ⌊i / 20⌋ mod days (`SeedPlanner`). The last day of the first
 * resource is left out: the profiled booking of each step goes there.
 */
const bookedDays = (scenario: BenchScenario, seeded: number): Array<{ day: number; resource: number }> => {
  const days: Array<{ day: number; resource: number }> = []
  const dayCount = Math.min(scenario.dates.length, Math.ceil(seeded / RESOURCE_COUNT))
  for (let day = 0; day < dayCount; day++) {
    for (let resource = 0; resource < RESOURCE_COUNT; resource++) {
      const held = day * RESOURCE_COUNT + resource < seeded
      const profiled = resource === 0 && day === scenario.dates.length - 1
      if (held && !profiled) {
        days.push({ day, resource })
      }
    }
  }
  return days
}

/**
 * Slots for the benchmark's bookings on resource-days that already hold seeded bookings at
 * `seeded`, in lanes: in each lane of each such resource-day, bookings one after another from
 * opening (a random service each, a random gap of 0–2 grid steps before it), none overlapping
 * another of its lane, buffers included. So at any instant the bookings of k lanes take at most
 * k units, and the seed leaves BENCH_LANES units free everywhere: every slot of the plan fits
 * whatever else the plan books, in any order and at any concurrency. Shuffled (deterministically
 * from `seed`), so consecutive slots land on random resources, days and times.
 */
export const benchSlots = (scenario: BenchScenario, { lanes, seed, seeded }: { lanes: readonly number[]; seed: number; seeded: number }): BenchSlot[] => {
  const unknown = lanes.filter((lane) => !Number.isInteger(lane) || lane < 0 || lane >= BENCH_LANES)
  if (unknown.length > 0) {
    throw new Error(`The seed leaves ${BENCH_LANES} units free: lanes ${unknown.join(', ')} do not exist`)
  }
  const random = seededRandom(seed)
  const slots: BenchSlot[] = []
  for (const { day, resource } of bookedDays(scenario, seeded)) {
    const date = scenario.dates[day]
    const midnight = Date.parse(`${date}T00:00:00.000Z`)
    for (const _lane of lanes) {
      let minute = OPENS_MINUTE
      for (;;) {
        minute += Math.floor(random() * 3) * SLOT_INTERVAL_MINUTES
        const service = scenario.services[Math.floor(random() * scenario.services.length)]
        const start = midnight + (minute + service.bufferBeforeMinutes) * MINUTE_MS
        const end = computeEndTime(start, service, 'UTC')
        const blocked = blockedInterval({ end, start, units: 1 }, service, 'UTC')
        if (blocked.end > midnight + CLOSES_MINUTE * MINUTE_MS) {
          break
        }
        slots.push({ date, end, resource: scenario.resources[resource], service: service.id, start })
        minute = (blocked.end - midnight) / MINUTE_MS
      }
    }
  }
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[slots[i], slots[j]] = [slots[j], slots[i]]
  }
  return slots
}
