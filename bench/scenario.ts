import type { Payload } from 'payload'

import type { ServiceTiming } from '../src/availability/service-timing.js'
import type { RelationId } from '../src/events/types.js'

/**
 * What the benchmark books on: 20 resources of 20 units each (desks, seats: at 10^5
 * reservations over 60 days a single-unit resource would be booked several times over), five
 * services, every resource open Mon–Fri 09:00–17:00 UTC, one single-unit resource with the
 * same hours on which 20 concurrent bookings race for one slot, a staff user and 20 customers
 * (users of the harness's `users` collection, which the plugin uses as its customers).
 */
export const RESOURCE_COUNT = 20
export const RESOURCE_QUANTITY = 20
export const SPREAD_DAYS = 60
export const OPENS_MINUTE = 9 * 60
export const CLOSES_MINUTE = 17 * 60
export const SLOT_INTERVAL_MINUTES = 15

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const
const DAY_MS = 86_400_000

export interface BenchService extends ServiceTiming {
  id: RelationId
  name: string
}

/** The staff user whose JWT the staff path books with (role `staff`: privileged, books for customers). */
export const BENCH_STAFF = { email: 'staff@bench.example', password: 'bench-staff-password' } as const
export const CUSTOMER_COUNT = 20

export interface BenchScenario {
  contentionResource: RelationId
  /** Users with role `customer` in the harness's `users` collection (the plugin's customers). */
  customers: RelationId[]
  /** The weekdays (`YYYY-MM-DD`, UTC) of the SPREAD_DAYS days after the run started, in order. */
  dates: string[]
  resources: RelationId[]
  services: BenchService[]
}

const SERVICES: Array<Omit<BenchService, 'durationType' | 'id'>> = [
  { bufferAfterMinutes: 0, bufferBeforeMinutes: 0, durationMinutes: 15, name: 'Check-in 15' },
  { bufferAfterMinutes: 0, bufferBeforeMinutes: 0, durationMinutes: 30, name: 'Session 30' },
  { bufferAfterMinutes: 0, bufferBeforeMinutes: 0, durationMinutes: 30, name: 'Call 30' },
  { bufferAfterMinutes: 15, bufferBeforeMinutes: 0, durationMinutes: 45, name: 'Consultation 45 + 15 cleanup' },
  { bufferAfterMinutes: 0, bufferBeforeMinutes: 0, durationMinutes: 60, name: 'Workshop 60' },
]

const isWeekday = (ms: number): boolean => {
  const day = new Date(ms).getUTCDay()
  return day >= 1 && day <= 5
}

/** The instants the seeded bookings lie within, as `[from, to)`: what warming the busy index reads. */
export const seededSpan = (now: number): [number, number] => [Math.floor(now / DAY_MS) * DAY_MS, Math.floor(now / DAY_MS) * DAY_MS + (SPREAD_DAYS + 2) * DAY_MS]

/** From the first of `dates` (`YYYY-MM-DD`, in order) to the end of the last, in epoch ms. */
export const datesSpan = (dates: readonly string[]): [number, number] => [Date.parse(dates[0]), Date.parse(dates[dates.length - 1]) + DAY_MS]

/** The seeded weekdays: by default from the day after `now`, so every seeded slot lies in the future. */
export const seededDates = (now: number, days = SPREAD_DAYS, fromDay = 1): string[] => {
  const first = Math.floor(now / DAY_MS) * DAY_MS + fromDay * DAY_MS
  return Array.from({ length: days }, (_, d) => first + d * DAY_MS)
    .filter(isWeekday)
    .map((ms) => new Date(ms).toISOString().slice(0, 10))
}

const hhmm = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`

/**
 * Creates the services, resources, schedules, the staff user and the customers through the
 * Local API: RESOURCE_COUNT resources and the SPREAD_DAYS after `now` unless `shape` says other.
 */
export const createScenario = async (
  payload: Payload,
  now: number,
  shape: { dates?: string[]; resourceCount?: number } = {},
): Promise<BenchScenario> => {
  const services: BenchService[] = []
  for (const service of SERVICES) {
    const doc = await payload.create({
      collection: 'services',
      data: {
        bufferTimeAfter: service.bufferAfterMinutes,
        bufferTimeBefore: service.bufferBeforeMinutes,
        duration: service.durationMinutes,
        durationType: 'fixed',
        name: service.name,
        slotInterval: SLOT_INTERVAL_MINUTES,
      },
    })
    services.push({ ...service, durationType: 'fixed', id: doc.id })
  }
  const serviceIds = services.map(({ id }) => id)
  const openResource = async (name: string, quantity: number): Promise<RelationId> => {
    const { id } = await payload.create({
      collection: 'resources',
      data: { capacityMode: 'per-reservation', name, quantity, services: serviceIds },
    })
    await payload.create({
      collection: 'schedules',
      data: {
        name: 'Weekdays',
        recurringSlots: WEEKDAYS.map((day) => ({ day, endTime: hhmm(CLOSES_MINUTE), startTime: hhmm(OPENS_MINUTE) })),
        resource: id,
      },
    })
    return id
  }
  const resources: RelationId[] = []
  for (let r = 0; r < (shape.resourceCount ?? RESOURCE_COUNT); r++) {
    resources.push(await openResource(`Desk pool ${r + 1}`, RESOURCE_QUANTITY))
  }
  const contentionResource = await openResource('Contended room', 1)
  await payload.create({ collection: 'users', data: { ...BENCH_STAFF, role: 'staff' } })
  const customers: RelationId[] = []
  for (let c = 0; c < CUSTOMER_COUNT; c++) {
    const customer = await payload.create({
      collection: 'users',
      data: { email: `customer${c + 1}@bench.example`, name: `Customer ${c + 1}`, password: 'bench-customer-password', role: 'customer' },
    })
    customers.push(customer.id)
  }
  return { contentionResource, customers, dates: shape.dates ?? seededDates(now), resources, services }
}
