/**
 * One app process of the concurrency mode (bench/concurrency.ts starts 1, 2 or 4 of them on one
 * PostgreSQL database, the ledger in it or on a JetStream cluster). It boots Payload with the
 * plugin, hydrates the busy index, says "@@ ready" and waits for a line
 * `go {"warmUntil":…,"endAt":…}` (epoch milliseconds) on stdin. Then its clients, each booking
 * one slot after another as a guest through POST /api/reserve/book, run until `endAt`; what
 * completes between `warmUntil` and `endAt` is counted. Each client books only its own slots
 * (bench/slot-plan.ts; no two clients share a slot). Appends the event store refuses because a
 * stream moved (WrongExpectedRevision: the ledger reads again and retries) are counted by
 * wrapping the store's append methods. Settings come as JSON in BENCH_WORKER; the result is one
 * "@@ result {json}" line.
 */
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'

import type { EventStoreOption } from '../src/plugin/options.js'
import type { BenchDatabase } from './database.js'
import type { BenchScenario } from './scenario.js'

import { isWrongExpectedRevision } from '../src/events/store.js'
import { ledgerServices } from '../src/plugin/runtime.js'
import { stopPayload } from '../test/helpers/payload.js'
import { bookers } from './bookers.js'
import { startBenchPayload } from './boot.js'
import { databaseCallCounter } from './database-calls.js'
import { datesSpan } from './scenario.js'
import { benchSlots } from './slot-plan.js'
import { quantile, round } from './stats.js'

export interface WorkerSettings {
  /** Catch-up as the plugin runs it by default (a pass every 5 s, leased), not once at start. */
  catchUpPasses: boolean
  /** Global numbers of this process's clients, of `clients` in all. */
  clientIds: number[]
  clients: number
  database: BenchDatabase
  /** The plugin's `eventStore` option when the ledger is not in the database (JetStream). */
  eventStore?: EventStoreOption
  /** Lanes of the slot plan this mode books in, and the plan's seed. */
  lanes: number[]
  planSeed: number
  /** This run's share of the plan: slots i with i mod runs = run. */
  run: number
  runs: number
  scenario: BenchScenario
  seeded: number
  worker: number
}

export interface WorkerResult {
  /** Appends in the window, and those refused because a stream had moved (each one a retry of the ledger). */
  appends: number
  boot_ms: number
  booked: number
  conflict_retries: number
  cpu_ms: number
  /** Database adapter and event store calls this process made in the window, by method and collection or stream family. */
  database_calls: Record<string, number>
  /** Event-loop utilisation in the window (0–1): near 1, this process is the bottleneck. */
  elu: number
  /** A client ran out of slots before the end. */
  exhausted: boolean
  failure_examples: string[]
  failures: number
  p50_ms: number
  p95_ms: number
  window_ms: number
  worker: number
}

const settings = JSON.parse(process.env.BENCH_WORKER ?? 'null') as null | WorkerSettings
if (!settings) {
  throw new Error('BENCH_WORKER (JSON settings) is required; run the benchmark with npm run bench -- --concurrency')
}

const bootStarted = performance.now()
const payload = await startBenchPayload(settings.database, false, {
  // A store that pushes events (JetStream) is followed live in every mode: with the plugin's
  // grace, as on a site. A 300 ms grace let catch-up fence, as abandoned, bookings still being
  // written under load (409s at 4 processes once catch-up kept pace).
  ...((settings.catchUpPasses || settings.eventStore) && { catchUp: null }),
  eventStore: settings.eventStore,
})
const { busy, store } = ledgerServices.of(payload)
for (const resource of settings.scenario.resources) {
  await busy.window(String(resource), ...datesSpan(settings.scenario.dates))
}
const bootMs = performance.now() - bootStarted

const plan = benchSlots(settings.scenario, { lanes: settings.lanes, seed: settings.planSeed, seeded: settings.seeded }).filter(
  (_, i) => i % settings.runs === settings.run,
)
const slotsOf = (client: number) => plan.filter((_, i) => i % settings.clients === client)
const book = bookers(payload, settings.scenario, { label: `conc-${settings.run}-${settings.worker}`, staffToken: '' }).guest

let window: { endAt: number; warmUntil: number } | null = null
const inWindow = (at: number) => window !== null && at >= window.warmUntil && at <= window.endAt

let appends = 0
let conflicts = 0
type Append = (...args: unknown[]) => Promise<unknown>
for (const name of ['append', 'appendAtomically'] as const) {
  const original = store[name] as Append | undefined
  if (typeof original !== 'function') {
    continue
  }
  ;(store as unknown as Record<string, Append>)[name] = async function (this: unknown, ...args: unknown[]) {
    try {
      return await original.apply(this, args)
    } catch (error) {
      if (isWrongExpectedRevision(error) && inWindow(Date.now())) {
        conflicts++
      }
      throw error
    } finally {
      appends += inWindow(Date.now()) ? 1 : 0
    }
  }
}

process.stdout.write('@@ ready\n')
const go = await new Promise<string>((resolve) => {
  const lines = createInterface({ input: process.stdin })
  lines.on('line', (line) => {
    if (line.startsWith('go ')) {
      lines.close()
      resolve(line.slice(3))
    }
  })
})
window = JSON.parse(go) as { endAt: number; warmUntil: number }
const { endAt, warmUntil } = window

const latencies: number[] = []
const failureExamples: string[] = []
let booked = 0
let failures = 0
let exhausted = false

const client = async (id: number) => {
  const slots = slotsOf(id)
  for (let j = 0; Date.now() < endAt; j++) {
    if (j >= slots.length) {
      exhausted = true
      return
    }
    const started = Date.now()
    const failure = await book(slots[j], id * 1_000_000 + j)
    const ended = Date.now()
    if (!inWindow(ended)) {
      if (failure && failureExamples.length < 5) {
        failureExamples.push(`warm-up: ${failure}`)
      }
      continue
    }
    if (failure) {
      failures++
      if (failureExamples.length < 5) {
        failureExamples.push(failure)
      }
    } else {
      booked++
      latencies.push(ended - started)
    }
  }
}

/**
 * CPU time, event-loop utilisation and database calls of this process between the window's two
 * ends (the calls of requests and of its background work alike: following other processes' appends).
 */
const atTime = (epochMs: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, epochMs - Date.now())))
const counter = databaseCallCounter(payload, store)
const measured = (async () => {
  await atTime(warmUntil)
  const cpu = process.cpuUsage()
  const elu = performance.eventLoopUtilization()
  const started = performance.now()
  const { tally } = await counter.during(() => atTime(endAt))
  const used = process.cpuUsage(cpu)
  return {
    calls: Object.fromEntries(Object.entries(tally.calls).map(([key, { count }]) => [key, count])),
    cpuMs: (used.user + used.system) / 1000,
    elu: performance.eventLoopUtilization(elu).utilization,
    windowMs: performance.now() - started,
  }
})()

await Promise.all(settings.clientIds.map(client))
const { calls, cpuMs, elu, windowMs } = await measured

const result: WorkerResult = {
  appends,
  boot_ms: Math.round(bootMs),
  booked,
  conflict_retries: conflicts,
  cpu_ms: Math.round(cpuMs),
  database_calls: calls,
  elu: Number(elu.toFixed(2)),
  exhausted,
  failure_examples: failureExamples,
  failures,
  p50_ms: round(quantile(latencies, 0.5)),
  p95_ms: round(quantile(latencies, 0.95)),
  window_ms: Math.round(windowMs),
  worker: settings.worker,
}
process.stdout.write(`@@ result ${JSON.stringify(result)}\n`)
await stopPayload(payload)
process.exit(0)
