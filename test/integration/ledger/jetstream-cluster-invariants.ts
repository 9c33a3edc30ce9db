import type { EventStore } from '../../../src/events/store.js'
import type { Interval, ResourceEvent } from '../../../src/events/types.js'
import type { CheckedResource, Violation } from '../support/reliability-invariants.js'

import { monthEventsOf } from '../../support/month-streams.js'

/** Units one set of intervals takes at instant `at` (a booking's items add up). */
const unitsAt = (intervals: readonly Interval[], at: number): number =>
  intervals.reduce((sum, { end, start, units }) => (start <= at && at < end ? sum + units : sum), 0)

/**
 * Replays every resource stream and checks, after each claim, that the reservations hold no
 * more than the quantity at any instant, counting each reservation once: on a store that
 * commits one stream at a time a reservation briefly holds two operations' holds (a move: the
 * old time and the new), which take its units at either time, never twice at once. Within one
 * hold the intervals add up, as a booking's items do. (`ledgerViolations` sums every interval,
 * right for stores that commit atomically, where a reservation holds one claim.)
 */
export const overbookings = async (store: EventStore, resources: readonly CheckedResource[]): Promise<Violation[]> => {
  const violations: Violation[] = []
  // Every claim reaching into a month is in that month's stream: replaying each finds every instant's peak.
  for (const [resource, events] of (await Promise.all(resources.map(async (resource) => (await monthEventsOf(store, String(resource.id))).map((stream) => [resource, stream] as const)))).flat()) {
    /** Each reservation's holds, each a set of intervals. */
    const held = new Map<string, Interval[][]>()
    for (const event of events) {
      if (event.type === 'CapacityReleased') {
        held.delete(event.data.reservationId)
        continue
      }
      const { holds, intervals, reservationId } = event.data
      held.set(reservationId, holds ? holds.map((hold) => hold.intervals) : [intervals])
      // The units held change only where an interval starts: the claimed intervals' peak is at one of those starts.
      const starts = [...held.values()].flat(2).map((interval) => interval.start)
      const instants = intervals.flatMap(({ end, start }) => [start, ...starts.filter((at) => start < at && at < end)])
      const peakAt = (at: number) => [...held.values()].reduce((sum, sets) => sum + Math.max(...sets.map((set) => unitsAt(set, at))), 0)
      const peak = Math.max(0, ...instants.map(peakAt))
      if (peak > resource.quantity) {
        // Who claimed, and who held the resource then: enough to tell a stale decision from a repair.
        const where = `${event.stream} revision ${event.revision}: ${reservationId} by ${JSON.stringify(event.metadata.actor)}; held by ${[...held.keys()].join(', ')}`
        violations.push({ peak, quantity: resource.quantity, resource: String(resource.id), where })
      }
    }
  }
  return violations
}
