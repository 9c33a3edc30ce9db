/**
 * `npx tsx bench/append-statement-cost.ts [appends]` (default 20,000): what building and
 * compiling a booking's append statement costs on SQLite and PostgreSQL, the whole statement
 * (`insertAtHeads`, as every append did before) against the kept text (`insertStatement`, as
 * appends do now). On each database it books one guest reservation through the plugin, reads
 * back the events that booking appended (its claim and its reservation event), and then builds
 * and compiles the statement that writes them, on the events table Payload built, `appends`
 * times each way in alternating rounds. It prints microseconds per statement. Nothing is
 * written: only the CPU work an append does before its round trip is measured.
 */
import { PgDialect } from 'drizzle-orm/pg-core'
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'

import type { EventRow } from '../src/events/adapters/payload-rows.js'

import { sqlEvents } from '../src/events/adapters/payload-sql.js'
import { insertAtHeads, insertStatement } from '../src/events/adapters/payload-sql/insert.js'
import { ledgerServices } from '../src/plugin/runtime.js'
import { createTestDatabase, type TestDatabaseKind } from '../test/helpers/databases.js'
import { stopPayload } from '../test/helpers/payload.js'
import { ALWAYS_OPEN } from '../test/integration/support/plugin-http.js'
import { postJson } from '../test/support/http.js'
import { startReservePayload } from '../test/support/reserve-payload.js'

const APPENDS = Number(process.argv[2] ?? 20_000)
const ROUNDS = 5
const dialects = { postgres: new PgDialect(), sqlite: new SQLiteSyncDialect() }

const measure = async (kind: TestDatabaseKind) => {
  const database = await createTestDatabase(kind)
  const payload = await startReservePayload(database, { allowGuestBooking: true })
  try {
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Bench' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Bench', quantity: 1, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const booked = await postJson(payload, '/api/reserve/book', {
      guest: { email: 'bench@example.test', name: 'Bench' },
      resource: resource.id,
      service: service.id,
      startTime: '2031-06-02T10:00:00.000Z',
    })
    if (booked.status !== 201) {
      throw new Error(`the booking was answered ${booked.status}`)
    }
    const { options, store } = ledgerServices.of(payload)
    // The booking's append: the events of the streams it wrote (its resource's month, its reservation), each at the head before it.
    const events = (await store.readAll({ limit: 1_000 })).filter(
      ({ stream }) => stream.includes(`-${String(resource.id)}-`) || stream.endsWith(String(booked.body.id)),
    )
    const rows: EventRow[] = events.map(({ data, eventId, metadata, recordedAt, revision, stream, type }) => ({ data, eventId, metadata, recordedAt, revision, stream, type }))
    const heads = rows.map(({ revision, stream }) => ({ expectedRevision: revision - 1, stream }))
    const table = sqlEvents(payload.db, options.slugs.events)!.table
    const kept = insertStatement({ dialect: kind, table })
    const timed = (build: () => unknown) => {
      const started = process.cpuUsage()
      for (let i = 0; i < APPENDS; i++) {
        dialects[kind].sqlToQuery(build() as Parameters<PgDialect['sqlToQuery']>[0])
      }
      const { system, user } = process.cpuUsage(started)
      return (user + system) / APPENDS
    }
    const whole: number[] = []
    const text: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      whole.push(timed(() => insertAtHeads(table, rows, heads)))
      text.push(timed(() => kept(rows, heads)))
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
    console.log(
      `| ${kind} | ${rows.length} rows, ${heads.length} heads | ${median(whole).toFixed(1)} | ${median(text).toFixed(1)} |`,
    )
  } finally {
    await stopPayload(payload)
    await database.drop()
  }
}

console.log(`a booking's append statement built and compiled, CPU µs per statement (median of ${ROUNDS} rounds of ${APPENDS})`)
console.log('| database | statement | whole (insertAtHeads) | kept text (insertStatement) |')
console.log('|---|---|---|---|')
for (const kind of ['sqlite', 'postgres'] as const) {
  await measure(kind)
}
