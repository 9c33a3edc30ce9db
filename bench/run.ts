/**
 * `npm run bench`: seeds N reservations (20 resources, 5 services, Mon–Fri 09:00–17:00, over
 * 60 days) and measures the reserve endpoints through Payload's REST router at each N, on
 * SQLite and PostgreSQL. Prints a table per database and writes bench/results/<db>.json.
 * How the seed is made and why: bench/README.md.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from '../test/helpers/databases.js'
import { stopPayload } from '../test/helpers/payload.js'
import { startReservePayload } from '../test/support/reserve-payload.js'
import { parseBenchArgs } from './args.js'
import { benchAdapter, type BenchDatabase } from './database.js'
import { type BenchRow, formatCalls, formatTable, targets } from './report.js'
import { createScenario } from './scenario.js'
import { Seeder } from './seeder.js'
import { measureInChild } from './spawn-measure.js'
import { round } from './stats.js'

const RESULTS_DIR = path.join('bench', 'results')

const args = parseBenchArgs(process.argv.slice(2))
const command = ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ')
const runStartedAt = Date.now()

const log = (line: string) => process.stderr.write(`${line}\n`)

const openDatabase = async (kind: TestDatabaseKind): Promise<TestDatabase | null> => {
  try {
    return await createTestDatabase(kind)
  } catch (error) {
    log(`${kind}: skipped, the database server is unreachable (${(error as Error).message})`)
    return null
  }
}

const benchmark = async (kind: TestDatabaseKind, { uri }: TestDatabase): Promise<BenchRow[]> => {
  const database: BenchDatabase = { journal: args.sqliteJournal, kind, uri }
  // This process only seeds: catch-up has nothing to do here, and the measuring process runs its own.
  const payload = await startReservePayload(
    { adapter: () => benchAdapter(database, true) },
    { allowGuestBooking: true, catchUp: { graceMs: 300, intervalMs: 3_600_000 } },
  )
  const rows: BenchRow[] = []
  try {
    const scenario = await createScenario(payload, runStartedAt)
    const seeder = new Seeder(payload, scenario, args.counts[args.counts.length - 1], runStartedAt)
    for (const [step, n] of args.counts.entries()) {
      const seedStarted = performance.now()
      await seeder.seedTo(n, ({ done, target }) => log(`${kind}: seeded ${done.toLocaleString('en-US')} of ${target.toLocaleString('en-US')}`))
      const seedSeconds = round((performance.now() - seedStarted) / 1000)
      log(`${kind}: measuring at n = ${n.toLocaleString('en-US')}`)
      const measurement = await measureInChild({
        bookings: args.bookings,
        bookSeconds: args.bookSeconds,
        database,
        samples: args.samples,
        scenario,
        step,
      })
      rows.push({ n, seed_s: seedSeconds, ...measurement })
    }
  } finally {
    await stopPayload(payload)
  }
  return rows
}

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cpus: os.cpus().length,
  memory_gb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
}

let missed = 0
for (const kind of args.databases) {
  const database = await openDatabase(kind)
  if (!database) {
    continue
  }
  let rows: BenchRow[]
  try {
    rows = await benchmark(kind, database)
  } finally {
    await database.drop()
  }
  await mkdir(RESULTS_DIR, { recursive: true })
  // A run on SQLite's rollback journal must not overwrite the figures of the production setting.
  const file = path.join(RESULTS_DIR, `${kind}${kind === 'sqlite' && args.sqliteJournal === 'rollback' ? '-rollback' : ''}.json`)
  const label = kind === 'sqlite' ? `sqlite (${args.sqliteJournal === 'wal' ? 'WAL, synchronous=NORMAL' : 'rollback journal, synchronous=FULL'})` : kind
  await writeFile(
    file,
    `${JSON.stringify({ command, db: kind, db_settings: label, generated_at: new Date(runStartedAt).toISOString(), machine, results: rows }, null, 2)}\n`,
  )
  console.log(`\n${formatTable(label, rows)}\n`)
  console.log(`Database calls of one request (largest n), slowest first:\n${formatCalls(rows[rows.length - 1])}\n`)
  for (const target of targets(kind, rows)) {
    missed += target.holds ? 0 : 1
    console.log(`  ${target.holds ? 'met   ' : 'MISSED'}  ${target.text}`)
  }
  console.log(`\nwritten to ${file}`)
}
console.log(`\n${command} on ${machine.cpus} × ${machine.cpu}, node ${machine.node}: ${missed === 0 ? 'all targets met' : `${missed} target(s) missed`}`)
