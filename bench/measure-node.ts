/**
 * One measurement, in a fresh OS process so that its memory is what a server holds after
 * start and hydration (not the seeder's garbage). It boots Payload with the plugin on the
 * seeded database, hydrates the busy index of every resource, then measures through Payload's
 * REST router (`handleEndpoints`, what the Next.js route mounts): /api/reserve/slots and
 * /api/reserve/availability latency, sequential guest bookings via POST /api/reserve/book,
 * 20 concurrent bookings of one single-unit slot, and the database calls of one request of
 * each kind. Settings come as JSON in BENCH_NODE; the result is one "@@ result {json}" line.
 */
import type { Payload } from 'payload'

import os from 'node:os'

import type { Measurement, MeasureSettings } from './measurement.js'

import { getRuntime } from '../src/plugin/runtime.js'
import { restRequest, stopPayload } from '../test/helpers/payload.js'
import { startReservePayload } from '../test/support/reserve-payload.js'
import { databaseCallCounter } from './database-calls.js'
import { benchAdapter } from './database.js'
import { seededRandom } from './random.js'
import { CLOSES_MINUTE, OPENS_MINUTE, SLOT_INTERVAL_MINUTES } from './scenario.js'
import { quantile, round } from './stats.js'

// V8 needs a few hundred requests before the hot paths are optimised; a server runs warm.
const WARM_UP = 300
const BOOKING_WARM_UP = 60
const CONTENDERS = 20
const MINUTE_MS = 60_000
const MB = 1024 * 1024

const settings = JSON.parse(process.env.BENCH_NODE ?? 'null') as MeasureSettings | null
if (!settings) {
  throw new Error('BENCH_NODE (JSON settings) is required; run the benchmark with npm run bench')
}
const { scenario } = settings

// Per step, so that two runs ask the same questions.
const random = seededRandom(1_000 + settings.step)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]

const slotQuery = (endpoint: 'availability' | 'slots'): string =>
  `/api/reserve/${endpoint}?resource=${pick(scenario.resources)}&service=${pick(scenario.services).id}&date=${pick(scenario.dates)}`

const get = async (payload: Payload, path: string): Promise<{ ms: number; slots: number }> => {
  const started = performance.now()
  const response = await restRequest(payload, path)
  const text = await response.text()
  const ms = performance.now() - started
  if (response.status !== 200) {
    throw new Error(`${path} answered ${response.status}: ${text}`)
  }
  return { ms, slots: (JSON.parse(text) as { slots: unknown[] }).slots.length }
}

const book = async (payload: Payload, body: Record<string, unknown>): Promise<{ status: number; text: string }> => {
  const response = await restRequest(payload, '/api/reserve/book', {
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
    method: 'POST',
  })
  return { status: response.status, text: await response.text() }
}

const guestBooking = (resource: unknown, service: unknown, start: number, who: string) => ({
  guest: { email: `${who}@bench.example`, name: who },
  resource,
  service,
  startTime: new Date(start).toISOString(),
})

/** CPU time of this process (user + system), in milliseconds. */
const cpuMilliseconds = ({ system, user }: NodeJS.CpuUsage): number => (user + system) / 1000

const ENDPOINTS = ['slots', 'availability'] as const

/**
 * Latency and CPU time of both query endpoints, their requests interleaved so that both see
 * the same conditions (JIT state, cache ages, the machine's other load).
 */
const latencies = async (payload: Payload) => {
  for (let i = 0; i < WARM_UP; i++) {
    for (const endpoint of ENDPOINTS) {
      await get(payload, slotQuery(endpoint))
    }
  }
  const samples = { availability: [] as number[], slots: [] as number[] }
  const cpu = { availability: 0, slots: 0 }
  let empty = 0
  for (let i = 0; i < settings.samples; i++) {
    for (const endpoint of ENDPOINTS) {
      const before = process.cpuUsage()
      const { ms, slots } = await get(payload, slotQuery(endpoint))
      cpu[endpoint] += cpuMilliseconds(process.cpuUsage(before))
      samples[endpoint].push(ms)
      empty += slots === 0 ? 1 : 0
    }
  }
  if (empty > 0) {
    // The seed leaves room everywhere: an empty answer means the measurement is not of real work.
    throw new Error(`${empty} of ${settings.samples * ENDPOINTS.length} answers had no slots`)
  }
  const summary = (endpoint: (typeof ENDPOINTS)[number]) => ({
    cpuMs: round(cpu[endpoint] / settings.samples),
    p50: round(quantile(samples[endpoint], 0.5)),
    p95: round(quantile(samples[endpoint], 0.95)),
  })
  return { availability: summary('availability'), slots: summary('slots') }
}

/**
 * Sequential guest bookings after a few unmeasured ones, each on a resource-day no other
 * booking of this N touches (the seed leaves 5 units free at every instant, so each fits
 * whatever it overlaps).
 */
