/**
 * `npx tsx bench/staff-path-cost.ts [bookings]` (default 300): what a staff booking pays beyond
 * a guest's, part by part. It seeds 2,000 reservations on SQLite (WAL), boots one Payload
 * instance and, in turn (each round in another order, so that the machine's load weighs on all
 * alike), books as a guest and as staff over REST and runs each part a staff request adds: the
 * session's authentication as Payload's REST handler runs it (JWT check and user read), the JWT
 * check alone, the user read as Payload's JWT strategy makes it, the same read without the
 * `bookings` join the plugin adds to the users collection, the customer check, and a customer's
 * user read (staff book for the customers as the run goes, so the join finds bookings). Prints
 * CPU milliseconds per call of each.
 */
import type { PayloadRequest } from 'payload'

import { jwtVerify } from 'jose'
import { createLocalReq, executeAuthStrategies } from 'payload'

import { ledgerServices } from '../src/plugin/runtime.js'
import { customerExists } from '../src/plugin/features/booking/customer-lookup.js'
import { login, stopPayload } from '../test/helpers/payload.js'
import { bookers } from './bookers.js'
import { BENCH_STAFF } from './scenario.js'
import { measuringOnSeededSqlite } from './seeded-sqlite.js'
import { benchSlots } from './slot-plan.js'

const N = 2_000
const WARM_UP = 60
const RUNS = Number(process.argv[2] ?? 300)

const log = (line: string) => process.stderr.write(`${line}\n`)
const now = Date.now()
const { payload, scenario, sqlite } = await measuringOnSeededSqlite(N, now, log)
const slots = benchSlots(scenario, { lanes: [0, 1, 2, 3], seed: 5_000, seeded: N })
if (slots.length < 2 * (WARM_UP + RUNS)) {
  throw new Error(`${slots.length} free slots, ${2 * (WARM_UP + RUNS)} needed: run fewer`)
}
const token = await login(payload, BENCH_STAFF)
const run = bookers(payload, scenario, { label: `staff-path-${now}`, staffToken: token })
const [staff] = (await payload.find({ collection: 'users', limit: 1, where: { email: { equals: BENCH_STAFF.email } } })).docs
const headers = new Headers({ Authorization: `JWT ${token}` })
const secret = new TextEncoder().encode(payload.secret)
const { options } = ledgerServices.of(payload)
// What Payload's JWT strategy reads the user with (unset here: Payload's default depth).
const authDepth = (payload.collections.users.config.auth as { depth?: number }).depth

/** Each part, given a fresh request made before its timing starts. */
const parts: Record<string, (req: PayloadRequest, i: number) => Promise<unknown>> = {
  guest: async (_, i) => run.guest(slots[2 * i], i),
  staff: async (_, i) => run.staff(slots[2 * i + 1], i),
  authentication: (req) => executeAuthStrategies({ headers, payload, req }),
  'JWT check': () => jwtVerify(token, secret),
  'user read': (req) => payload.findByID({ collection: 'users', depth: authDepth, id: staff.id, overrideAccess: true, req }),
  'user read without bookings join': (req) =>
    payload.findByID({ collection: 'users', depth: authDepth, id: staff.id, joins: { bookings: false }, overrideAccess: true, req }),
  'customer check': (req) => customerExists(req, options, scenario.customers[0]),
  // A customer's session reads their bookings too, populated at the auth collection's depth.
  "customer's user read": (req) => payload.findByID({ collection: 'users', depth: authDepth, id: scenario.customers[0], overrideAccess: true, req }),
}

const names = Object.keys(parts)
const cpu: Record<string, number> = {}
for (let i = 0; i < WARM_UP + RUNS; i++) {
  for (let at = 0; at < names.length; at++) {
    const name = names[(at + i) % names.length]
    const req = await createLocalReq({}, payload)
    const started = process.cpuUsage()
    const failure = await parts[name](req, i)
    const used = process.cpuUsage(started)
    if (typeof failure === 'string') {
      throw new Error(`${name}: ${failure}`)
    }
    if (i >= WARM_UP) {
      cpu[name] = (cpu[name] ?? 0) + (used.user + used.system) / 1000
    }
  }
}
await stopPayload(payload)
await sqlite.drop()

console.log(`staff path at n = ${N.toLocaleString('en-US')} on SQLite, ${RUNS} calls per part, interleaved`)
console.log('| part | CPU ms per call |')
console.log('|---|---|')
for (const name of names) {
  console.log(`| ${name} | ${(cpu[name] / RUNS).toFixed(2)} |`)
}
process.exit(0)
