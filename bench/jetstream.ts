/**
 * `npx tsx bench/jetstream.ts`: Local API booking throughput with the ledger on JetStream R1
 * and R3 (a three-node nats-server cluster started on loopback ports), next to the ledger on
 * SQLite and on PostgreSQL (the payload adapter). The reservations collection is on SQLite
 * (WAL) for both JetStream runs. Per store: bookings one after another, then CLIENTS at once
 * in one process; every booking takes its own slot (RESOURCES resources, half-hour starts),
 * so concurrent ones meet only on resource streams. Writes bench/results/jetstream.json.
 */
import type { Payload } from 'payload'

import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { EventStoreOption } from '../src/plugin/options.js'

import { createTestDatabase, type TestDatabaseKind } from '../test/helpers/databases.js'
import { stopPayload } from '../test/helpers/payload.js'
import { ALWAYS_OPEN } from '../test/integration/support/plugin-http.js'
import { startReservePayload } from '../test/support/reserve-payload.js'
import { benchAdapter } from './database.js'
import { startBenchCluster } from './jetstream-cluster.js'
import { round } from './stats.js'

const flag = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const BOOKINGS = flag('bookings', 300)
const CLIENTS = flag('clients', 8)
const RESOURCES = 10
const SLOT_MS = 30 * 60_000
const DAY = Date.UTC(2034, 0, 2)

interface StoreRun {
  collection: TestDatabaseKind
  concurrent_per_s: number
  failures: number
  ledger: string
  sequential_per_s: number
}

const seed = async (payload: Payload) => {
  const service = await payload.create({ collection: 'services', data: { duration: 30, name: 'Bench 30' } })
  const resources = []
  for (let i = 0; i < RESOURCES; i++) {
    const resource = await payload.create({ collection: 'resources', data: { name: `Bench ${i}`, quantity: 1, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    resources.push(resource.id)
  }
  const customer = await payload.create({ collection: 'users', data: { email: 'bench@example.test', password: 'bench-password' } })
  return { customer: customer.id, resources, service: service.id }
}

/** Books slots `from`..`from + count - 1` with `clients` at a time; bookings per second and failures. */
const book = async (payload: Payload, model: Awaited<ReturnType<typeof seed>>, from: number, count: number, clients: number) => {
  let next = from
  let failures = 0
  const started = performance.now()
  const client = async () => {
    for (let i = next++; i < from + count; i = next++) {
      const startTime = new Date(DAY + Math.floor(i / RESOURCES) * SLOT_MS).toISOString()
      const data = { customer: model.customer, resource: model.resources[i % RESOURCES], service: model.service, startTime }
      await payload.create({ collection: 'reservations', data }).catch(() => failures++)
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  return { failures, per_s: round((count / (performance.now() - started)) * 1000) }
}

const measure = async (ledger: string, collection: TestDatabaseKind, eventStore?: EventStoreOption): Promise<StoreRun> => {
  const database = await createTestDatabase(collection)
  const payload = await startReservePayload(
    { adapter: () => benchAdapter({ journal: 'wal', kind: collection, uri: database.uri }, true) },
    { catchUp: { graceMs: 300, intervalMs: 3_600_000 }, ...(eventStore && { eventStore }) },
  )
  try {
    const model = await seed(payload)
    // Warm-up: code paths compiled, connections open.
    await book(payload, model, 0, 20, 1)
    const sequential = await book(payload, model, 20, BOOKINGS, 1)
    const concurrent = await book(payload, model, 20 + BOOKINGS, BOOKINGS, CLIENTS)
    const run = { collection, concurrent_per_s: concurrent.per_s, failures: sequential.failures + concurrent.failures, ledger, sequential_per_s: sequential.per_s }
    process.stderr.write(`${JSON.stringify(run)}\n`)
    return run
  } finally {
    await stopPayload(payload)
    await database.drop()
  }
}

const cluster = await startBenchCluster()
const runs: StoreRun[] = []
try {
  runs.push(await measure('payload on sqlite', 'sqlite'))
  runs.push(await measure('payload on postgres', 'postgres'))
  for (const replicas of [1, 3]) {
    runs.push(await measure(`jetstream R${replicas} (3-node cluster)`, 'sqlite', cluster.ledger(replicas)))
  }
} finally {
  await cluster.stop()
}
const machine = { cpu: os.cpus()[0]?.model ?? 'unknown', cpus: os.cpus().length, load_1m: round(os.loadavg()[0]), node: process.version }
const command = ['npx tsx bench/jetstream.ts', ...process.argv.slice(2)].join(' ')
const file = path.join('bench/results', 'jetstream.json')
await mkdir(path.dirname(file), { recursive: true })
await writeFile(file, `${JSON.stringify({ bookings: BOOKINGS, clients: CLIENTS, command, generated_at: new Date().toISOString(), machine, runs }, null, 2)}\n`)
console.log(`${'ledger'.padEnd(32)} ${'sequential/s'.padStart(13)} ${`${CLIENTS} clients/s`.padStart(13)} failures`)
for (const run of runs) {
  console.log(`${run.ledger.padEnd(32)} ${String(run.sequential_per_s).padStart(13)} ${String(run.concurrent_per_s).padStart(13)} ${run.failures}`)
}
console.log(`written to ${file}`)
