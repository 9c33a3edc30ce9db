import type { ClaimHold, Interval, ResourceEvent } from '../events/types.js'

import { IntervalIndex, peakUnitsOf } from './interval-index.js'
import { CommandRejected } from '../events/rejection.js'

/**
 * A resource stream's state: the blocked intervals of every reservation holding capacity, and
 * for reservations claimed one operation at a time, which operation holds what.
 * `evolveCapacity` updates it in place — resource streams grow to 10^5 claims and a copy per
 * event would make hydration quadratic; `decideCapacity` only reads it.
 */
export interface CapacityState {
  holds: Map<string, ClaimHold[]>
  index: IntervalIndex
}

export const initialCapacityState = (): CapacityState => ({ holds: new Map(), index: new IntervalIndex() })

/** Sets the intervals a reservation holds on the resource (none releases it). */
export interface SetCapacityClaim {
  data: { intervals: Interval[]; quantity: number; reservationId: string }
  type: 'SetCapacityClaim'
}

/** A hold older than any operation: a claim recorded without holds (atomic stores, recovery). */
export const WHOLE_CLAIM = Number.MIN_SAFE_INTEGER

export const evolveCapacity = (state: CapacityState, event: ResourceEvent): CapacityState => {
  const { reservationId } = event.data
  state.index.remove(reservationId)
  state.holds.delete(reservationId)
  if (event.type === 'CapacityClaimed') {
    for (const interval of event.data.intervals) {
      state.index.add(reservationId, interval)
    }
    if (event.data.holds) {
      state.holds.set(reservationId, event.data.holds)
    }
  }
  return state
}

/** Same intervals in the same order. */
export const sameIntervals = (a: Interval[], b: Interval[]): boolean =>
  a.length === b.length && a.every((x, i) => x.start === b[i].start && x.end === b[i].end && x.units === b[i].units)

/** What a reservation holds on the resource, by operation; a claim recorded whole is one hold. */
export const holdsOf = (state: CapacityState, reservationId: string): ClaimHold[] => {
  const holds = state.holds.get(reservationId)
  if (holds) {
    return holds
  }
  const intervals = state.index.intervalsOf(reservationId)
  return intervals.length === 0 ? [] : [{ after: WHOLE_CLAIM, intervals, operation: '' }]
}

/** The event that makes the reservation hold exactly `holds`. */
export const claimOfHolds = (reservationId: string, holds: ClaimHold[]): ResourceEvent =>
  holds.length === 0
    ? { data: { reservationId }, type: 'CapacityReleased' }
    : { data: { holds, intervals: holds.flatMap((hold) => hold.intervals), reservationId }, type: 'CapacityClaimed' }

/**
 * Refuses `intervals` when, together with every other reservation's claim, they exceed
 * `quantity` at some instant. The reservation's own current claim does not count: `intervals`
 * replace it. `alsoClaimed` is capacity decided in the same append but not in `state` yet (the
 * earlier occurrences of a series).
 */
export const checkCapacity = (
  state: CapacityState,
  reservationId: string,
  intervals: Interval[],
  quantity: number,
  alsoClaimed: readonly Interval[] = [],
): void => {
  for (const interval of intervals) {
    const others = [
      ...state.index.overlapping(interval.start, interval.end).filter((other) => other.key !== reservationId),
      ...alsoClaimed.filter((other) => other.start < interval.end && interval.start < other.end),
    ]
    if (peakUnitsOf([...others, ...intervals], interval.start, interval.end) > quantity) {
      throw new CommandRejected('conflict', 'The requested time is not available')
    }
  }
}

export const decideCapacity = (command: SetCapacityClaim, state: CapacityState): ResourceEvent[] => {
  const { intervals, quantity, reservationId } = command.data
  const held = state.index.intervalsOf(reservationId)
  if (intervals.length === 0) {
    return held.length === 0 ? [] : [{ data: { reservationId }, type: 'CapacityReleased' }]
  }
  if (sameIntervals(held, intervals)) {
    return []
  }
  checkCapacity(state, reservationId, intervals, quantity)
  return [{ data: { intervals, reservationId }, type: 'CapacityClaimed' }]
}
