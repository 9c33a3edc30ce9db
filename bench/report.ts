import type { TestDatabaseKind } from '../test/helpers/databases.js'
import type { Measurement } from './measurement.js'

/** One N of one database: the fields the issue asks for first, then what explains them. */
export interface BenchRow extends Measurement {
  n: number
  seed_s: number
}

const columns: Array<[string, (row: BenchRow) => string]> = [
  ['n', (row) => row.n.toLocaleString('en-US')],
  ['slots p50/p95 ms', (row) => `${row.slots_p50_ms} / ${row.slots_p95_ms}`],
  ['availability p50/p95 ms', (row) => `${row.availability_p50_ms} / ${row.availability_p95_ms}`],
  ['book/s', (row) => String(row.book_per_s)],
  ['CPU ms slots/avail/book', (row) => `${row.slots_cpu_ms} / ${row.availability_cpu_ms} / ${row.book_cpu_ms}`],
  ['race 201/409/other', (row) => `${row.contention_succeeded} / ${row.contention_conflicts} / ${row.contention_other}`],
  ['RSS MB', (row) => String(row.rss_mb)],
  ['seed s', (row) => String(row.seed_s)],
  ['boot+hydrate ms', (row) => `${row.boot_ms} + ${row.hydrate_ms}`],
  ['load', (row) => String(row.load_1m)],
  ['db calls slots/book', (row) => `${row.queries.slots.total} / ${row.queries.book.total}`],
]

export const formatTable = (title: string, rows: readonly BenchRow[]): string => {
  const cells = [columns.map(([title]) => title), ...rows.map((row) => columns.map(([, cell]) => cell(row)))]
  const widths = columns.map((_, c) => Math.max(...cells.map((line) => line[c].length)))
  const line = (values: string[]) => `| ${values.map((value, c) => value.padStart(widths[c])).join(' | ')} |`
  return [
    title,
    line(cells[0]),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n')
}

/** The call breakdown of one request of each kind, for the largest N: where the time goes. */
export const formatCalls = (row: BenchRow): string =>
  (['slots', 'availability', 'book'] as const)
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

/** The targets that this run has the figures for. */
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
  if (kind === 'sqlite') {
    const slowest = Math.min(...rows.map((row) => row.book_per_s))
    found.push({ holds: slowest >= 200, text: `sequential booking ≥ 200/s on SQLite: slowest ${slowest}/s` })
  }
  if (hundredK) {
    found.push({ holds: hundredK.rss_mb <= 512, text: `RSS ≤ 512 MB at 100,000: ${hundredK.rss_mb} MB` })
  }
  for (const row of rows) {
    const raceHolds = row.contention_succeeded === 1 && row.contention_other === 0 && row.contention_conflicts === 19
    if (!raceHolds || row.book_failures.length > 0) {
      found.push({
        holds: false,
        text: `n = ${row.n}: race ${row.contention_succeeded}/${row.contention_conflicts}/${row.contention_other}, booking failures: ${row.book_failures.join('; ') || 'none'}`,
      })
    }
  }
  return found
}
