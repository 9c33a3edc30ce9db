import { type ChildProcess, spawn } from 'node:child_process'
import os from 'node:os'
import { createInterface } from 'node:readline'

import type { Payload } from 'payload'

import { sql } from 'drizzle-orm'

import type { EventStoreOption } from '../src/plugin/options.js'
import type { TestDatabase } from '../test/helpers/databases.js'
import type { BenchStore } from './args.js'
import type { WorkerResult, WorkerSettings } from './concurrency-node.js'
import type { BenchDatabase } from './database.js'

import { sqlEvents } from '../src/events/adapters/payload-sql.js'
import { ledgerServices } from '../src/plugin/runtime.js'
import { stopPayload } from '../test/helpers/payload.js'
import { startBenchPayload } from './boot.js'
import { type BenchCluster, startBenchCluster } from './jetstream-cluster.js'
import { busyBetween, followPostgresCpu, followProcessesCpu, machineCpu } from './machine-cpu.js'
import { createScenario, seededDates, SPREAD_DAYS } from './scenario.js'
import { Seeder } from './seeder.js'
import { BENCH_LANES } from './slot-plan.js'
import { round } from './stats.js'

/**
 * Unmeasured seconds of booking before each timed window: JIT warm-up, pools filled. Each
 * process must be warm, as a server is: with 4 processes sharing the cores, 3 s gave each one
 * about 100 bookings and left the window paying for V8's optimisation, which made a booking look
 * 1.57 × dearer than with 1 process; after 15 s (several hundred bookings each) it was 1.35 ×.
 */
const WARM_UP_SECONDS = 15
const READY_TIMEOUT_MS = 5 * 60_000
const PLAN_SEED = 7_000
/** Replicas of the ledger's JetStream stream with `--store jetstream`: one on each node of the cluster. */
const JETSTREAM_REPLICAS = 3

export interface ConcurrencyOptions {
  catchUpPasses: boolean
  clients: number
  n: number
  processes: number[]
  seconds: number
  store: BenchStore
}

export interface ConcurrencyRun {
  booked: number
  clients_per_process: number
  /** Appends refused because a stream moved under them, each followed by a retry of the ledger. */
  conflict_retries: number
  conflict_retries_per_booking: number
  /** If the machine were only CPU-bound: its cores divided by the CPU time of one booking (app + PostgreSQL + nats-server). */
  cpu_bound_per_s: null | number
  /**
   * Database adapter and event store calls per booking, all processes together, by method and
   * collection or stream family (`store.readStream reserve-resource`: reads of month streams, by
   * requests and by processes following the others' appends).
   */
  database_calls_per_booking: Record<string, number>
  /** A client ran out of planned slots before the window ended (the figures undercount). */
  exhausted: boolean
  failure_examples: string[]
  failures: number
  load_1m_after: number
  load_1m_before: number
  /** Share of the machine's CPU time busy in the window (all processes, PostgreSQL included). */
  machine_cpu_busy: null | number
  /**
   * Share of the machine's CPU time in the window used by neither the app processes nor this
   * database's PostgreSQL backends nor the JetStream cluster: other work on the machine (or
   * PostgreSQL's shared processes).
   */
  other_cpu_share: null | number
  /** CPU time of the JetStream cluster's three nats-server processes per booking; null when the ledger is in PostgreSQL. */
  nats_cpu_ms: null | number
  /** CPU time of the app processes per booking (sum over processes / bookings). */
  node_cpu_ms: number
  p50_ms: number
  p95_ms: number
  per_process: Array<{ booked: number; boot_ms: number; cpu_ms_per_booking: number; elu: number; per_s: number }>
  per_s: number
  /** CPU time of the PostgreSQL backends serving this database (the collections, and the ledger unless on JetStream), per booking. */
  postgres_cpu_ms: null | number
  processes: number
  window_s: number
}

export interface ConcurrencyResult {
  /** The app processes ran catch-up's periodic passes as a site does (else once at start). */
  catch_up_passes: boolean
  clients: number
  command: string
  generated_at: string
  /** What limits throughput, read off the figures. */
  limits: string
  /** The machine it ran on (the file's own `machine` may be of an older run). */
  machine?: Record<string, number | string>
  n: number
  path: string
  runs: ConcurrencyRun[]
  /** Bookings per second with P processes over those with the first (1): `{ "2": 1.7, "4": 1.9 }`. */
  scaling: Record<string, number>
  seconds: number
  /** Where the ledger's events are: `payload` (the adapter, in PostgreSQL) or `jetstream` (an R3 stream on a three-node cluster). */
  store: BenchStore
  warm_up_seconds: number
}

