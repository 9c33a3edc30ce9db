import type { Interval, ResourceEvent } from '../events/types.js'

import { IntervalIndex, peakUnitsOf } from '../projections/interval-index.js'
import { CommandRejected } from './rejection.js'

/**
 * A resource stream's state: the blocked intervals of every reservation holding capacity.
 * `evolveCapacity` updates the index in place — resource streams grow to 10^5 claims and a
 * copy per event would make hydration quadratic; `decideCapacity` only reads it.
 */
export interface CapacityState {
  index: IntervalIndex
}

export const initialCapacityState = (): CapacityState => ({ index: new IntervalIndex() })

/** Sets the intervals a reservation holds on the resource (none releases it). */
export interface SetCapacityClaim {
  data: { intervals: Interval[]; quantity: number; reservationId: string }
  type: 'SetCapacityClaim'
}

export const evolveCapacity = (state: CapacityState, event: ResourceEvent): CapacityState => {
  state.index.remove(event.data.reservationId)
  if (event.type === 'CapacityClaimed') {
    for (const interval of event.data.intervals) {
      state.index.add(event.data.reservationId, interval)
    }
  }
  return state
}

const sameIntervals = (a: Interval[], b: Interval[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => x.start === b[i].start && x.end === b[i].end && x.units === b[i].units)

export const decideCapacity = (command: SetCapacityClaim, state: CapacityState): ResourceEvent[] => {
  const { intervals, quantity, reservationId } = command.data
  const held = state.index.intervalsOf(reservationId)
  if (intervals.length === 0) {
    return held.length === 0 ? [] : [{ data: { reservationId }, type: 'CapacityReleased' }]
  }
  if (sameIntervals(held, intervals)) {
    return []
  }
  for (const interval of intervals) {
    const others = state.index
      .overlapping(interval.start, interval.end)
      .filter((other) => other.key !== reservationId)
    if (peakUnitsOf([...others, ...intervals], interval.start, interval.end) > quantity) {
      throw new CommandRejected('conflict', 'The requested time is not available')
    }
  }
  return [{ data: { intervals, reservationId }, type: 'CapacityClaimed' }]
}
