import type { ClaimHold, Interval, ResourceClaim } from '../events/types.js'

import { type CapacityStream, capacityStreams, intervalsIn } from '../events/capacity-streams.js'
import { sameIntervals } from './capacity-decider.js'

/** A reservation's claims as blocked intervals per resource. */
export const intervalsByResource = (claims: ResourceClaim[]): Map<string, Interval[]> => {
  const map = new Map<string, Interval[]>()
  for (const claim of claims) {
    map.set(claim.resource, [...(map.get(claim.resource) ?? []), ...claim.intervals])
  }
  return map
}

const sortedIntervals = (intervals: Interval[]): Interval[] =>
  [...intervals].sort((a, b) => a.start - b.start || a.end - b.end || a.units - b.units)

/** Whether two claims block the same, whatever order their intervals were listed in. */
export const sameClaim = (a: Interval[], b: Interval[]): boolean => sameIntervals(sortedIntervals(a), sortedIntervals(b))

/** Month streams in the order they are claimed: by name, so claimers never wait in a cycle. */
export const byStreamName = (a: CapacityStream, b: CapacityStream): number => a.stream.localeCompare(b.stream)

/** A month stream where a reservation's claim goes from `was` to `final`. */
export interface MonthClaim {
  final: Interval[]
  stream: CapacityStream
  was: Interval[]
}

/**
 * A reservation's claim on a resource going from `was` to `final`, per month stream either one
 * reaches into: what it holds there before and after (the intervals reaching into the month).
 */
export const monthClaims = (resource: string, was: Interval[], final: Interval[]): MonthClaim[] =>
  capacityStreams(resource, [...was, ...final]).map((stream) => ({
    final: intervalsIn(final, stream.month),
    stream,
    was: intervalsIn(was, stream.month),
  }))

export const sameHolds = (a: ClaimHold[], b: ClaimHold[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => x.operation === b[i].operation && x.after === b[i].after && sameIntervals(x.intervals, b[i].intervals))
