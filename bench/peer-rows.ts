import type { Payload } from 'payload'

import { randomUUID } from 'node:crypto'

import type { BenchScenario } from './scenario.js'

import { tableKey } from '../src/events/adapters/payload-sql.js'
import { SeedPlanner } from './seed-plan.js'

/** What this uses of @payloadcms/db-sqlite: drizzle and its tables. */
interface DrizzleDatabase {
  drizzle: { insert(table: unknown): { values(rows: unknown[]): PromiseLike<unknown> } }
  tableNameMap: Map<string, string>
  tables: Record<string, unknown>
}

/** 11 columns a row: 1,000 rows stay below SQLite's limit of 32,766 bound parameters. */
const ROWS_PER_INSERT = 1_000
/** As bench/seeder.ts: the seeded bookings were made over the 40 days before the run. */
const HISTORY_MS = 40 * 86_400_000

/**
 * Seeds `n` reservations into the peer's `reservations` collection, placed as ours are
 * (`SeedPlanner`: reservation i on the same resource, day, start and service, a third pending,
 * the rest confirmed), many rows per INSERT. Each row is what the peer's own create of a guest
 * booking leaves (its `validateGuestBooking` stamps a random UUID cancellation token,
 * `calculateEndTime` the end; no items, no idempotency key), then confirmed for two in three,
 * as ours are. Its create would also write a throwaway `bookingLock` on the resource, which no
 * read uses. Through its Local API 10,000 bookings would take many minutes, each scanning the
 * resource's reservations for conflicts; the plan is conflict-free by construction (at most 15
 * of 20 units at any instant).
 */
export const seedPeerReservations = async (payload: Payload, scenario: BenchScenario, n: number, now: number): Promise<void> => {
  const db = payload.db as unknown as Partial<DrizzleDatabase>
  const table = db.tables?.[db.tableNameMap?.get(tableKey('reservations')) ?? '']
  if (!db.drizzle || !table) {
    throw new Error(`The peer is seeded on SQL databases only; ${payload.db.name} has no reservations table`)
  }
  const planner = new SeedPlanner(scenario.services, scenario.dates, scenario.resources.length)
  const step = Math.floor((HISTORY_MS - 3_600_000) / n)
  const rows = Array.from({ length: n }, (_, i) => {
    const placed = planner.place(i)
    const madeAt = new Date(now - HISTORY_MS + i * step).toISOString()
    return {
      cancellationToken: randomUUID(),
      createdAt: madeAt,
      endTime: new Date(placed.end).toISOString(),
      guest_email: `guest${i}@bench.example`,
      guest_name: `Guest ${i}`,
      guestCount: 1,
      resource: scenario.resources[placed.resource],
      service: scenario.services[placed.service].id,
      startTime: new Date(placed.start).toISOString(),
      status: i % 3 === 0 ? 'pending' : 'confirmed',
      updatedAt: madeAt,
    }
  })
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    await db.drizzle.insert(table).values(rows.slice(from, from + ROWS_PER_INSERT))
  }
  // The rows must be what the peer's conflict check finds: its query of a resource-day through Payload.
  const [resource, day] = [scenario.resources[0], scenario.dates[0]]
  const expected = rows.filter((row) => row.resource === resource && row.startTime.startsWith(day)).length
  const { totalDocs } = await payload.count({
    collection: 'reservations' as 'users',
    where: { and: [{ resource: { equals: resource } }, { startTime: { greater_than_equal: `${day}T00:00:00.000Z` } }, { startTime: { less_than: `${day}T23:59:59.999Z` } }] },
  })
  if (totalDocs !== expected || expected === 0) {
    throw new Error(`The peer's query finds ${totalDocs} of the ${expected} reservations seeded on ${day} on its first resource`)
  }
}
