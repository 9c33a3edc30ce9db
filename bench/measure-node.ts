/**
 * One measurement, in a fresh OS process so that its memory is what a server holds after
 * start and hydration (not the seeder's garbage). It boots Payload with the plugin on the
 * seeded database, hydrates the busy index of every resource, then measures through Payload's
 * REST router (`handleEndpoints`, what the Next.js route mounts) and the Local API:
 * /api/reserve/slots and /api/reserve/availability latency; sequential bookings on three paths
 * (guest and staff POST /api/reserve/book, Local API `payload.create`) and a bare
 * `payload.create` of the same document without the plugin; 20 concurrent bookings of one
 * single-unit slot; and the database calls of one request of each kind. Settings come as JSON
 * in BENCH_NODE; the result is one "@@ result {json}" line.
 */
import type { Payload } from 'payload'

import os from 'node:os'

import type { Booker } from './bookers.js'
import type { CallTally } from './database-calls.js'
import type { BookingPath, Measurement, MeasureSettings } from './measurement.js'
import type { BenchSlot } from './slot-plan.js'

import { ledgerServices } from '../src/plugin/runtime.js'
import { login, restRequest, stopPayload } from '../test/helpers/payload.js'
import { bookers, guestBody, postBook } from './bookers.js'
import { startBenchPayload } from './boot.js'
import { databaseCallCounter } from './database-calls.js'
import { BOOKING_PATHS } from './measurement.js'
import { seededRandom } from './random.js'
import { BENCH_STAFF, seededSpan } from './scenario.js'
import { benchSlots } from './slot-plan.js'
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

/** Wall and CPU time spent on one path's timed bookings, and what came of them. */
interface PathRun {
  attempts: number
  booked: number
  cpuMs: number
  failures: string[]
  wallMs: number
}

/**
 * Sequential bookings on each path (BOOKING_PATHS), each on a slot of this step's lane of
 * `benchSlots`: resource-days that hold seeded bookings at this N, no two slots of the lane
 * overlapping, so every booking fits whatever else this run books (bench/slot-plan.ts). Each
 * path gets BOOKING_WARM_UP unmeasured bookings, then its timed ones in two halves in the order
 * A B C D D C B A, so that a drift in the machine's load weighs on every path alike. The bare
 * baseline creates the Local API path's documents again in its own collection. A half stops at
 * half of `bookings` or of `bookSeconds`, whichever comes first; CPU time is this process's
 * over the whole half (background work a booking leaves, such as hook delivery, included).
 */
const sequentialBookings = async (payload: Payload, run: Record<BookingPath, Booker>) => {
  const perPath = BOOKING_WARM_UP + settings.bookings
  const slots = benchSlots(scenario, { lanes: [settings.step], seed: 2_000 + settings.step, seeded: settings.n })
  if (slots.length < 3 * perPath) {
    throw new Error(
      `${slots.length} free slots in lane ${settings.step} at n = ${settings.n}, ${3 * perPath} needed: seed more or book fewer (--bookings)`,
    )
  }
  const own: Record<BookingPath, BenchSlot[]> = {
    bare: slots.slice(2 * perPath, 3 * perPath),
    guest: slots.slice(0, perPath),
    local: slots.slice(2 * perPath, 3 * perPath),
    staff: slots.slice(perPath, 2 * perPath),
  }
  const runs = Object.fromEntries(
    BOOKING_PATHS.map((path): [BookingPath, PathRun] => [path, { attempts: 0, booked: 0, cpuMs: 0, failures: [], wallMs: 0 }]),
  ) as Record<BookingPath, PathRun>
  const next = Object.fromEntries(BOOKING_PATHS.map((path) => [path, 0])) as Record<BookingPath, number>
  for (const path of BOOKING_PATHS) {
    for (let i = 0; i < BOOKING_WARM_UP; i++) {
      const failure = await run[path](own[path][next[path]], next[path]++)
      if (failure) {
        runs[path].failures.push(`warm-up: ${failure}`)
      }
    }
  }
  const half = async (path: BookingPath, count: number) => {
    const into = runs[path]
    const deadline = performance.now() + (settings.bookSeconds * 1000) / 2
    const started = performance.now()
    const cpu = process.cpuUsage()
    for (let k = 0; k < count && next[path] < perPath; k++) {
      into.attempts++
      const failure = await run[path](own[path][next[path]], next[path]++)
      if (failure) {
        into.failures.push(failure)
      } else {
        into.booked++
      }
      if (performance.now() > deadline) {
        break
      }
    }
    into.wallMs += performance.now() - started
    into.cpuMs += cpuMilliseconds(process.cpuUsage(cpu))
  }
  const first = Math.ceil(settings.bookings / 2)
  for (const path of BOOKING_PATHS) {
    await half(path, first)
  }
  for (const path of [...BOOKING_PATHS].reverse()) {
    await half(path, settings.bookings - first)
  }
  return runs
}

