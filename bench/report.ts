import type { TestDatabaseKind } from '../test/helpers/databases.js'
import type { ConcurrencyResult, ConcurrencyRun } from './concurrency.js'
import type { Measurement } from './measurement.js'

import { BOOKING_PATHS } from './measurement.js'

/** One N of one database: the fields the issue asks for first, then what explains them. */
export interface BenchRow extends Measurement {
  n: number
  seed_s: number
}

const columns: Array<[string, (row: BenchRow) => string]> = [
  ['n', (row) => row.n.toLocaleString('en-US')],
  ['slots p50/p95 ms', (row) => `${row.slots_p50_ms} / ${row.slots_p95_ms}`],
  ['availability p50/p95 ms', (row) => `${row.availability_p50_ms} / ${row.availability_p95_ms}`],
  ['book/s guest/staff/local', (row) => `${row.guest_book_per_s} / ${row.staff_book_per_s} / ${row.local_book_per_s}`],
  ['bare create/s', (row) => String(row.bare_create_per_s)],
  ['local/bare wall, CPU', (row) => `${row.local_over_bare.toFixed(2)}, ${row.local_over_bare_cpu.toFixed(2)}`],
  ['CPU ms slots/avail', (row) => `${row.slots_cpu_ms} / ${row.availability_cpu_ms}`],
  [
    'CPU ms/booking guest/staff/local/bare',
    (row) => `${row.guest_book_cpu_ms} / ${row.staff_book_cpu_ms} / ${row.local_book_cpu_ms} / ${row.bare_create_cpu_ms}`,
  ],
  ['race 201/409/other', (row) => `${row.contention_succeeded} / ${row.contention_conflicts} / ${row.contention_other}`],
  ['RSS MB', (row) => String(row.rss_mb)],
  ['seed s', (row) => String(row.seed_s)],
  ['boot+hydrate ms', (row) => `${row.boot_ms} + ${row.hydrate_ms}`],
  ['load', (row) => String(row.load_1m)],
  [
    'db calls slots/guest/staff/local/bare',
    ({ queries: q }) => [q.slots, q.book_guest, q.book_staff, q.book_local, q.bare_create].map(({ total }) => total).join(' / '),
  ],
]

