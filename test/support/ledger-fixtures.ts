import type { EventStore } from '../../src/events/store.js'
import type { BookingPlan, NewEvent } from '../../src/events/types.js'

import { Ledger, type CommandMeta } from '../../src/commands/ledger.js'
import type { BookReservation } from '../../src/commands/reservation-commands.js'
import { createMemoryEventStore } from '../../src/events/adapters/memory.js'
import { DEFAULT_STATUS_MACHINE } from '../../src/plugin/options.js'
import { BusyIndex } from '../../src/capacity/busy-index.js'
import { EVENT_SCHEMA_VERSION } from '../../src/events/types.js'
import { v7 as uuidv7 } from 'uuid'

export const staff: CommandMeta = { actor: { collection: 'users', id: 'staff-1', kind: 'user' }, privileged: true }
export const customer: CommandMeta = { actor: { collection: 'users', id: 'cust-1', kind: 'user' }, privileged: false }

const MINUTE = 60_000

/** A plan for `minutes` from `start` on the given resources, each taking `units`. */
export const plan = (
  resources: string[],
  start: string,
  minutes = 60,
  units = 1,
): BookingPlan => {
  const from = Date.parse(start)
  const to = from + minutes * MINUTE
  return {
    claims: resources.map((resource) => ({ intervals: [{ end: to, start: from, units }], resource })),
    endTime: new Date(to).toISOString(),
    guestCount: units,
    items: resources.slice(1).map((resource) => ({ resource })),
    resource: resources[0],
    service: 'service-1',
    startTime: new Date(from).toISOString(),
  }
}

export const booking = (bookingPlan: BookingPlan, overrides: Partial<BookReservation['data']> = {}) => ({
  data: {
    cancellationTokenHash: null,
    customer: 'cust-1',
    guest: null,
    idempotencyKey: null,
    notes: null,
    plan: bookingPlan,
    reservationId: uuidv7(),
    status: 'pending',
    ...overrides,
  },
  type: 'BookReservation' as const,
})

/** A store without multi-stream atomic appends, to exercise the claim-one-by-one path. */
export const withoutAtomicAppend = (store: EventStore): EventStore => {
  const { appendAtomically: _dropped, ...rest } = store
  return Object.assign(Object.create(Object.getPrototypeOf(store)), rest, {
    committed: store.committed,
    kind: `${store.kind}-sequential`,
  }) as EventStore
}

/**
 * A store whose reads and appends each wait a random 0–2 ms first, as a database round trip
 * does: concurrent commands then interleave between their reads and appends, which an
 * in-memory store answering at once would hardly ever let happen.
 */
export const withLatency = (store: EventStore, random: () => number = Math.random): EventStore => {
  const wait = () => new Promise((resolve) => setTimeout(resolve, random() * 2))
  const { appendAtomically } = store
  return Object.assign(Object.create(Object.getPrototypeOf(store)), store, {
    append: async (request: Parameters<EventStore['append']>[0]) => (await wait(), store.append(request)),
    ...(appendAtomically && {
      appendAtomically: async (requests: Parameters<NonNullable<EventStore['appendAtomically']>>[0]) => (
        await wait(), appendAtomically.call(store, requests)
      ),
    }),
    committed: store.committed,
    kind: `${store.kind}-with-latency`,
    readStream: async (stream: string, fromRevision?: number) => (await wait(), store.readStream(stream, fromRevision)),
  }) as EventStore
}

export const createLedger = (
  options: { capacities?: Record<string, number>; now?: Date; store?: EventStore } = {},
) => {
  const store = options.store ?? createMemoryEventStore()
  const busy = new BusyIndex(store)
  const ledger = new Ledger({
    busy,
    capacityOf: (resource) => Promise.resolve(options.capacities?.[resource] ?? 1),
    clock: () => options.now ?? new Date('2030-01-01T00:00:00.000Z'),
    policy: { cancelledStatus: 'cancelled', noticePeriodHours: 24, statusMachine: DEFAULT_STATUS_MACHINE },
    store,
  })
  return { busy, ledger, store }
}

/** Runs commands at once and counts how they ended. */
export const race = async <T>(tasks: Array<() => Promise<T>>) => {
  const results = await Promise.allSettled(tasks.map((task) => task()))
  const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
  return {
    conflicts: rejected.filter((r) => (r.reason as { kind?: string }).kind === 'conflict').length,
    other: rejected.filter((r) => (r.reason as { kind?: string }).kind !== 'conflict').map((r) => r.reason),
    succeeded: results.filter((r) => r.status === 'fulfilled').length,
  }
}

/** An event to append where only which append it came from matters (its reservation id says). */
export const releasedEvent = (reservationId: string, actorName = 'test'): NewEvent => ({
  data: { reservationId },
  metadata: { actor: { kind: 'system', name: actorName }, at: new Date().toISOString(), correlationId: reservationId, schemaVersion: EVENT_SCHEMA_VERSION },
  type: 'CapacityReleased',
})
