import type { BusyIntervals } from '../capacity/interval-index.js'

import { blockedInterval } from './blocked-interval.js'
import { type CapacityMode, claimUnits, fitsCapacity } from './capacity.js'
import { computeEndTime } from './end-time.js'
import type { EpochRange } from '../time/ranges.js'
import { MINUTE_MS, type ServiceTiming } from './service-timing.js'

export interface SlotService extends ServiceTiming {
  /** Grid step; the grid never steps further than the duration. */
  slotIntervalMinutes: number
}

/** One resource of the set a booking needs, with its busy intervals already loaded. */
export interface SlotResource {
  busy: BusyIntervals
  capacityMode: CapacityMode
  quantity: number
}

export interface GenerateSlotsInput {
  /** Local midnight ending the day. */
  dayEnd: number
  /** Local midnight starting the day. */
  dayStart: number
  guestCount: number
  /** When given, slots starting before it are dropped. */
  now?: number
  /** Every resource must have room for a slot to be offered. */
  resources: readonly SlotResource[]
  service: SlotService
  /** The resource's IANA zone, for full-day blocking. */
  timeZone: string
  /** The day's working windows, sorted and disjoint (as `resolveWindows` returns them). */
  windows: readonly EpochRange[]
}

/**
 * The bookable slots of one day, in start order. Fixed services get a grid starting at each
 * window's start; a slot must end inside its window, while its buffers may reach outside.
 * Full-day services get the whole local day when the day has any window. A slot is offered
 * only when the interval it would claim fits the capacity of every resource; existing claims
 * already include their own buffers, so neighbours' buffers are enforced by the overlap.
 * Pure and in memory: no I/O per candidate.
 */
export const generateSlots = (input: GenerateSlotsInput): EpochRange[] => {
  const { dayEnd, dayStart, guestCount, now = -Infinity, resources, service, timeZone, windows } = input
  const units = resources.map((resource) => claimUnits(resource.capacityMode, guestCount))
  const offered = (slot: EpochRange): boolean =>
    slot.start >= now &&
    resources.every((resource, r) =>
      fitsCapacity(resource.busy, blockedInterval({ ...slot, units: units[r] }, service, timeZone), resource.quantity),
    )

  if (service.durationType === 'full-day') {
    const day = { end: dayEnd, start: dayStart }
    return windows.length > 0 && offered(day) ? [day] : []
  }
  if (!Number.isFinite(service.slotIntervalMinutes) || !(service.slotIntervalMinutes > 0)) {
    throw new RangeError(`Invalid slotIntervalMinutes ${service.slotIntervalMinutes}: needs a positive number`)
  }
  const step = Math.min(service.slotIntervalMinutes, service.durationMinutes) * MINUTE_MS
  const slots: EpochRange[] = []
  for (const window of windows) {
    for (let start = window.start; ; start += step) {
      const end = computeEndTime(start, service, timeZone)
      if (end > window.end) {
        break
      }
      if (offered({ end, start })) {
        slots.push({ end, start })
      }
    }
  }
  return slots
}
