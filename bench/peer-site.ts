import type { Payload } from 'payload'

import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { payloadReserve } from 'payload-reserve'

import type { RelationId } from '../src/events/types.js'
import type { BenchScenario } from './scenario.js'

import { startPayload } from '../test/helpers/payload.js'
import { BENCH_STAFF, CLOSES_MINUTE, CUSTOMER_COUNT, OPENS_MINUTE, RESOURCE_QUANTITY } from './scenario.js'

// As bench/database.ts: the instance waits out the other's writes instead of failing with SQLITE_BUSY.
const SQLITE_BUSY_TIMEOUT_MS = 10_000

/**
 * The established plugin, `payload-reserve`, installed as its README tells a site to: guest
 * booking on, staff in the site's `users` collection and customers in the plugin's own
 * `customers` auth collection (its default, where any signed-in `users` account is staff), on
 * SQLite in WAL mode with synchronous=NORMAL like ours. Unlike ours it needs the adapter's
 * `transactionOptions`: its README says that without them its booking lock serializes nothing
 * and SQLite silently double-books.
 */
export const startPeerPayload = (uri: string): Promise<Payload> =>
  startPayload({
    database: {
      adapter: () =>
        sqliteAdapter({
          busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
          client: { url: uri },
          push: true,
          transactionOptions: {},
          wal: { synchronous: 'NORMAL' },
        }),
    },
    plugins: [payloadReserve({ allowGuestBooking: true })],
  })

/**
 * On Payload 3.90 the peer's bookings log `key not found: reservation:fieldGuest` (the
 * translation key of its `guest` group's label), one or two lines each. They are dropped, which
 * spares the peer the cost of writing them: the comparison leans its way.
 */
export const dropPeerMissingTranslationLogs = (): void => {
  const log = console.log.bind(console)
  console.log = (...args: unknown[]) => {
    if (args[0] !== 'key not found:') {
      log(...args)
    }
  }
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const

const hhmm = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`

/**
 * `ours` again in the peer's collections, through its Local API: the same services (durations
 * and buffers), as many resources of as many units open the same hours, the staff user and the
 * customers. Its ids, index for index, so that a slot of ours maps to the same slot there.
 */
export const createPeerScenario = async (payload: Payload, ours: BenchScenario): Promise<BenchScenario> => {
  const create = async (collection: string, data: Record<string, unknown>): Promise<RelationId> =>
    (await payload.create({ collection: collection as 'users', data: data as never })).id
  const services = []
  for (const service of ours.services) {
    const id = await create('services', {
      bufferTimeAfter: service.bufferAfterMinutes,
      bufferTimeBefore: service.bufferBeforeMinutes,
      duration: service.durationMinutes,
      durationType: 'fixed',
      name: service.name,
    })
    services.push({ ...service, id })
  }
  const serviceIds = services.map(({ id }) => id)
  const openResource = async (name: string, quantity: number): Promise<RelationId> => {
    const id = await create('resources', { capacityMode: 'per-reservation', name, quantity, services: serviceIds })
    await create('schedules', {
      name: 'Weekdays',
      recurringSlots: WEEKDAYS.map((day) => ({ day, endTime: hhmm(CLOSES_MINUTE), startTime: hhmm(OPENS_MINUTE) })),
      resource: id,
      scheduleType: 'recurring',
    })
    return id
  }
  const resources: RelationId[] = []
  for (let r = 0; r < ours.resources.length; r++) {
    resources.push(await openResource(`Desk pool ${r + 1}`, RESOURCE_QUANTITY))
  }
  const contentionResource = await openResource('Contended room', 1)
  await create('users', { ...BENCH_STAFF, role: 'staff' })
  const customers: RelationId[] = []
  for (let c = 0; c < CUSTOMER_COUNT; c++) {
    customers.push(
      await create('customers', {
        email: `customer${c + 1}@bench.example`,
        firstName: 'Customer',
        lastName: String(c + 1),
        password: 'bench-customer-password',
      }),
    )
  }
  return { contentionResource, customers, dates: ours.dates, resources, services }
}