const RESULT = '@@ result '

interface Worker {
  child: ChildProcess
  ready: Promise<void>
  result: Promise<WorkerResult>
}

const startWorker = (settings: WorkerSettings): Worker => {
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each app process, as bench/spawn-measure.ts writes them.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/concurrency-node.ts'], {
    env: { ...process.env, BENCH_WORKER: JSON.stringify(settings) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let onReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (onReady = resolve))
  const result = new Promise<WorkerResult>((resolve, reject) => {
    let found: undefined | WorkerResult
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === '@@ ready') {
        onReady()
      } else if (line.startsWith(RESULT)) {
        found = JSON.parse(line.slice(RESULT.length)) as WorkerResult
      }
    })
    child.once('close', (code, signal) =>
      found ? resolve(found) : reject(new Error(`App process ${settings.worker} ended (${signal ?? code}) without a result`)),
    )
  })
  // Awaited later or not at all (when another worker failed first): never an unhandled rejection.
  result.catch(() => undefined)
  // A worker that dies before it is ready must not leave the others waiting.
  return { child, ready: Promise.race([ready, result.then(() => undefined)]), result }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
const weightedMean = (pairs: Array<[value: number, weight: number]>) => {
  const weight = sum(pairs.map(([, w]) => w))
  return weight === 0 ? Number.NaN : sum(pairs.map(([value, w]) => value * w)) / weight
}

const runWith = async (
  database: BenchDatabase,
  postgresName: string,
  cluster: BenchCluster | null,
  base: Omit<WorkerSettings, 'clientIds' | 'database' | 'run' | 'worker'>,
  processes: number,
  run: number,
  seconds: number,
): Promise<ConcurrencyRun> => {
  const perProcess = base.clients / processes
  const workers = Array.from({ length: processes }, (_, worker) =>
    startWorker({
      ...base,
      clientIds: Array.from({ length: perProcess }, (_, k) => worker * perProcess + k),
      database,
      run,
      worker,
    }),
  )
  try {
    const timeout = setTimeout(() => workers.forEach(({ child }) => child.kill('SIGKILL')), READY_TIMEOUT_MS)
    await Promise.all(workers.map(({ ready }) => ready))
    clearTimeout(timeout)
    const warmUntil = Date.now() + 200 + WARM_UP_SECONDS * 1000
    const endAt = warmUntil + seconds * 1000
    const loadBefore = os.loadavg()[0]
    for (const { child } of workers) {
      child.stdin!.write(`go ${JSON.stringify({ endAt, warmUntil })}\n`)
    }
    const at = (epochMs: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, epochMs - Date.now())))
    await at(warmUntil)
    const postgres = followPostgresCpu(postgresName)
    const nats = cluster && followProcessesCpu(cluster.pids())
    const before = await machineCpu()
    await at(endAt)
    const after = await machineCpu()
    const postgresMs = await postgres.stop()
    const natsMs = nats && (await nats.stop())
    const loadAfter = os.loadavg()[0]
    const results = await Promise.all(workers.map(({ result }) => result))
    const busy = busyBetween(before, after)
    const booked = sum(results.map((r) => r.booked))
    const nodeCpuMs = sum(results.map((r) => r.cpu_ms)) / booked
    const postgresCpuMs = postgresMs === null ? null : postgresMs / booked
    const natsCpuMs = natsMs === null ? null : natsMs / booked
    // The stores' CPU per booking, when measured: nats-server's counts only when the ledger is on it.
    const storesCpuMs = postgresCpuMs === null || (cluster && natsCpuMs === null) ? null : postgresCpuMs + (natsCpuMs ?? 0)
    const conflicts = sum(results.map((r) => r.conflict_retries))
    const calls = new Map<string, number>()
    for (const [key, count] of results.flatMap((r) => Object.entries(r.database_calls))) {
      calls.set(key, (calls.get(key) ?? 0) + count)
    }
    return {
      booked,
      clients_per_process: perProcess,
      conflict_retries: conflicts,
      conflict_retries_per_booking: round(conflicts / booked),
      cpu_bound_per_s: storesCpuMs === null ? null : Math.round((os.cpus().length * 1000) / (nodeCpuMs + storesCpuMs)),
      database_calls_per_booking: Object.fromEntries([...calls].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, count]) => [key, round(count / booked)])),
      exhausted: results.some((r) => r.exhausted),
      failure_examples: results.flatMap((r) => r.failure_examples).slice(0, 5),
      failures: sum(results.map((r) => r.failures)),
      load_1m_after: Number(loadAfter.toFixed(2)),
      load_1m_before: Number(loadBefore.toFixed(2)),
      machine_cpu_busy: busy === null ? null : Number(busy.toFixed(2)),
      nats_cpu_ms: natsCpuMs === null ? null : round(natsCpuMs),
      node_cpu_ms: round(nodeCpuMs),
      other_cpu_share:
        busy === null || storesCpuMs === null
          ? null
          : Number(Math.max(0, busy - ((nodeCpuMs + storesCpuMs) * booked) / (os.cpus().length * seconds * 1000)).toFixed(2)),
      p50_ms: round(weightedMean(results.map((r) => [r.p50_ms, r.booked]))),
      p95_ms: round(Math.max(...results.map((r) => r.p95_ms))),
      per_process: results.map((r) => ({
        booked: r.booked,
        boot_ms: r.boot_ms,
        cpu_ms_per_booking: round(r.cpu_ms / r.booked),
        elu: r.elu,
        per_s: round(r.booked / (r.window_ms / 1000)),
      })),
      per_s: round(booked / seconds),
      postgres_cpu_ms: postgresCpuMs === null ? null : round(postgresCpuMs),
      processes,
      window_s: seconds,
    }
  } finally {
    for (const { child } of workers) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL')
      }
    }
  }
}

