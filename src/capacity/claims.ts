import type { ClaimHold, Interval, ResourceClaim } from '../events/types.js'

import { resourceStream } from '../events/types.js'
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

/** Resources in the order their streams are claimed: by stream name, so claimers never wait in a cycle. */
export const byStreamName = (a: string, b: string): number => resourceStream(a).localeCompare(resourceStream(b))

export const sameHolds = (a: ClaimHold[], b: ClaimHold[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => x.operation === b[i].operation && x.after === b[i].after && sameIntervals(x.intervals, b[i].intervals))
