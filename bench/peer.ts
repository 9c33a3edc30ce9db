/**
 * `npx tsx bench/peer.ts [bookings]` (default 300 per path and plugin): this plugin side by side
 * with the established one, `payload-reserve` (issue 33: every booking path ≥ 5× it). Two Payload
 * instances in this process, each on a SQLite file of its own (WAL), each seeded with 10,000
 * reservations placed alike (bench/seed-plan.ts): ours through the ledger as `npm run bench`
 * seeds it, the peer's as rows its own create leaves (bench/peer-rows.ts). Both then book the
 * same free slots on days that already hold bookings, on the paths users take: a guest over
 * REST, signed-in staff over REST (JWT) and the Local API, one booking of each plugin and path
 * in turn, each round in another order, so that the machine's load weighs on both alike, and
 * ours' bare `payload.create` of the Local API's document in a collection without the plugin.
 * It prints bookings per second, CPU milliseconds per booking and ours over the peer's per path,
 * each Local API over the bare create and the database calls of one more booking per path and
 * plugin, and writes bench/results/peer.json.
 */
import type { Payload } from 'payload'

import { mkdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'

import type { CallTally } from './database-calls.js'
import type { BookingPath } from './measurement.js'

import { ledgerServices } from '../src/plugin/runtime.js'
import { createTestDatabase } from '../test/helpers/databases.js'
import { login, stopPayload } from '../test/helpers/payload.js'
import { type Booker, bookers } from './bookers.js'
import { databaseCallCounter } from './database-calls.js'
import { machine } from './machine.js'
import { createPeerScenario, dropPeerMissingTranslationLogs, startPeerPayload } from './peer-site.js'
import { seedPeerReservations } from './peer-rows.js'
import { BENCH_STAFF, type BenchScenario } from './scenario.js'
import { measuringOnSeededSqlite } from './seeded-sqlite.js'
import { type BenchSlot, benchSlots } from './slot-plan.js'
import { round } from './stats.js'

const N = 10_000
const WARM_UP = 60
const BOOKINGS = Number(process.argv[2] ?? 300)
const PATHS = ['guest', 'staff', 'local'] as const
const SIDES = ['ours', 'peer'] as const
type Path = (typeof PATHS)[number]
type Side = (typeof SIDES)[number]
const RESULTS = 'bench/results/peer.json'
const EXAMPLES = 5

if (!Number.isSafeInteger(BOOKINGS) || BOOKINGS < 1) {
  throw new Error(`usage: npx tsx bench/peer.ts [bookings per path, default 300], not "${process.argv[2]}"`)
}
const log = (line: string) => process.stderr.write(`${line}\n`)
dropPeerMissingTranslationLogs()
const now = Date.now()
const seedStarted = performance.now()
const ours = await measuringOnSeededSqlite(N, now, log)
log(`ours seeded and booted in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)
const peerStarted = performance.now()
const peerDatabase = await createTestDatabase('sqlite')
const peer = await startPeerPayload(peerDatabase.uri)
const peerScenario = await createPeerScenario(peer, ours.scenario)
await seedPeerReservations(peer, peerScenario, N, now)
log(`peer seeded in ${((performance.now() - peerStarted) / 1000).toFixed(1)} s`)

/** The same slot on the peer: its resource and service of the same index as ours. */
const onPeer = (slot: BenchSlot): BenchSlot => ({
  ...slot,
  resource: peerScenario.resources[ours.scenario.resources.indexOf(slot.resource)],
  service: peerScenario.services[ours.scenario.services.findIndex(({ id }) => id === slot.service)].id,
})
const sites: Record<Side, { payload: Payload; scenario: BenchScenario; slot: (slot: BenchSlot) => BenchSlot }> = {
  ours: { payload: ours.payload, scenario: ours.scenario, slot: (slot) => slot },
  peer: { payload: peer, scenario: peerScenario, slot: onPeer },
}

// Each path its own slots; both plugins book the same ones, each in its own database. The last
// of each path's is booked once more after the timed ones, its database calls counted.
const perPath = WARM_UP + BOOKINGS + 1
const slots = benchSlots(ours.scenario, { lanes: [0, 1], seed: 6_000, seeded: N })
if (slots.length < PATHS.length * perPath) {
  throw new Error(`${slots.length} free slots, ${PATHS.length * perPath} needed: book fewer`)
}
const queues = Object.fromEntries(PATHS.map((path, at) => [path, slots.slice(at * perPath, (at + 1) * perPath)])) as Record<Path, BenchSlot[]>
const runs = {} as Record<Side, Record<BookingPath, Booker>>
for (const side of SIDES) {
  const { payload, scenario } = sites[side]
  runs[side] = bookers(payload, scenario, { label: `peer-bench-${side}-${now}`, staffToken: await login(payload, BENCH_STAFF) })
}

interface Tally {
  booked: number
  cpu: number
  examples: string[]
  failures: number
  wall: number
}
// Besides: ours' bare `payload.create` of the Local API's document in a collection without the
// plugin (bench/bare-collection.ts), what issue 33 bounds the plugin's cost by.
const turns: Array<{ path: BookingPath; side: Side }> = [...SIDES.flatMap((side) => PATHS.map((path) => ({ path, side }))), { path: 'bare', side: 'ours' }]
const tallies = Object.fromEntries(turns.map(({ path, side }) => [`${side} ${path}`, { booked: 0, cpu: 0, examples: [], failures: 0, wall: 0 } as Tally]))
const loadBefore = os.loadavg()[0]
for (let i = 0; i < perPath - 1; i++) {
  // Each round starts one turn later, so that no booking always follows the same one.
  for (let k = 0; k < turns.length; k++) {
    const { path, side } = turns[(i + k) % turns.length]
    const tally = tallies[`${side} ${path}`]
    const cpu = process.cpuUsage()
    const started = performance.now()
    const failure = await runs[side][path](sites[side].slot(queues[path === 'bare' ? 'local' : path][i]), i)
    const wall = performance.now() - started
    const used = process.cpuUsage(cpu)
    if (failure) {
      tally.failures++
      if (tally.examples.length < EXAMPLES) {
        tally.examples.push(failure)
      }
    }
    if (i >= WARM_UP) {
      tally.cpu += (used.user + used.system) / 1000
      tally.wall += wall
      tally.booked += failure ? 0 : 1
    }
  }
}
const loadAfter = os.loadavg()[0]
const queries = {} as Record<Side, Record<Path, CallTally>>
for (const side of SIDES) {
  const { payload } = sites[side]
  const counter = databaseCallCounter(payload, side === 'ours' ? ledgerServices.of(payload).store : {})
  queries[side] = {} as Record<Path, CallTally>
  for (const path of PATHS) {
    const i = perPath - 1
    const { result: failure, tally } = await counter.during(() => runs[side][path](sites[side].slot(queues[path][i]), i))
    if (failure) {
      throw new Error(`${side} ${path}, the counted booking: ${failure}`)
    }
    queries[side][path] = tally
  }
}
await Promise.all([stopPayload(ours.payload), stopPayload(peer)])
await Promise.all([ours.sqlite.drop(), peerDatabase.drop()])

const figures = (tally: Tally) => ({
  booked: tally.booked,
  cpu_ms: round(tally.cpu / BOOKINGS),
  failure_examples: tally.examples,
  failures: tally.failures,
  per_s: round((tally.booked * 1000) / tally.wall),
  wall_ms: round(tally.wall / BOOKINGS),
})
const results = Object.fromEntries(
  PATHS.map((path) => {
    const [mine, theirs] = [tallies[`ours ${path}`], tallies[`peer ${path}`]]
    return [
      path,
      {
        ours: figures(mine),
        // How many times the peer's figure ours is: bookings per second, and CPU per booking inverted.
        ours_over_peer_cpu: round(theirs.cpu / mine.cpu),
        ours_over_peer_per_s: round(((mine.booked / mine.wall) * theirs.wall) / theirs.booked),
        peer: figures(theirs),
      },
    ]
  }),
) as Record<Path, { ours: ReturnType<typeof figures>; ours_over_peer_cpu: number; ours_over_peer_per_s: number; peer: ReturnType<typeof figures> }>

const bare = tallies['ours bare']
const overBare = {
  bare_create: figures(bare),
  ours_local_over_bare_cpu: round(tallies['ours local'].cpu / bare.cpu),
  peer_local_over_bare_cpu: round(tallies['peer local'].cpu / bare.cpu),
}

const peerVersion = (JSON.parse(await readFile(new URL('../node_modules/payload-reserve/package.json', import.meta.url), 'utf8')) as { version: string }).version
const command = ['npx tsx bench/peer.ts', ...process.argv.slice(2)].join(' ')
const labels: Record<Path, string> = { guest: 'guest REST', local: 'Local API', staff: 'staff REST' }
console.log(`ours and payload-reserve ${peerVersion} at n = ${N.toLocaleString('en-US')} each on SQLite (WAL), ${BOOKINGS} bookings per path and plugin, interleaved; load ${round(loadBefore)} → ${round(loadAfter)}`)
console.log('| path | bookings/s ours / peer | ours ÷ peer | CPU ms per booking ours / peer | ours ÷ peer (CPU) | failures ours / peer |')
console.log('|---|---|---|---|---|---|')
for (const path of PATHS) {
  const { ours: mine, ours_over_peer_cpu, ours_over_peer_per_s, peer: theirs } = results[path]
  console.log(
    `| ${labels[path]} | ${mine.per_s} / ${theirs.per_s} | ${ours_over_peer_per_s}× | ${mine.cpu_ms} / ${theirs.cpu_ms} | ${ours_over_peer_cpu}× | ${mine.failures} / ${theirs.failures} |`,
  )
}
console.log(`Database calls of one booking, ours / peer: ${PATHS.map((path) => `${labels[path]} ${queries.ours[path].total} / ${queries.peer[path].total}`).join(', ')}`)
console.log(
  `Bare payload.create of the Local API's document without the plugin: ${overBare.bare_create.cpu_ms} CPU ms; ` +
    `the Local API over it in CPU: ours ${overBare.ours_local_over_bare_cpu}×, the peer's ${overBare.peer_local_over_bare_cpu}×`,
)
for (const { path, side } of turns) {
  for (const example of tallies[`${side} ${path}`].examples) {
    console.log(`${side} ${path} failed: ${example}`)
  }
}
await mkdir('bench/results', { recursive: true })
await writeFile(
  RESULTS,
  `${JSON.stringify(
    {
      bookings_per_path: BOOKINGS,
      command,
      db_settings: 'sqlite (WAL, synchronous=NORMAL); ours with transactions off (the adapter default), the peer with transactionOptions: {} (its README requires them on SQLite)',
      generated_at: new Date(now).toISOString(),
      load_1m_after: round(loadAfter),
      load_1m_before: round(loadBefore),
      machine,
      n: N,
      over_bare: overBare,
      peer: { package: 'payload-reserve', version: peerVersion },
      queries,
      results,
      warm_up_per_path: WARM_UP,
    },
    null,
    2,
  )}\n`,
)
log(`wrote ${RESULTS}`)
process.exit(0)
