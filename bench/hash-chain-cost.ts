/**
 * `npx tsx bench/hash-chain-cost.ts [bookings]` (default 300 per path and side): what the hash
 * chain costs per booking, measured so that the machine's other load cannot decide it. It seeds
 * 10,000 reservations on SQLite (WAL) as `npm run bench` does, then boots two Payload instances
 * on that database in this process, the plugin with `hashChain: true` in one and `false` in the
 * other, each booking on resources of its own (so neither's appends invalidate the other's view).
 * They book in alternation, guest REST, staff REST and Local API, one booking each in turn, so a
 * drift in load weighs on both alike, and it prints CPU and wall milliseconds per booking of
 * each side and path and what hashing adds, in %, and the CPU time of the hashing itself.
 */
import type { Payload } from 'payload'

import { sealMetadata } from '../src/events/hash-chain/event-hash.js'
import { ledgerServices } from '../src/plugin/runtime.js'
import { login, stopPayload } from '../test/helpers/payload.js'
import { type Booker, bookers } from './bookers.js'
import { startBenchPayload } from './boot.js'
import { BENCH_STAFF, seededSpan } from './scenario.js'
import { seededSqlite } from './seeded-sqlite.js'
import { type BenchSlot, benchSlots } from './slot-plan.js'

const N = 10_000
const WARM_UP = 60
const BOOKINGS = Number(process.argv[2] ?? 300)
const PATHS = ['guest', 'staff', 'local'] as const
type Side = 'off' | 'on'

const log = (line: string) => process.stderr.write(`${line}\n`)
const now = Date.now()
const { database, scenario, sqlite } = await seededSqlite(N, now, log)

const sides: Record<Side, Payload> = {
  off: await startBenchPayload(database, false, { hashChain: false }),
  on: await startBenchPayload(database, false, { hashChain: true }),
}
const slots = benchSlots(scenario, { lanes: [0, 1, 2], seed: 4_000, seeded: N })
const parity = (slot: BenchSlot) => scenario.resources.indexOf(slot.resource) % 2
const perPath = WARM_UP + BOOKINGS
const queues = {} as Record<Side, Record<(typeof PATHS)[number], BenchSlot[]>>
const runs = {} as Record<Side, Record<(typeof PATHS)[number], Booker>>
for (const [index, side] of (['on', 'off'] as const).entries()) {
  const own = slots.filter((slot) => parity(slot) === index)
  if (own.length < PATHS.length * perPath) {
    throw new Error(`${own.length} free slots for ${side}, ${PATHS.length * perPath} needed: book fewer`)
  }
  queues[side] = Object.fromEntries(PATHS.map((path, at) => [path, own.slice(at * perPath, (at + 1) * perPath)])) as never
  for (const resource of scenario.resources) {
    await ledgerServices.of(sides[side]).busy.window(String(resource), ...seededSpan(Date.now()))
  }
  runs[side] = bookers(sides[side], scenario, { label: `hash-${side}`, staffToken: await login(sides[side], BENCH_STAFF) })
}

const totals = { cpu: {} as Record<string, number>, wall: {} as Record<string, number> }
for (let i = 0; i < perPath; i++) {
  for (const path of PATHS) {
    for (const side of i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const cpu = process.cpuUsage()
      const started = performance.now()
      const failure = await runs[side][path](queues[side][path][i], i)
      if (failure) {
        throw new Error(`${side} ${path}: ${failure}`)
      }
      if (i >= WARM_UP) {
        const used = process.cpuUsage(cpu)
        const key = `${side} ${path}`
        totals.cpu[key] = (totals.cpu[key] ?? 0) + (used.user + used.system) / 1000
        totals.wall[key] = (totals.wall[key] ?? 0) + performance.now() - started
      }
    }
  }
}
/** CPU microseconds to seal a booking's events (its claim and its ReservationBooked), as the hashed side wrote them. */
const sealMicroseconds = async (): Promise<number> => {
  const store = ledgerServices.of(sides.on).store
  const events = (await store.readAll({ limit: 100_000, streamPrefix: 'reserve-' })).filter(({ metadata }) => metadata.hash)
  const booking = [events.findLast(({ type }) => type === 'CapacityClaimed')!, events.findLast(({ type }) => type === 'ReservationBooked')!]
  const rounds = 20_000
  const cpu = process.cpuUsage()
  for (let i = 0; i < rounds; i++) {
    for (const event of booking) {
      sealMetadata(event, event.metadata.previousHash ?? null)
    }
  }
  const used = process.cpuUsage(cpu)
  return (used.user + used.system) / rounds
}
const sealed = await sealMicroseconds()
await Promise.all(Object.values(sides).map((payload) => stopPayload(payload)))
await sqlite.drop()

const per = (value: number) => (value / BOOKINGS).toFixed(2)
const added = (on: number, off: number) => `${(((on - off) / off) * 100).toFixed(1)} %`
console.log(`hash chain cost at n = ${N.toLocaleString('en-US')} on SQLite, ${BOOKINGS} bookings per path and side, alternating`)
console.log('| path | CPU ms on / off | hashing adds (CPU) | wall ms on / off | hashing adds (wall) |')
console.log('|---|---|---|---|---|')
for (const path of PATHS) {
  const [cpuOn, cpuOff, wallOn, wallOff] = [totals.cpu[`on ${path}`], totals.cpu[`off ${path}`], totals.wall[`on ${path}`], totals.wall[`off ${path}`]]
  console.log(`| ${path} | ${per(cpuOn)} / ${per(cpuOff)} | ${added(cpuOn, cpuOff)} | ${per(wallOn)} / ${per(wallOff)} | ${added(wallOn, wallOff)} |`)
}
console.log(`Hashing itself: ${sealed.toFixed(1)} µs CPU per booking (its claim and its ReservationBooked).`)
process.exit(0)
