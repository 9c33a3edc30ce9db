import { Session } from 'node:inspector/promises'
import { writeFileSync } from 'node:fs'
import { login, stopPayload } from '../test/helpers/payload.js'
import { bookers } from './bookers.js'
import { BENCH_STAFF } from './scenario.js'
import { measuringOnSeededSqlite } from './seeded-sqlite.js'
import { benchSlots } from './slot-plan.js'

const which = (process.argv[2] ?? 'staff') as 'staff' | 'guest'
const now = Date.now()
const { payload, scenario, sqlite } = await measuringOnSeededSqlite(2000, now, () => undefined)
const slots = benchSlots(scenario, { lanes: [0, 1, 2, 3], seed: 5_000, seeded: 2000 })
const token = await login(payload, BENCH_STAFF)
const run = bookers(payload, scenario, { label: `prof-${now}`, staffToken: token })
for (let i = 0; i < 100; i++) await run[which](slots[i], i)
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.setSamplingInterval', { interval: 100 })
await session.post('Profiler.start')
const t = process.cpuUsage()
for (let i = 100; i < 700; i++) { const f = await run[which](slots[i], i); if (f) throw new Error(f) }
const u = process.cpuUsage(t)
const { profile } = await session.post('Profiler.stop')
writeFileSync(`/tmp/prof/${which}.cpuprofile`, JSON.stringify(profile))
console.log(which, ((u.user + u.system) / 1000 / 600).toFixed(2), 'ms/booking')
await stopPayload(payload)
await sqlite.drop()
process.exit(0)
