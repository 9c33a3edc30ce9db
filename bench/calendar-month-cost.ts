/**
 * `npx tsx bench/calendar-month-cost.ts [views]` (default 40): the server's CPU for the admin
 * calendar's month view as signed-in staff open it. It seeds 2,000 reservations on SQLite (WAL),
 * boots one Payload instance and asks `GET /api/reserve/resource-availability` for six weeks of
 * every one of the 20 resources at once, as the month view does, with the staff user's JWT. In
 * turn: the same six weeks again (a refresh after a booking, or paging back), and six weeks
 * starting a week after the previous such view (its last week never asked before, and past
 * the seeded bookings after the first views). Prints CPU and wall milliseconds per month view
 * of each.
 */
import { login, restRequest, stopPayload } from '../test/helpers/payload.js'
import { BENCH_STAFF } from './scenario.js'
import { measuringOnSeededSqlite } from './seeded-sqlite.js'

const N = 2_000
const WARM_UP = 5
const VIEWS = Number(process.argv[2] ?? 40)
const DAY_MS = 86_400_000
const WEEKS = 6

const log = (line: string) => process.stderr.write(`${line}\n`)
const now = Date.now()
const { payload, scenario, sqlite } = await measuringOnSeededSqlite(N, now, log)
const headers = { Authorization: `JWT ${await login(payload, BENCH_STAFF)}` }
const firstMonday = Math.floor(now / DAY_MS) * DAY_MS - ((new Date(now).getUTCDay() + 6) % 7) * DAY_MS

/** Every resource's availability over the six weeks from `start`, asked at once. */
const monthView = async (start: number) => {
  const range = `start=${new Date(start).toISOString()}&end=${new Date(start + WEEKS * 7 * DAY_MS).toISOString()}`
  await Promise.all(
    scenario.resources.map(async (resource) => {
      const response = await restRequest(payload, `/api/reserve/resource-availability?resource=${resource}&${range}`, { headers })
      const body = (await response.json()) as { days?: unknown[] }
      if (response.status !== 200 || body.days?.length !== WEEKS * 7) {
        throw new Error(`resource-availability answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`)
      }
    }),
  )
}

const KINDS = ['again', 'a week on'] as const
const startOf = { again: () => firstMonday, 'a week on': (view: number) => firstMonday + (view + 1) * 7 * DAY_MS }
const totals = { cpu: { again: 0, 'a week on': 0 }, wall: { again: 0, 'a week on': 0 } }
for (let view = 0; view < WARM_UP + VIEWS; view++) {
  for (let at = 0; at < KINDS.length; at++) {
    const kind = KINDS[(at + view) % KINDS.length]
    const cpu = process.cpuUsage()
    const wall = performance.now()
    await monthView(startOf[kind](view))
    if (view >= WARM_UP) {
      const used = process.cpuUsage(cpu)
      totals.cpu[kind] += (used.user + used.system) / 1000
      totals.wall[kind] += performance.now() - wall
    }
  }
}
await stopPayload(payload)
await sqlite.drop()

console.log(`admin month view (${scenario.resources.length} resources × ${WEEKS} weeks, staff JWT) at n = ${N.toLocaleString('en-US')} on SQLite, ${VIEWS} views of each kind, interleaved`)
console.log('| view | CPU ms per view | wall ms per view |')
console.log('|---|---|---|')
for (const kind of KINDS) {
  console.log(`| ${kind} | ${(totals.cpu[kind] / VIEWS).toFixed(2)} | ${(totals.wall[kind] / VIEWS).toFixed(2)} |`)
}
process.exit(0)