const percent = (share: null | number) => (share === null ? '?' : `${Math.round(share * 100)} %`)

/** What the figures say limits throughput, in a few sentences; `jetStream`: the ledger is on the cluster. */
const limitsOf = (runs: readonly ConcurrencyRun[], jetStream: boolean): string => {
  const cores = os.cpus().length
  const first = runs[0]
  const last = runs[runs.length - 1]
  if (!first) {
    return 'no runs'
  }
  const ms = (value: null | number) => (value === null ? '?' : String(value))
  const cpuOf = (run: ConcurrencyRun) =>
    jetStream
      ? `${run.node_cpu_ms} ms of app CPU, ${ms(run.postgres_cpu_ms)} ms of PostgreSQL CPU and ${ms(run.nats_cpu_ms)} ms of nats-server CPU`
      : `${run.node_cpu_ms} ms of app CPU and ${ms(run.postgres_cpu_ms)} ms of PostgreSQL CPU`
  const sentences: string[] = []
  const loopBound = first.per_process.every(({ elu }) => elu >= 0.9)
  sentences.push(
    `With P = ${first.processes} the app's event loop is ${loopBound ? 'saturated' : 'not saturated'} (${first.per_process.map(({ elu }) => elu.toFixed(2)).join('/')}) at ${first.per_s}/s, ` +
      `machine CPU ${percent(first.machine_cpu_busy)} busy; a booking costs ${cpuOf(first)}.`,
  )
  const saturated = runs.find((run) => (run.machine_cpu_busy ?? 0) >= 0.9)
  if (saturated) {
    sentences.push(
      `From P = ${saturated.processes} the machine's ${cores} cores are saturated (${percent(saturated.machine_cpu_busy)} busy, ${percent(saturated.other_cpu_share)} of it other work): ` +
        `throughput is bounded by CPU time per booking, ${jetStream ? 'app, PostgreSQL and nats-server' : 'app and PostgreSQL'} on the same cores, about ${ms(saturated.cpu_bound_per_s)}/s at its ` +
        `${cpuOf(saturated)}.`,
    )
  } else {
    sentences.push(`The machine's CPU never saturates (${runs.map((run) => percent(run.machine_cpu_busy)).join(', ')}): round trips and conflicts bound throughput.`)
  }
  if (last !== first) {
    sentences.push(
      `More processes cost ${first.node_cpu_ms} → ${last.node_cpu_ms} ms of app CPU per booking (processes competing for the same cores, and retries); conflict retries go ` +
        `${first.conflict_retries_per_booking} → ${last.conflict_retries_per_booking} per booking: ` +
        (jetStream
          ? `a process learns of the others' claims from its consumer following the claim streams before it decides, and one ` +
            `whose consumer had not delivered them yet fails its optimistic append, reads the stream and decides again.`
          : `a process learns of the others' claims from their append notices (PostgreSQL NOTIFY, which carry the claims) before it decides, and one ` +
            `whose notice had not arrived yet fails its optimistic append, reads the stream and decides again.`),
    )
  }
  return sentences.join(' ')
}