/** CONTENDERS bookings of one slot on the single-unit resource, all sent at once. */
const contention = async (payload: Payload) => {
  const date = scenario.dates[settings.step % scenario.dates.length]
  const start = Date.parse(`${date}T10:00:00.000Z`)
  const service = scenario.services[1].id
  const answers = await Promise.all(
    Array.from({ length: CONTENDERS }, (_, i) =>
      postBook(payload, guestBody(scenario.contentionResource, service, start, `race-${settings.step}-${i}`)),
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
const payload = await startBenchPayload(settings.database, false, { hashChain: settings.hashChain })
const bootMs = performance.now() - bootStarted

// Catch-up at start has already hydrated the resources that recent events touched (boot_ms
// includes that); this hydrates the rest, as the first queries of a fresh server would.
const { busy } = ledgerServices.of(payload)
const hydrateStarted = performance.now()
let indexed = 0
for (const resource of [...scenario.resources, scenario.contentionResource]) {
  indexed += (await busy.window(String(resource), ...seededSpan(Date.now()))).size
}
const hydrateMs = performance.now() - hydrateStarted
;(globalThis as { gc?: () => void }).gc?.()
const memory = process.memoryUsage()

const staffToken = await login(payload, BENCH_STAFF)
const run = bookers(payload, scenario, { label: `seq-${settings.step}`, staffToken })
const counter = databaseCallCounter(payload, ledgerServices.of(payload).store)
const { availability, slots } = await latencies(payload)
const queries = {
  availability: (await counter.during(() => get(payload, slotQuery('availability')))).tally,
  slots: (await counter.during(() => get(payload, slotQuery('slots')))).tally,
}
const sequential = await sequentialBookings(payload, run)
const race = await contention(payload)

/**
 * One booking of each path with its database calls counted, on the first resource's last day
 * (which no other booking of the benchmark uses): 15 minutes each, three per step from 09:00.
 */
const profiledSlot = (k: number): BenchSlot => {
  const service = scenario.services[0]
  const start = Date.parse(`${scenario.dates[scenario.dates.length - 1]}T09:00:00.000Z`) + (settings.step * 3 + k) * 15 * MINUTE_MS
  return { date: scenario.dates[scenario.dates.length - 1], end: start + service.durationMinutes * MINUTE_MS, resource: scenario.resources[0], service: service.id, start }
}
const profiled = {} as Record<BookingPath, CallTally>
for (const [k, path] of BOOKING_PATHS.entries()) {
  // The bare create needs no capacity: it takes the Local API booking's slot again.
  const { result, tally } = await counter.during(() => run[path](profiledSlot(Math.min(k, 2)), 1_000_000 + k))
  if (result) {
    sequential[path].failures.push(`profiled booking: ${result}`)
  }
  profiled[path] = tally
}

const perSecond = ({ booked, wallMs }: PathRun) => round(booked / (wallMs / 1000))
const cpuPerBooking = ({ attempts, cpuMs }: PathRun) => round(cpuMs / attempts)
const { bare, guest, local, staff } = sequential
const measurement: Measurement = {
  availability_cpu_ms: availability.cpuMs,
  availability_p50_ms: availability.p50,
  availability_p95_ms: availability.p95,
  bare_create_cpu_ms: cpuPerBooking(bare),
  bare_create_per_s: perSecond(bare),
  book_failures: Object.fromEntries(BOOKING_PATHS.map((path) => [path, sequential[path].failures.slice(0, 5)])) as Record<BookingPath, string[]>,
  booked: Object.fromEntries(BOOKING_PATHS.map((path) => [path, sequential[path].booked])) as Record<BookingPath, number>,
  boot_ms: Math.round(bootMs),
  contention_conflicts: race.conflicts,
  contention_other: race.other,
  contention_succeeded: race.succeeded,
  guest_book_cpu_ms: cpuPerBooking(guest),
  guest_book_per_s: perSecond(guest),
  heap_mb: Math.round(memory.heapUsed / MB),
  hydrate_ms: Math.round(hydrateMs),
  indexed_intervals: indexed,
  load_1m: Number(load.toFixed(2)),
  local_book_cpu_ms: cpuPerBooking(local),
  local_book_per_s: perSecond(local),
  local_over_bare: Number((local.wallMs / local.attempts / (bare.wallMs / bare.attempts)).toFixed(2)),
  local_over_bare_cpu: Number((local.cpuMs / local.attempts / (bare.cpuMs / bare.attempts)).toFixed(2)),
  queries: {
    ...queries,
    bare_create: profiled.bare,
    book_guest: profiled.guest,
    book_local: profiled.local,
    book_staff: profiled.staff,
  },
  rss_mb: Math.round(memory.rss / MB),
  slots_cpu_ms: slots.cpuMs,
  slots_p50_ms: slots.p50,
  slots_p95_ms: slots.p95,
  staff_book_cpu_ms: cpuPerBooking(staff),
  staff_book_per_s: perSecond(staff),
}
process.stdout.write(`@@ result ${JSON.stringify(measurement)}\n`)
await stopPayload(payload)
process.exit(0)
