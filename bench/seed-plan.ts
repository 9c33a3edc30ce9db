import type { ServiceTiming } from '../src/availability/service-timing.js'
import type { Interval } from '../src/events/types.js'

import { blockedInterval } from '../src/availability/blocked-interval.js'
import { computeEndTime } from '../src/availability/end-time.js'
import { MINUTE_MS } from '../src/availability/service-timing.js'
import { seededRandom } from './random.js'
import { CLOSES_MINUTE, OPENS_MINUTE, RESOURCE_COUNT, RESOURCE_QUANTITY, SLOT_INTERVAL_MINUTES } from './scenario.js'

/**
 * Units the seed may use at any instant, of RESOURCE_QUANTITY: the rest stays free everywhere,
 * so the benchmark's own bookings (one per distinct slot per N) always fit and /slots answers
 * with the full grid at every N, which keeps the response size equal across N.
 */
export const SEEDED_LANES = RESOURCE_QUANTITY - 5

export interface PlannedReservation {
  /** What it claims on its resource: the booking plus its service's buffers. */
  blocked: Interval
  end: number
  /** Indexes into the scenario's resources, services and dates. */
  resource: number
  service: number
  start: number
}

const overlaps = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end

/**
 * Decides where each seeded reservation goes, without a database: reservation i goes to
 * resource i mod the resource count (20), round-robin over the days, at a pseudo-random start on the 15-minute
 * grid inside opening hours, in the first of SEEDED_LANES lanes where it overlaps nothing
 * (else at the next start that has room). Lanes never overlap within themselves, so no instant
 * ever holds more than SEEDED_LANES units: the seed is valid by construction, and the seeder
 * still checks each claim with the ledger's capacity decider.
 */
export class SeedPlanner {
  /** Per `resource:day`, the lanes of intervals placed so far. */
  private readonly lanes = new Map<string, Interval[][]>()

  constructor(
    private readonly services: readonly ServiceTiming[],
    private readonly dates: readonly string[],
    private readonly resourceCount = RESOURCE_COUNT,
  ) {}

  place(i: number): PlannedReservation {
    const resource = i % this.resourceCount
    const round = Math.floor(i / this.resourceCount)
    const day = round % this.dates.length
    const service = (round + resource) % this.services.length
    const timing = this.services[service]
    const midnight = Date.parse(`${this.dates[day]}T00:00:00.000Z`)
    const starts = Math.floor((CLOSES_MINUTE - OPENS_MINUTE - timing.durationMinutes) / SLOT_INTERVAL_MINUTES) + 1
    const lanes = this.lanesOf(`${resource}:${day}`)
    const preferred = Math.floor(seededRandom(i)() * starts)
    for (let k = 0; k < starts; k++) {
      const start = midnight + (OPENS_MINUTE + ((preferred + k) % starts) * SLOT_INTERVAL_MINUTES) * MINUTE_MS
      const end = computeEndTime(start, timing, 'UTC')
      const blocked = blockedInterval({ end, start, units: 1 }, timing, 'UTC')
      const lane = lanes.find((placed) => !placed.some((other) => overlaps(other, blocked)))
      if (lane) {
        lane.push(blocked)
        return { blocked, end, resource, service, start }
      }
    }
    throw new Error(
      `The seed has no room left for reservation ${i} (resource ${resource}, ${this.dates[day]}): ` +
        `${SEEDED_LANES} lanes of ${CLOSES_MINUTE - OPENS_MINUTE} minutes are full; seed fewer reservations`,
    )
  }

  private lanesOf(key: string): Interval[][] {
    let lanes = this.lanes.get(key)
    if (!lanes) {
      lanes = Array.from({ length: SEEDED_LANES }, () => [])
      this.lanes.set(key, lanes)
    }
    return lanes
  }
}
