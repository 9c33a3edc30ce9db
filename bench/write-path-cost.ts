/**
 * `npx tsx bench/write-path-cost.ts [bookings] [--profile DIR]` (default 300 per path): the CPU
 * milliseconds one booking costs on each write path, measured so that the machine's other load
 * weighs on all paths alike. It seeds 10,000 reservations on SQLite (WAL) as `npm run bench`
 * does, boots one Payload instance and books guest REST, staff REST (JWT), Local API and a bare
 * `payload.create` of the same document without the plugin, one booking of each in turn, and
 * prints CPU and wall milliseconds per booking of each path and the Local API's over the bare
 * create. With `--profile DIR` it then books 300 more per path, one path at a time, each under a
 * V8 CPU profile of its own (`DIR/<path>.cpuprofile`).
 */
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'

import { login, stopPayload } from '../test/helpers/payload.js'
import { bookers } from './bookers.js'
import { BENCH_STAFF } from './scenario.js'
import { measuringOnSeededSqlite } from './seeded-sqlite.js'
import { benchSlots } from './slot-plan.js'

const N = 10_000
const WARM_UP = 60
const PROFILED = 300
const PATHS = ['guest', 'staff', 'local', 'bare'] as const
const profileAt = process.argv.indexOf('--profile')
const profileDir = profileAt >= 0 ? process.argv[profileAt + 1] : null
const BOOKINGS = Number(process.argv.slice(2).find((arg, at, all) => /^\d+$/.test(arg) && all[at - 1] !== '--profile') ?? 300)

const log = (line: string) => process.stderr.write(`${line}\n`)
const now = Date.now()
const { payload, scenario, sqlite } = await measuringOnSeededSqlite(N, now, log)
const perPath = WARM_UP + BOOKINGS + (profileDir ? PROFILED : 0)
const slots = benchSlots(scenario, { lanes: [0, 1, 2, 3], seed: 5_000, seeded: N })
if (slots.length < PATHS.length * perPath) {
  throw new Error(`${slots.length} free slots, ${PATHS.length * perPath} needed: book fewer`)
}
const queues = Object.fromEntries(PATHS.map((path, at) => [path, slots.slice(at * perPath, (at + 1) * perPath)]))
const run = bookers(payload, scenario, { label: `write-path-${now}`, staffToken: await login(payload, BENCH_STAFF) })

const book = async (path: (typeof PATHS)[number], i: number) => {
  const failure = await run[path](queues[path][i], i)
  if (failure) {
    throw new Error(`${path}: ${failure}`)
  }
}

const totals = { cpu: {} as Record<string, number>, wall: {} as Record<string, number> }
for (let i = 0; i < WARM_UP + BOOKINGS; i++) {
  // Each round in another order, so that no path always follows the same one.
  const order = PATHS.map((_, at) => PATHS[(at + i) % PATHS.length])
  for (const path of order) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    await book(path, i)
    if (i >= WARM_UP) {
      const used = process.cpuUsage(cpu)
      totals.cpu[path] = (totals.cpu[path] ?? 0) + (used.user + used.system) / 1000
      totals.wall[path] = (totals.wall[path] ?? 0) + performance.now() - started
    }
  }
}

if (profileDir) {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  for (const path of PATHS) {
    await session.post('Profiler.start')
    for (let i = WARM_UP + BOOKINGS; i < perPath; i++) {
      await book(path, i)
    }
    const { profile } = await session.post('Profiler.stop')
    await writeFile(`${profileDir}/${path}.cpuprofile`, JSON.stringify(profile))
  }
  session.disconnect()
}
await stopPayload(payload)
await sqlite.drop()

const per = (value: number) => (value / BOOKINGS).toFixed(2)
console.log(`write paths at n = ${N.toLocaleString('en-US')} on SQLite, ${BOOKINGS} bookings per path, interleaved`)
console.log('| path | CPU ms per booking | wall ms per booking |')
console.log('|---|---|---|')
for (const path of PATHS) {
  console.log(`| ${path} | ${per(totals.cpu[path])} | ${per(totals.wall[path])} |`)
}
console.log(`Local API over bare create: ${(totals.cpu.local / totals.cpu.bare).toFixed(2)}× in CPU, ${(totals.wall.local / totals.wall.bare).toFixed(2)}× in wall time.`)
process.exit(0)
