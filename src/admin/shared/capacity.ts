import type { ResourceAvailability, ResourceRecord, TimeRange } from '../../contract/http.js'

import { type EpochRange, mergeRanges, subtractRanges } from '../../time/ranges.js'

/**
 * Capacity of one resource over a span of time, from its resource-availability answer: where it
 * works, where it is off, how much of it is taken (by its bookings, or wholly while it is busy
 * elsewhere), and whether a pool its services need is exhausted. The calendar shades with it;
 * the widget and the overview sum it.
 */

interface Load extends EpochRange {
  units: number
}

/** Capacity held while a customer checks out. */
export interface Hold extends Load {
  /** Where the user may act on it (release it; book it when `mine`): the hold and its expiry. */
  details?: { expiresAt: number; holdId: string; mine: boolean }
  /** Whose, where a column shows several resources: the hold is named by it. */
  resource?: ResourceRecord
}

interface Pool {
  busy: Load[]
  quantity: number
}

/** A resource-availability answer with its times as epoch milliseconds. */
export interface EpochAvailability {
  busy: Load[]
  /** Per-guest capacity: a booking takes a unit per guest, else one. */
  perGuest?: boolean
  /** Busy elsewhere (a calendar feed, the site's resolver): the whole resource is taken. */
  external: ({ label?: string } & EpochRange)[]
  /** The part of `busy` held while a customer checks out, not booked. */
  holds: Hold[]
  quantity: number
  requiredPools: Pool[]
  shifts: EpochRange[]
  timeOff: ({ reason?: string } & EpochRange)[]
}

const epochRange = ({ end, start }: TimeRange): EpochRange => ({ end: Date.parse(end), start: Date.parse(start) })

export const toEpochAvailability = (answer: ResourceAvailability): EpochAvailability => ({
  busy: answer.busy.map((interval) => ({ ...epochRange(interval), units: interval.units })),
  external: answer.external.map((interval) => ({
    ...epochRange(interval),
    ...(interval.label ? { label: interval.label } : {}),
  })),
  holds: answer.busy
    .filter((interval) => interval.hold)
    .map(({ expiresAt, holdId, mine, units, ...range }) => ({
      ...epochRange(range),
      ...(holdId && expiresAt ? { details: { expiresAt: Date.parse(expiresAt), holdId, mine: mine === true } } : {}),
      units,
    })),
  perGuest: answer.capacityMode === 'per-guest',
  quantity: answer.quantity,
  requiredPools: answer.requiredPools.map((pool) => ({
    busy: pool.busy.map((interval) => ({ ...epochRange(interval), units: interval.units })),
    quantity: pool.quantity,
  })),
  shifts: mergeRanges(answer.days.flatMap((day) => day.shiftWindows.map(epochRange))),
  timeOff: answer.days.flatMap((day) => day.timeOff.map((off) => ({ ...epochRange(off), reason: off.reason }))),
})

export type ShadeKind = 'closed' | 'free' | 'full' | 'partial' | 'time-off'

/** A stretch of time with one state; `poolFull` marks a required pool with nothing left. */
export interface Shade extends EpochRange {
  kind: ShadeKind
  poolFull: boolean
  reason?: string
}

const covers = (range: EpochRange, at: number): boolean => range.start <= at && at < range.end

const unitsAt = (loads: Load[], at: number): number =>
  loads.reduce((sum, load) => (covers(load, at) ? sum + load.units : sum), 0)

/** One stretch between consecutive edges of any range: a single state throughout. */
interface Segment extends Shade {
  units: number
}

