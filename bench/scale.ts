/**
 * `npm run bench -- --scale [--n 1000,10000,100000,1000000] [--db sqlite,postgres] [--samples 200]
 * [--out bench/results]`: what a ledger's size costs a server that starts on it. Seeds up to N
 * reservations over five years (four behind, one ahead) on 50 resources through the bulk
 * loader, and at each N measures in fresh OS processes (bench/scale-node.ts): Payload's boot
 * without the plugin on that database, then with it: boot, catch-up's first pass (which boot does
 * not wait for; measured on its own before the rest), resident memory, the first /slots on
 * cold resources, the first booking on cold resources, warm /slots p50 and p95. Prints a table
 * and writes bench/results/scale-<db>.json.
 */
import { spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'

import type { TestDatabaseKind } from '../test/helpers/databases.js'
import type { BenchDatabase } from './database.js'
import type { ScaleMeasurement, ScaleSettings } from './scale-node.js'

import { createTestDatabase } from '../test/helpers/databases.js'
import { stopPayload } from '../test/helpers/payload.js'
import { startBenchPayload } from './boot.js'
import { createScenario, seededDates } from './scenario.js'
import { Seeder } from './seeder.js'
import { round } from './stats.js'

const RESOURCES = 50
const YEAR_DAYS = 365

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--scale'),
  options: {
    db: { default: 'sqlite,postgres', type: 'string' },
    n: { default: '1000,10000,100000,1000000', type: 'string' },
    out: { default: 'bench/results', type: 'string' },
    samples: { default: '200', type: 'string' },
  },
  strict: true,
})
const counts = values.n.split(',').map(Number).sort((a, b) => a - b)
const databases = values.db.split(',') as TestDatabaseKind[]
const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`
const log = (line: string) => process.stderr.write(`${line}\n`)

const measure = <T>(settings: ScaleSettings): Promise<T> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/scale-node.ts'], {
      // The seeding process may run with a larger heap (NODE_OPTIONS); the measured server does not.
      env: { ...process.env, NODE_OPTIONS: '', SCALE_NODE: JSON.stringify(settings) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let result: T | undefined
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('@@ result ')) {
        result = JSON.parse(line.slice('@@ result '.length)) as T
      }
    })
    child.once('close', (code) => (result ? resolve(result) : reject(new Error(`scale-node (${settings.mode}) ended with ${code}, no result`))))
  })

interface ScaleRow extends ScaleMeasurement {
  bare_boot_ms: number
  load_1m: number
  n: number
  seed_s: number
}

const table = (kind: string, rows: ScaleRow[]): string =>
  [
    `${kind}: n | seed s | bare boot ms | boot ms | catch-up start pass ms | first /slots cold p50 ms | warm /slots p50 / p95 ms | first booking cold p50 ms | RSS MB | load`,
    ...rows.map((row) =>
      [row.n, row.seed_s, row.bare_boot_ms, row.boot_ms, row.catch_up_start_ms, row.cold_slots_p50_ms, `${row.warm_slots_p50_ms} / ${row.warm_slots_p95_ms}`, row.cold_book_p50_ms, row.rss_mb, row.load_1m].join(' | '),
    ),
  ].join('\n')

for (const kind of databases) {
  const testDatabase = await createTestDatabase(kind).catch((error: unknown) => {
    log(`${kind}: skipped (${(error as Error).message})`)
    return null
  })
  if (!testDatabase) {
    continue
  }
  const database: BenchDatabase = { journal: 'wal', kind, uri: testDatabase.uri }
  const startedAt = Date.now()
  const rows: ScaleRow[] = []
  // Without the hash chain: its checkpointer's first pass (a timer, every 5 minutes) would read the
  // whole seeded ledger in this process, minutes at 10^6. The measuring processes hash as configured.
  const seeding = await startBenchPayload(database, true, { hashChain: false })
  try {
    const dates = seededDates(startedAt, 5 * YEAR_DAYS, -4 * YEAR_DAYS)
    const scenario = await createScenario(seeding, startedAt, { dates, resourceCount: RESOURCES })
    const seeder = new Seeder(seeding, scenario, counts[counts.length - 1], startedAt)
    for (const [step, n] of counts.entries()) {
      const seedStarted = performance.now()
      await seeder.seedTo(
        n,
        ({ done, target }) => done % 100_000 === 0 && log(`${kind}: seeded ${done} of ${target}, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`),
      )
      const seedSeconds = round((performance.now() - seedStarted) / 1000)
      log(`${kind}: measuring at n = ${n}`)
      const settings = { database, samples: Number(values.samples), scenario, step }
      const bare = await measure<{ boot_ms: number }>({ ...settings, mode: 'bare' })
      const measured = await measure<ScaleMeasurement>({ ...settings, mode: 'plugin' })
      rows.push({ bare_boot_ms: bare.boot_ms, load_1m: round(os.loadavg()[0]), n, seed_s: seedSeconds, ...measured })
      log(table(kind, rows.slice(-1)))
    }
  } finally {
    await stopPayload(seeding)
    await testDatabase.drop()
  }
  const file = path.join(values.out, `scale-${kind}.json`)
  await mkdir(values.out, { recursive: true })
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version }
  await writeFile(file, `${JSON.stringify({ command, db: kind, generated_at: new Date(startedAt).toISOString(), machine, results: rows }, null, 2)}\n`)
  console.log(`\n${table(kind, rows)}\n\nwritten to ${file}`)
}
