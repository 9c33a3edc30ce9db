import type { RecordId, TimeRange } from '../contract/http.js'

/** A free time as the booking page offers it: the slot, and the resource and zone it is free in. */
export interface FreeSlot extends TimeRange {
  resource: RecordId
  /** The resource's zone: the slot is shown on its wall clock. */
  timezone: string
}

/** One resource's free slots of a day, as `/slots` answered them. */
export interface ResourceSlots {
  resource: RecordId
  slots: readonly TimeRange[]
  timezone: string
}

/**
 * "Any available": each start time once, with the first resource (in the order given) that is
 * free then, in time order. The slots endpoint answers one resource (or all of a set at once),
 * so the page asks each resource offering the service and merges the answers here.
 */
export const firstFreePerStart = (answers: readonly ResourceSlots[]): FreeSlot[] => {
  const byStart = new Map<number, FreeSlot>()
  for (const { resource, slots, timezone } of answers) {
    for (const slot of slots) {
      const at = Date.parse(slot.start)
      if (!byStart.has(at)) {
        byStart.set(at, { end: slot.end, resource, start: slot.start, timezone })
      }
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot)
}

/**
 * The first `count` free slots starting after `after` (epoch ms), in time order, each start once:
 * what to offer when the time a guest wanted was taken meanwhile.
 */
export const nextFreeTimes = (slots: readonly FreeSlot[], after: number, count: number): FreeSlot[] => {
  const seen = new Set<number>()
  return [...slots]
    .filter((slot) => Date.parse(slot.start) > after)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .filter((slot) => {
      const at = Date.parse(slot.start)
      return seen.has(at) ? false : (seen.add(at), true)
    })
    .slice(0, count)
}