const segmentsOf = (availability: EpochAvailability, from: number, to: number): Segment[] => {
  const { busy, external, quantity, requiredPools, shifts, timeOff } = availability
  const edges = new Set<number>([from, to])
  for (const range of [...shifts, ...timeOff, ...busy, ...external, ...requiredPools.flatMap((pool) => pool.busy)]) {
    for (const edge of [range.start, range.end]) {
      if (edge > from && edge < to) {
        edges.add(edge)
      }
    }
  }
  const sorted = [...edges].sort((a, b) => a - b)
  return sorted.slice(0, -1).map((start, index) => {
    const off = timeOff.find((range) => covers(range, start))
    // Busy elsewhere takes every unit, whatever is booked here.
    const units = external.some((range) => covers(range, start)) ? quantity : unitsAt(busy, start)
    const kind: ShadeKind = off
      ? 'time-off'
      : !shifts.some((range) => covers(range, start))
        ? 'closed'
        : units >= quantity
          ? 'full'
          : units > 0
            ? 'partial'
            : 'free'
    const poolFull = kind !== 'closed' && requiredPools.some((pool) => unitsAt(pool.busy, start) >= pool.quantity)
    return { end: sorted[index + 1], kind, poolFull, start, units, ...(off?.reason ? { reason: off.reason } : {}) }
  })
}

/** The states of `[from, to)`, in order, with neighbours of the same state merged. */
export const shadesOf = (availability: EpochAvailability, from: number, to: number): Shade[] => {
  const shades: Shade[] = []
  for (const { end, kind, poolFull, reason, start } of segmentsOf(availability, from, to)) {
    const previous = shades[shades.length - 1]
    if (previous && previous.kind === kind && previous.poolFull === poolFull && previous.reason === reason) {
      previous.end = end
    } else {
      shades.push({ end, kind, poolFull, start, ...(reason ? { reason } : {}) })
    }
  }
  return shades
}

/**
 * Capacity and use in unit-minutes over `[from, to)`: working time not off, times the
 * resource's quantity, and the units taken during it (buffers included, as they block too;
 * time busy elsewhere takes all of them). `free` is what can still be booked: the untaken
 * units after `now`, as time gone by unbooked is lost, not free.
 */
export interface CapacityLoad {
  capacity: number
  free: number
  used: number
}

const MINUTE_MS = 60_000

export const loadOf = (availability: EpochAvailability, from: number, to: number, now = -Infinity): CapacityLoad => {
  const load: CapacityLoad = { capacity: 0, free: 0, used: 0 }
  for (const segment of segmentsOf(availability, from, to)) {
    if (segment.kind === 'closed' || segment.kind === 'time-off') {
      continue
    }
    const taken = Math.min(availability.quantity, segment.units)
    load.capacity += ((segment.end - segment.start) / MINUTE_MS) * availability.quantity
    load.used += ((segment.end - segment.start) / MINUTE_MS) * taken
    load.free += (Math.max(0, segment.end - Math.max(segment.start, now)) / MINUTE_MS) * (availability.quantity - taken)
  }
  return load
}

export const sumLoads = (loads: CapacityLoad[]): CapacityLoad =>
  loads.reduce((total, load) => ({ capacity: total.capacity + load.capacity, free: total.free + load.free, used: total.used + load.used }), {
    capacity: 0,
    free: 0,
    used: 0,
  })

/**
 * A resource's availability with its completed bookings in its busy time again: completing a
 * booking gives its claim back to the ledger, but the time was used all the same.
 */
export const withCompleted = (availability: EpochAvailability, completed: readonly { end: number; guests: number; start: number }[]): EpochAvailability =>
  completed.length === 0
    ? availability
    : {
        ...availability,
        busy: [...availability.busy, ...completed.map(({ end, guests, start }) => ({ end, start, units: availability.perGuest ? guests : 1 }))],
      }

/** The holds of resources a column shows together, each with its resource. */
export const holdsOf = (resources: readonly ResourceRecord[], availability: ReadonlyMap<string, EpochAvailability>): Hold[] =>
  resources.flatMap((resource) => (availability.get(String(resource.id))?.holds ?? []).map((hold) => ({ ...hold, resource })))

/**
 * Several resources seen as one, for shading a column that shows them all: open whenever one of
 * them works and is not off. Their bookings and their time busy elsewhere are left out, since
 * one resource's load says nothing about another's room.
 */
export const workingHoursOf = (list: EpochAvailability[]): EpochAvailability => ({
  busy: [],
  external: [],
  holds: [],
  quantity: list.reduce((sum, availability) => sum + availability.quantity, 0),
  requiredPools: [],
  shifts: mergeRanges(list.flatMap(({ shifts, timeOff }) => subtractRanges(shifts, mergeRanges(timeOff)))),
  timeOff: [],
})
