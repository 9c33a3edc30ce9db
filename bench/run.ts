/**
 * `npm run bench`: seeds N reservations (20 resources, 5 services, Mon–Fri 09:00–17:00, over
 * 60 days) and measures at each N, on SQLite and PostgreSQL: the reserve endpoints through
 * Payload's REST router, bookings on three paths (guest REST, staff REST, Local API) and a bare
 * Payload create of the same document. On PostgreSQL it then runs the concurrency mode
 * (bench/concurrency.ts; `--concurrency` runs only that). Prints tables and writes
 * bench/results/<db>.json. How the seed is made and why: bench/README.md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from '../test/helpers/databases.js'
import { stopPayload } from '../test/helpers/payload.js'
import { parseBenchArgs } from './args.js'
import { startBenchPayload } from './boot.js'
import { type ConcurrencyResult, runConcurrency } from './concurrency.js'
import { type BenchDatabase } from './database.js'
import { machine } from './machine.js'
import { type BenchRow, concurrencyTargets, formatCalls, formatConcurrency, formatTable, targets } from './report.js'
import { createScenario } from './scenario.js'
import { Seeder } from './seeder.js'
import { measureInChild } from './spawn-measure.js'
import { round } from './stats.js'

// The scale series (boot and first answers as the ledger grows to 10^6) is its own run.
if (process.argv.includes('--scale')) {
  await import('./scale.js')
  process.exit(0)
}

const args = parseBenchArgs(process.argv.slice(2))
const RESULTS_DIR = args.resultsDir
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
  const payload = await startBenchPayload(database, true)
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
        hashChain: args.hashChain,
        n,
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

interface ResultsFile {
  command: string
  concurrency?: ConcurrencyResult
  db: TestDatabaseKind
  db_settings: string
  generated_at: string
  machine: typeof machine
  results: BenchRow[]
}

const readResults = async (file: string): Promise<null | ResultsFile> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ResultsFile
  } catch {
    return null
  }
}

const report = (lines: Array<{ holds: boolean; text: string }>) => {
  for (const target of lines) {
    missed += target.holds ? 0 : 1
    console.log(`  ${target.holds ? 'met   ' : 'MISSED'}  ${target.text}`)
  }
}

let missed = 0
for (const kind of args.databases) {
  const concurrencyHere = kind === 'postgres' && args.concurrency !== 'off'
  if (args.concurrency === 'only' && !concurrencyHere) {
    log(`${kind}: skipped, the concurrency mode runs on PostgreSQL only`)
    continue
  }
  // A run on SQLite's rollback journal must not overwrite the figures of the production setting,
  // nor one with the ledger on JetStream the concurrency figures of the payload adapter.
  const file =
    args.store === 'jetstream'
      ? path.join(RESULTS_DIR, 'jetstream-concurrency.json')
      : path.join(RESULTS_DIR, `${kind}${kind === 'sqlite' && args.sqliteJournal === 'rollback' ? '-rollback' : ''}.json`)
  const label = kind === 'sqlite' ? `sqlite (${args.sqliteJournal === 'wal' ? 'WAL, synchronous=NORMAL' : 'rollback journal, synchronous=FULL'})` : kind
  let rows: BenchRow[] | undefined
  if (args.concurrency !== 'only') {
    const database = await openDatabase(kind)
    if (!database) {
      continue
    }
    try {
      rows = await benchmark(kind, database)
    } finally {
      await database.drop()
    }
  }
  const save = async (concurrency?: ConcurrencyResult) => {
    await mkdir(RESULTS_DIR, { recursive: true })
    if (concurrency?.store === 'jetstream') {
      // The JetStream run's file holds only the concurrency mode, which carries its own command, date and machine.
      await writeFile(file, `${JSON.stringify(concurrency, null, 2)}\n`)
      return
    }
    // What this run did not measure is kept from the file's last run (the concurrency part carries its own date and command).
    const previous = await readResults(file)
    const header = { command, db: kind, db_settings: label, generated_at: new Date(runStartedAt).toISOString(), machine }
    const written: ResultsFile = rows ? { ...header, results: rows } : { ...header, results: [], ...previous }
    const kept = concurrency ?? previous?.concurrency
    await writeFile(file, `${JSON.stringify({ ...written, ...(kept && { concurrency: kept }) }, null, 2)}\n`)
  }
  if (rows) {
    await save()
    console.log(`\n${formatTable(label, rows)}\n`)
    console.log(`Database calls of one request (largest n), slowest first:\n${formatCalls(rows[rows.length - 1])}\n`)
    report(targets(kind, rows))
  }
  if (concurrencyHere) {
    const database = await openDatabase(kind)
    if (!database) {
      continue
    }
    let concurrency: ConcurrencyResult
    try {
      concurrency = {
        ...(await runConcurrency(
          database,
          {
            catchUpPasses: args.catchUpPasses,
            clients: args.clients,
            n: args.concurrencyN,
            processes: args.processes,
            seconds: args.concurrencySeconds,
            store: args.store,
          },
          { command, log, startedAt: runStartedAt },
        )),
        machine,
      }
    } finally {
      await database.drop()
    }
    await save(concurrency)
    console.log(`\n${formatConcurrency(concurrency)}\n`)
    report(concurrencyTargets(concurrency))
  }
  console.log(`\nwritten to ${file}`)
}
console.log(`\n${command} on ${machine.cpus} × ${machine.cpu}, node ${machine.node}: ${missed === 0 ? 'all targets met' : `${missed} target(s) missed`}`)