const sequentialBookings = async (payload: Payload) => {
  const days = scenario.resources.flatMap((resource) => scenario.dates.map((date) => ({ date, resource })))
  for (let i = days.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[days[i], days[j]] = [days[j], days[i]]
  }
  const planned = days.slice(0, BOOKING_WARM_UP + settings.bookings).map(({ date, resource }, i) => {
    const service = pick(scenario.services)
    const starts = Math.floor((CLOSES_MINUTE - OPENS_MINUTE - service.durationMinutes) / SLOT_INTERVAL_MINUTES) + 1
    const minute = OPENS_MINUTE + Math.floor(random() * starts) * SLOT_INTERVAL_MINUTES
    return guestBooking(resource, service.id, Date.parse(`${date}T00:00:00.000Z`) + minute * MINUTE_MS, `seq-${settings.step}-${i}`)
  })
  const failures: string[] = []
  for (const body of planned.splice(0, BOOKING_WARM_UP)) {
    const { status, text } = await book(payload, body)
    if (status !== 201) {
      failures.push(`warm-up: ${status} ${text.slice(0, 300)}`)
    }
  }
  const deadline = performance.now() + settings.bookSeconds * 1000
  const started = performance.now()
  const cpu = process.cpuUsage()
  let attempts = 0
  let booked = 0
  for (const body of planned) {
    attempts++
    const { status, text } = await book(payload, body)
    if (status === 201) {
      booked++
    } else {
      failures.push(`${status} ${text.slice(0, 300)}`)
    }
    if (performance.now() > deadline) {
      break
    }
  }
  const seconds = (performance.now() - started) / 1000
  return {
    booked,
    cpuMs: round(cpuMilliseconds(process.cpuUsage(cpu)) / attempts),
    failures: failures.slice(0, 5),
    perSecond: round(booked / seconds),
  }
}

/** CONTENDERS bookings of one slot on the single-unit resource, all sent at once. */
const contention = async (payload: Payload) => {
  const date = scenario.dates[settings.step % scenario.dates.length]
  const start = Date.parse(`${date}T10:00:00.000Z`)
  const service = scenario.services[1].id
  const answers = await Promise.all(
    Array.from({ length: CONTENDERS }, (_, i) =>
      book(payload, guestBooking(scenario.contentionResource, service, start, `race-${settings.step}-${i}`)),
    ),
  )
  return {
    conflicts: answers.filter(({ status }) => status === 409).length,
    other: answers.filter(({ status }) => status !== 201 && status !== 409).length,
    succeeded: answers.filter(({ status }) => status === 201).length,
  }
}

const load = os.loadavg()[0]
const bootStarted = performance.now()
const payload = await startReservePayload({ adapter: () => benchAdapter(settings.database, false) }, {
  allowGuestBooking: true,
  catchUp: { graceMs: 300, intervalMs: 3_600_000 },
})
const bootMs = performance.now() - bootStarted

// Catch-up at start has already hydrated the resources that recent events touched (boot_ms
// includes that); this hydrates the rest, as the first queries of a fresh server would.
const { busy } = getRuntime(payload)
const hydrateStarted = performance.now()
let indexed = 0
for (const resource of [...scenario.resources, scenario.contentionResource]) {
  indexed += (await busy.current(String(resource))).state.index.size
}
const hydrateMs = performance.now() - hydrateStarted
;(globalThis as { gc?: () => void }).gc?.()
const memory = process.memoryUsage()

const counter = databaseCallCounter(payload, getRuntime(payload).store)
const { availability, slots } = await latencies(payload)
const queries = {
  availability: (await counter.during(() => get(payload, slotQuery('availability')))).tally,
  slots: (await counter.during(() => get(payload, slotQuery('slots')))).tally,
}
const sequential = await sequentialBookings(payload)
const race = await contention(payload)
const profiledBooking = guestBooking(
  scenario.resources[0],
  scenario.services[0].id,
  Date.parse(`${scenario.dates[scenario.dates.length - 1]}T16:45:00.000Z`) - settings.step * 15 * MINUTE_MS,
  `profiled-${settings.step}`,
)
const profiled = await counter.during(() => book(payload, profiledBooking))
if (profiled.result.status !== 201) {
  sequential.failures.push(`profiled booking: ${profiled.result.status} ${profiled.result.text.slice(0, 300)}`)
}

const measurement: Measurement = {
  availability_cpu_ms: availability.cpuMs,
  availability_p50_ms: availability.p50,
  availability_p95_ms: availability.p95,
  book_cpu_ms: sequential.cpuMs,
  book_failures: sequential.failures,
  book_per_s: sequential.perSecond,
  booked: sequential.booked,
  boot_ms: Math.round(bootMs),
  contention_conflicts: race.conflicts,
  contention_other: race.other,
  contention_succeeded: race.succeeded,
  heap_mb: Math.round(memory.heapUsed / MB),
  hydrate_ms: Math.round(hydrateMs),
  indexed_intervals: indexed,
  load_1m: Number(load.toFixed(2)),
  queries: { ...queries, book: profiled.tally },
  rss_mb: Math.round(memory.rss / MB),
  slots_cpu_ms: slots.cpuMs,
  slots_p50_ms: slots.p50,
  slots_p95_ms: slots.p95,
}
process.stdout.write(`@@ result ${JSON.stringify(measurement)}\n`)
await stopPayload(payload)
process.exit(0)
