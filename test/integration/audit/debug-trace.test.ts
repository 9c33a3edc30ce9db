import type { Payload } from 'payload'

import { getTableName, sql, type Table } from 'drizzle-orm'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sqlEvents } from '../../../src/events/adapters/payload-sql.js'
import { appendChannel } from '../../../src/events/adapters/payload-sql/append-notices.js'
import { reserveLedgerPlugin } from '../../../src/index.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, existingTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { startPayload, stopPayload } from '../../helpers/payload.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

type TraceLine = { id: string; step: string } & Record<string, unknown>

/** A Payload instance whose logger writes into `lines`, with the plugin's `debug` as given. */
const tracedSite = (kind: Parameters<typeof createTestDatabase>[0], debug: boolean) => {
  const lines: TraceLine[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) {
        const trace = (JSON.parse(text) as { reserveTrace?: TraceLine }).reserveTrace
        if (trace) {
          lines.push(trace)
        }
      }
      done()
    },
  })
  let database: TestDatabase
  let payload: Payload
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startPayload({
      config: { logger: { destination, options: { level: 'info' } } },
      database,
      plugins: [reserveLedgerPlugin({ allowGuestBooking: true, catchUp: { graceMs: 300, intervalMs: 60_000 }, debug, userCollection: 'users' })],
    })
  })
  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
  })
  const bookable = async () => {
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Trace' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Room', services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    return { resource: resource.id, service: service.id }
  }
  return { bookable, database: () => database, lines, site: () => payload }
}

const guest = { email: 'trace@example.test', name: 'Tracy' }

/** Another instance on the traced site's database, as a second node behind a load balancer. */
const secondNode = (kind: Parameters<typeof createTestDatabase>[0], database: () => TestDatabase) => {
  let payload: Payload
  beforeAll(async () => {
    payload = await startPayload({
      database: existingTestDatabase(kind, database().uri),
      plugins: [reserveLedgerPlugin({ allowGuestBooking: true, catchUp: { graceMs: 300, intervalMs: 60_000 }, userCollection: 'users' })],
    })
  })
  afterAll(async () => {
    await stopPayload(payload)
  })
  return () => payload
}

describe.each(testDatabaseKinds())('debug traces (%s)', (kind) => {
  const traced = tracedSite(kind, true)
  const otherNode = secondNode(kind, traced.database)

  it('traces a booking under one id: its decision and its append; a refused one says why', async () => {
    const ids = await traced.bookable()
    traced.lines.length = 0
    const booked = await postJson(traced.site(), '/api/reserve/book', { guest, ...ids, startTime: '2031-07-01T09:00:00.000Z' })
    expect(booked.status).toBe(201)
    const steps = traced.lines.map(({ step }) => step)
    expect(steps).toEqual(['decision', 'appended'])
    expect(new Set(traced.lines.map(({ id }) => id)).size).toBe(1)
    expect(traced.lines[0]).toMatchObject({ command: 'BookReservation', events: ['ReservationBooked'], reservationId: booked.body.id })
    expect(traced.lines[1]).toMatchObject({ claims: [String(ids.resource)], reservationId: booked.body.id })

    const bookingTrace = traced.lines[0].id
    traced.lines.length = 0
    const taken = await postJson(traced.site(), '/api/reserve/book', { guest, ...ids, startTime: '2031-07-01T09:00:00.000Z' })
    expect(taken.status).toBe(409)
    expect(traced.lines.at(-1)).toMatchObject({ command: 'BookReservation', step: 'refused' })
    // Another request, another trace.
    expect(traced.lines.every(({ id }) => id !== bookingTrace)).toBe(true)
  })

  it('traces the retry of a decision made on a view another instance has since changed, then the second decision and the append', async () => {
    const ids = await traced.bookable()
    const at = (hour: number) => new Date(Date.UTC(2031, 6, 4, hour)).toISOString()
    expect((await postJson(traced.site(), '/api/reserve/book', { guest, ...ids, startTime: at(9) })).status).toBe(201)
    // On PostgreSQL an append notifies the other nodes, which would spare this one the retry to
    // trace: the notices are turned off, as when one is lost.
    const source = sqlEvents(traced.site().db, ledgerServices.of(traced.site()).options.slugs.events)
    if (source?.dialect === 'postgres') {
      await source.db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${appendChannel(source.table)}_notify" ON "${getTableName(source.table as unknown as Table)}"`))
    }
    // The other node claims time on the same resource: this node's view of its stream is now stale.
    expect((await postJson(otherNode(), '/api/reserve/book', { guest, ...ids, startTime: at(11) })).status).toBe(201)
    traced.lines.length = 0
    const booked = await postJson(traced.site(), '/api/reserve/book', { guest, ...ids, startTime: at(13) })
    expect(booked.status).toBe(201)
    expect(traced.lines.map(({ step }) => step)).toEqual(['decision', 'retry', 'decision', 'appended'])
    expect(traced.lines[1]).toMatchObject({ attempt: 2, command: 'BookReservation', reservationId: booked.body.id })
    expect(traced.lines[2]).toMatchObject({ attempt: 2, events: ['ReservationBooked'] })
    expect(new Set(traced.lines.map(({ id }) => id)).size).toBe(1)
  })

  it('traces slot generation', async () => {
    const ids = await traced.bookable()
    traced.lines.length = 0
    const answer = await getJson(traced.site(), withQuery('/api/reserve/slots', { date: '2031-07-02', resource: String(ids.resource), service: String(ids.service) }))
    expect(traced.lines).toEqual([
      expect.objectContaining({ date: '2031-07-02', durationMinutes: 60, offered: answer.body.slots.length, step: 'slots', windows: 1 }),
    ])
  })
})

describe.each(testDatabaseKinds())('without debug (%s)', (kind) => {
  const quiet = tracedSite(kind, false)

  it('traces nothing', async () => {
    const ids = await quiet.bookable()
    expect((await postJson(quiet.site(), '/api/reserve/book', { guest, ...ids, startTime: '2031-07-03T09:00:00.000Z' })).status).toBe(201)
    await getJson(quiet.site(), withQuery('/api/reserve/slots', { date: '2031-07-03', resource: String(ids.resource), service: String(ids.service) }))
    expect(quiet.lines).toEqual([])
  })
})