const table = <R>(title: string, spec: Array<[string, (row: R) => string]>, rows: readonly R[]): string => {
  const cells = [spec.map(([title]) => title), ...rows.map((row) => spec.map(([, cell]) => cell(row)))]
  const widths = spec.map((_, c) => Math.max(...cells.map((line) => line[c].length)))
  const line = (values: string[]) => `| ${values.map((value, c) => value.padStart(widths[c])).join(' | ')} |`
  return [
    title,
    line(cells[0]),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n')
}

export const formatTable = (title: string, rows: readonly BenchRow[]): string => table(title, columns, rows)

/** CPU per booking of the app and the stores: PostgreSQL's backends, and nats-server's nodes when the ledger is on JetStream. */
const cpuColumn = (jetStream: boolean): [string, (run: ConcurrencyRun) => string] =>
  jetStream
    ? ['CPU ms/booking app + PostgreSQL + nats-server', (run) => `${run.node_cpu_ms} + ${run.postgres_cpu_ms ?? '?'} + ${run.nats_cpu_ms ?? '?'}`]
    : ['CPU ms/booking app + PostgreSQL', (run) => `${run.node_cpu_ms} + ${run.postgres_cpu_ms ?? '?'}`]

const concurrencyColumns = (jetStream: boolean): Array<[string, (run: ConcurrencyRun) => string]> => [
  ['processes', (run) => String(run.processes)],
  ['clients each', (run) => String(run.clients_per_process)],
  ['bookings/s', (run) => String(run.per_s)],
  ['booked', (run) => String(run.booked)],
  ['failures', (run) => String(run.failures)],
  ['conflict retries (per booking)', (run) => `${run.conflict_retries} (${run.conflict_retries_per_booking})`],
  ['p50/p95 ms', (run) => `${run.p50_ms} / ${run.p95_ms}`],
  cpuColumn(jetStream),
  [
    'machine CPU busy (other work)',
    (run) => (run.machine_cpu_busy === null ? '?' : `${Math.round(run.machine_cpu_busy * 100)} % (${run.other_cpu_share === null ? '?' : Math.round(run.other_cpu_share * 100)} %)`),
  ],
  ['event loop busy', (run) => run.per_process.map(({ elu }) => elu.toFixed(2)).join(' / ')],
  ['load before/after', (run) => `${run.load_1m_before} / ${run.load_1m_after}`],
]

/** Where the concurrency mode's ledger was, in words. */
const ledgerOf = ({ store }: Pick<ConcurrencyResult, 'store'>): string =>
  store === 'jetstream' ? 'JetStream R3 (three-node cluster)' : 'the payload adapter (PostgreSQL)'

/** The concurrency mode's table, its scaling and what limits it. */
export const formatConcurrency = (result: ConcurrencyResult): string =>
  [
    table(
      `postgres, ledger on ${ledgerOf(result)}, concurrency: ${result.clients} clients (${result.path}) at n = ${result.n.toLocaleString('en-US')}, ` +
        `${result.seconds} s each after ${result.warm_up_seconds} s warm-up`,
      concurrencyColumns(result.store === 'jetstream'),
      result.runs,
    ),
    `scaling over ${result.runs[0]?.processes ?? 1} process(es): ${Object.entries(result.scaling).map(([p, x]) => `${p} → ${x} ×`).join(', ') || 'none'}`,
    `limits: ${result.limits}`,
  ].join('\n')

/** The call breakdown of one request of each kind, for the largest N: where the time goes. */
export const formatCalls = (row: BenchRow): string =>
  (['slots', 'availability', 'book_guest', 'book_staff', 'book_local', 'bare_create'] as const)
    .map((kind) => {
      const tally = row.queries[kind]
      const entries = Object.entries(tally.calls)
        .sort(([, a], [, b]) => b.ms - a.ms)
        .map(([call, { count, ms }]) => `    ${String(count).padStart(2)} × ${call.padEnd(48)} ${ms.toFixed(2)} ms`)
      return [`  ${kind} (${tally.total} database calls at n = ${row.n.toLocaleString('en-US')}):`, ...entries].join('\n')
    })
    .join('\n')

interface Target {
  holds: boolean
  text: string
}

/** The issue's targets that this run has the figures for. */
export const targets = (kind: TestDatabaseKind, rows: readonly BenchRow[]): Target[] => {
  const at = (n: number) => rows.find((row) => row.n === n)
  const largest = rows[rows.length - 1]
  const smallest = rows[0]
  const found: Target[] = []
  const hundredK = at(100_000)
  if (kind === 'sqlite' && hundredK) {
    found.push({ holds: hundredK.slots_p50_ms <= 3, text: `/slots p50 ≤ 3 ms at 100,000 on SQLite: ${hundredK.slots_p50_ms} ms` })
  }
  if (largest && smallest && largest !== smallest) {
    const ratio = largest.slots_p50_ms / smallest.slots_p50_ms
    found.push({
      holds: ratio <= 1.5,
      text: `/slots p50 at ${largest.n.toLocaleString('en-US')} ≤ 1.5 × p50 at ${smallest.n.toLocaleString('en-US')}: ${ratio.toFixed(2)} ×`,
    })
  }
  const tenK = at(10_000)
  if (kind === 'sqlite' && tenK) {
    for (const [path, perSecond] of [['guest REST', tenK.guest_book_per_s], ['staff REST', tenK.staff_book_per_s], ['Local API', tenK.local_book_per_s]] as const) {
      found.push({ holds: perSecond >= 250, text: `${path} bookings ≥ 250/s on SQLite at 10,000: ${perSecond}/s` })
    }
  }
  for (const row of rows) {
    found.push({
      holds: row.local_over_bare <= 1.3,
      text: `n = ${row.n.toLocaleString('en-US')}: Local API booking ≤ 1.3 × bare payload.create: ${row.local_over_bare} × wall, ${row.local_over_bare_cpu} × CPU`,
    })
  }
  if (hundredK) {
    found.push({ holds: hundredK.rss_mb <= 512, text: `RSS ≤ 512 MB at 100,000: ${hundredK.rss_mb} MB` })
  }
  for (const row of rows) {
    const raceHolds = row.contention_succeeded === 1 && row.contention_other === 0 && row.contention_conflicts === 19
    const failed = BOOKING_PATHS.filter((path) => row.book_failures[path].length > 0)
    if (!raceHolds || failed.length > 0) {
      found.push({
        holds: false,
        text: `n = ${row.n}: race ${row.contention_succeeded}/${row.contention_conflicts}/${row.contention_other}, booking failures: ${
          failed.map((path) => `${path}: ${row.book_failures[path].join('; ')}`).join(' | ') || 'none'
        }`,
      })
    }
  }
  return found
}

/** The concurrency mode's targets: two processes give at least 1.6 × one; every booking succeeds. */
export const concurrencyTargets = (result: ConcurrencyResult): Target[] => {
  const found: Target[] = []
  const two = result.scaling['2']
  if (two !== undefined && result.runs[0]?.processes === 1) {
    found.push({ holds: two >= 1.6, text: `2 app processes ≥ 1.6 × 1, ledger on ${ledgerOf(result)}: ${two} ×` })
  }
  for (const run of result.runs) {
    if (run.failures > 0 || run.exhausted) {
      found.push({
        holds: false,
        text: `${run.processes} process(es): ${run.failures} failed bookings${run.exhausted ? ', a client ran out of slots' : ''}: ${run.failure_examples.join('; ')}`,
      })
    }
  }
  return found
}
