import type { CallTally } from './database-calls.js'
import type { BenchDatabase } from './database.js'
import type { BenchScenario } from './scenario.js'

export interface MeasureSettings {
  bookings: number
  bookSeconds: number
  database: BenchDatabase
  samples: number
  scenario: BenchScenario
  /** Index of this N in the run: picks this run's contended slot and booking days. */
  step: number
}

/**
 * Besides the fields the issue asks for: CPU milliseconds this process spent per request
 * (`*_cpu_ms`; SQLite runs inside it, PostgreSQL's own work is not counted), which the
 * machine's other load inflates far less than the latencies.
 */
export interface Measurement {
  availability_cpu_ms: number
  availability_p50_ms: number
  availability_p95_ms: number
  book_cpu_ms: number
  book_failures: string[]
  book_per_s: number
  booked: number
  boot_ms: number
  contention_conflicts: number
  contention_other: number
  contention_succeeded: number
  heap_mb: number
  hydrate_ms: number
  /** Blocked intervals held in the busy index after hydration. */
  indexed_intervals: number
  /** The machine's 1-minute load average when measuring started: other work skews the figures. */
  load_1m: number
  queries: { availability: CallTally; book: CallTally; slots: CallTally }
  rss_mb: number
  slots_cpu_ms: number
  slots_p50_ms: number
  slots_p95_ms: number
}
