/**
 * One measurement of the scale series (bench/scale.ts), in a fresh OS process so that boot and
 * memory are what a server starting on the seeded database sees. `bare`: boots Payload without
 * the plugin on that database and reports its boot time. `plugin`: boots Payload with the
 * plugin, then reports boot time, resident memory, the first /slots on each of a few cold
 * resources (nothing of theirs read since boot; the endpoint itself has run once), the first
 * booking on other cold resources, and warm /slots latency. Settings come as JSON in SCALE_NODE; the result is one
 * "@@ result {json}" line.
 */
import type { Payload } from 'payload'

import type { BenchDatabase } from './database.js'
import type { BenchScenario } from './scenario.js'

import { restRequest, startPayload, stopPayload } from '../test/helpers/payload.js'
import { ledgerServices } from '../src/plugin/runtime.js'
import { bootBenchPayload } from './boot.js'
import { benchAdapter } from './database.js'
import { seededRandom } from './random.js'
import { OPENS_MINUTE } from './scenario.js'
import { quantile, round } from './stats.js'

export interface ScaleSettings {
  database: BenchDatabase
  mode: 'bare' | 'plugin'
  /** Timed warm /slots requests, after as many to warm up. */
  samples: number
  scenario: BenchScenario
  /** Index of this N in the run: the warm-up booking's slot on the single-unit resource. */
  step: number
}

export interface ScaleMeasurement {
  boot_ms: number
  /** Catch-up's first pass, which runs after boot in the background (measured until it ends, before anything else). */
  catch_up_start_ms: number
  cold_book_ms: number[]
  cold_book_p50_ms: number
  cold_slots_ms: number[]
  cold_slots_p50_ms: number
  rss_mb: number
  warm_slots_p50_ms: number
  warm_slots_p95_ms: number
}

/** Cold resources per first-query and first-booking measurement; the others answer the warm queries. */
export const COLD_SLOTS = 8
export const COLD_BOOKINGS = 8
const MB = 1024 * 1024
const DAY_MS = 86_400_000

const settings = JSON.parse(process.env.SCALE_NODE ?? 'null') as null | ScaleSettings
if (!settings) {
  throw new Error('SCALE_NODE (JSON settings) is required; run npm run bench -- --scale')
}
const { database, scenario } = settings
const gc = () => (globalThis as { gc?: () => void }).gc?.()
const result = (measured: object) => console.log(`@@ result ${JSON.stringify(measured)}`)

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now()
  const value = await work()
  return { ms: performance.now() - started, value }
}

const slots = async (payload: Payload, resource: unknown, date: string): Promise<number> => {
  const response = await restRequest(payload, `/api/reserve/slots?resource=${resource}&service=${scenario.services[0].id}&date=${date}`)
  const text = await response.text()
  if (response.status !== 200) {
    throw new Error(`/slots answered ${response.status}: ${text}`)
  }
  return (JSON.parse(text) as { slots: unknown[] }).slots.length
}

const measurePlugin = async (): Promise<ScaleMeasurement> => {
  const boot = await timed(() => bootBenchPayload(database, false))
  const payload = boot.value
  try {
    const catchUpStart = await timed(() => ledgerServices.of(payload).catchUp.settle())
    gc()
    // Upcoming weekdays, where the seed is as dense as anywhere: what a site is asked about.
    const upcoming = scenario.dates.filter((date) => Date.parse(date) > Date.now() + DAY_MS)
    const random = seededRandom(7)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
    // The endpoints' code paths run once first, on the contention resource: what is measured is
    // a cold resource on a running server, not a process's first request.
    await slots(payload, scenario.contentionResource, upcoming[0])
    const book = (resource: unknown, startTime: string, i: number) =>
      payload.create({
        collection: 'reservations',
        data: { customer: scenario.customers[i % scenario.customers.length], resource, service: scenario.services[0].id, startTime },
      })
    await book(scenario.contentionResource, new Date(Date.parse(upcoming[0]) + (OPENS_MINUTE + 60 * settings!.step) * 60_000).toISOString(), 0)
    const coldSlots: number[] = []
    for (const resource of scenario.resources.slice(0, COLD_SLOTS)) {
      coldSlots.push((await timed(() => slots(payload, resource, pick(upcoming)))).ms)
    }
    const coldBookings: number[] = []
    for (const [i, resource] of scenario.resources.slice(COLD_SLOTS, COLD_SLOTS + COLD_BOOKINGS).entries()) {
      // The seed leaves units free at every instant: any start in opening hours fits.
      const startTime = new Date(Date.parse(pick(upcoming)) + (OPENS_MINUTE + 15 * i) * 60_000).toISOString()
      coldBookings.push((await timed(() => book(resource, startTime, i))).ms)
    }
    const warm = scenario.resources.slice(COLD_SLOTS + COLD_BOOKINGS)
    const dates = upcoming.slice(0, 10)
    const samples: number[] = []
    for (let i = 0; i < 2 * settings!.samples; i++) {
      const { ms } = await timed(() => slots(payload, pick(warm), pick(dates)))
      if (i >= settings!.samples) {
        samples.push(ms)
      }
    }
    gc()
    return {
      boot_ms: round(boot.ms),
      catch_up_start_ms: round(catchUpStart.ms),
      cold_book_ms: coldBookings.map(round),
      cold_book_p50_ms: round(quantile(coldBookings, 0.5)),
      cold_slots_ms: coldSlots.map(round),
      cold_slots_p50_ms: round(quantile(coldSlots, 0.5)),
      rss_mb: round(process.memoryUsage().rss / MB),
      warm_slots_p50_ms: round(quantile(samples, 0.5)),
      warm_slots_p95_ms: round(quantile(samples, 0.95)),
    }
  } finally {
    await stopPayload(payload)
  }
}

/** Payload on the same database, without the plugin: the host's own boot. */
const measureBare = async (): Promise<{ boot_ms: number }> => {
  const boot = await timed(() => startPayload({ database: { adapter: () => benchAdapter(database, false) } }))
  await stopPayload(boot.value)
  return { boot_ms: round(boot.ms) }
}

result(settings.mode === 'bare' ? await measureBare() : await measurePlugin())
process.exit(0)
