import type { CallTally } from './database-calls.js'
import type { BenchDatabase } from './database.js'
import type { BenchScenario } from './scenario.js'

export interface MeasureSettings {
  bookings: number
  bookSeconds: number
  database: BenchDatabase
  /** The plugin's `hashChain` option. */
  hashChain: boolean
  /** Reservations seeded so far: bookings go on the resource-days that hold some. */
  n: number
  samples: number
  scenario: BenchScenario
  /** Index of this N in the run: picks this run's contended slot, booking lane and days. */
  step: number
}

/**
 * The ways a booking reaches the ledger that the benchmark measures, and the baseline:
 * - `guest`: POST /api/reserve/book, anonymous, with a guest's name and email;
 * - `staff`: POST /api/reserve/book with `Authorization: JWT <token>` of a staff user, for a customer;
 * - `local`: `payload.create({ collection: 'reservations', data: { customer, resource, service, startTime } })`;
 * - `bare`: `payload.create` of the same document in a collection without the plugin.
 */
export const BOOKING_PATHS = ['guest', 'staff', 'local', 'bare'] as const
export type BookingPath = (typeof BOOKING_PATHS)[number]

/**
 * Besides the fields the issue asks for: CPU milliseconds this process spent per request
 * (`*_cpu_ms`; SQLite runs inside it, PostgreSQL's own work is not counted), which the
 * machine's other load inflates far less than the latencies.
 */
export interface Measurement {
  availability_cpu_ms: number
  availability_p50_ms: number
  availability_p95_ms: number
  /** Plain `payload.create` of a reservation-shaped document in a collection without the plugin. */
  bare_create_cpu_ms: number
  bare_create_per_s: number
  /** Per path: refused or failed bookings (status and body), at most 5 each. */
  book_failures: Record<BookingPath, string[]>
  /** Per path: documents created in the timed run. */
  booked: Record<BookingPath, number>
  boot_ms: number
  contention_conflicts: number
  contention_other: number
  contention_succeeded: number
  guest_book_cpu_ms: number
  guest_book_per_s: number
  heap_mb: number
  hydrate_ms: number
  /** Blocked intervals held in the busy index after hydration. */
  indexed_intervals: number
  /** The machine's 1-minute load average when measuring started: other work skews the figures. */
  load_1m: number
  local_book_cpu_ms: number
  local_book_per_s: number
  /** Wall time of a Local API booking over a bare create of the same document (≤ 1.3: the plugin adds at most 30 %). */
  local_over_bare: number
  /** The same ratio in CPU time of this process. */
  local_over_bare_cpu: number
  queries: {
    availability: CallTally
    bare_create: CallTally
    book_guest: CallTally
    book_local: CallTally
    book_staff: CallTally
    slots: CallTally
  }
  rss_mb: number
  slots_cpu_ms: number
  slots_p50_ms: number
  slots_p95_ms: number
  staff_book_cpu_ms: number
  staff_book_per_s: number
}