/**
 * The seed's bookings wrote their own documents: catch-up starts after them, so that the
 * measuring processes' passes handle what they book, not the seed's backlog.
 */
const skipCatchUpPast = async (seeding: Payload): Promise<void> => {
  const { catchUp, store } = ledgerServices.of(seeding)
  let last: string | undefined
  for (let page = await store.readAll({ limit: 1_000 }); page.length > 0; page = await store.readAll({ after: last, limit: 1_000 })) {
    last = page[page.length - 1].position
  }
  if (last !== undefined) {
    await catchUp.advanceTo(last)
  }
}

/**
 * The seed leaves PostgreSQL work to do (autovacuum and analyze of the new rows, dirty pages to
 * write): done now, or the first run pays for it (its CPU per booking came out a third higher
 * than the same process count's later in one run).
 */
const settleDatabase = async (seeding: Payload): Promise<void> => {
  const source = sqlEvents(seeding.db, ledgerServices.of(seeding).options.slugs.events)
  if (source?.dialect === 'postgres') {
    await source.db.execute(sql`VACUUM ANALYZE`)
    await source.db.execute(sql`CHECKPOINT`)
  }
}

/**
 * The concurrency mode: on a fresh PostgreSQL database seeded to `n`, for each P in
 * `processes`, P app processes (bench/concurrency-node.ts) boot on it and `clients` guests book
 * through POST /api/reserve/book, clients / P in flight per process, each client sequentially
 * on slots of its own, for `seconds` after a warm-up. The slots come from all BENCH_LANES lanes
 * of the plan, run r taking every (runs)-th slot, so no two bookings of the whole mode share a
 * slot and all fit the capacity the seed leaves. With `store: 'jetstream'` the ledger's events
 * go to a JetStream R3 stream on a three-node cluster of nats-server started for the run (the
 * seed appended through the ledger, every app process connected to the cluster); the
 * collections stay in PostgreSQL.
 */
export const runConcurrency = async (
  testDatabase: TestDatabase,
  options: ConcurrencyOptions,
  { command, log, startedAt }: { command: string; log: (line: string) => void; startedAt: number },
): Promise<ConcurrencyResult> => {
  const database: BenchDatabase = { journal: 'wal', kind: 'postgres', uri: testDatabase.uri }
  const postgresName = new URL(testDatabase.uri).pathname.slice(1)
  const cluster = options.store === 'jetstream' ? await startBenchCluster() : null
  const runs: ConcurrencyRun[] = []
  try {
    const eventStore: EventStoreOption | undefined = cluster?.ledger(JETSTREAM_REPLICAS)
    const seeding = await startBenchPayload(database, true, { eventStore })
    let scenario
    try {
      // Twice the default spread: one process on a fast 2-core machine books over 500 a second, and
      // each of up to three runs needs slots of its own for its warm-up and window.
      scenario = await createScenario(seeding, startedAt, { dates: seededDates(startedAt, 2 * SPREAD_DAYS) })
      const seeder = new Seeder(seeding, scenario, options.n, startedAt)
      await seeder.seedTo(options.n, ({ done, target }) => log(`concurrency: seeded ${done.toLocaleString('en-US')} of ${target.toLocaleString('en-US')}`))
      await skipCatchUpPast(seeding)
      await settleDatabase(seeding)
    } finally {
      await stopPayload(seeding)
    }
    const lanes = Array.from({ length: BENCH_LANES }, (_, lane) => lane)
    for (const [run, processes] of options.processes.entries()) {
      log(`concurrency: ${options.clients} clients on ${processes} app process(es), ${options.seconds} s`)
      const base = {
        catchUpPasses: options.catchUpPasses,
        clients: options.clients,
        eventStore,
        lanes,
        planSeed: PLAN_SEED,
        runs: options.processes.length,
        scenario,
        seeded: options.n,
      }
      runs.push(await runWith(database, postgresName, cluster, base, processes, run, options.seconds))
    }
  } finally {
    await cluster?.stop()
  }
  const first = runs[0]
  return {
    catch_up_passes: options.catchUpPasses,
    clients: options.clients,
    command,
    generated_at: new Date(startedAt).toISOString(),
    limits: limitsOf(runs, cluster !== null),
    n: options.n,
    path: 'guest POST /api/reserve/book',
    runs,
    scaling: Object.fromEntries(runs.slice(1).map((run) => [String(run.processes), Number((run.per_s / first.per_s).toFixed(2))])),
    seconds: options.seconds,
    store: options.store,
    warm_up_seconds: WARM_UP_SECONDS,
  }
}
