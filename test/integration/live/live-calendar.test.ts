import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { SseConnection } from '../../support/sse.js'

import { createTestDatabase, existingTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, stopPayload } from '../../helpers/payload.js'
import { openEventStream } from '../../support/sse.js'
import { startReservePayload } from '../../support/reserve-payload.js'

type Id = number | string

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const DATE = '2030-06-04'
const at = (time: string): string => `${DATE}T${time}:00.000Z`
const PASSWORD = 'secret-password'
const LIVE = '/api/reserve/live'
/** How long a connection stays open after a change to show that nothing comes again. */
const OPEN_FOR_MS = 25_000

const reservationIdOf = (data: string): string => (JSON.parse(data) as { reservationId: string }).reservationId

/**
 * Issue 13, "Live calendar": the admin's event stream. Two Payload instances on one database,
 * as two nodes: a change made on one reaches a client connected to the other, which hears
 * nothing of it in-process, only through the ledger it polls.
 */
describe.each(testDatabaseKinds())('GET /api/reserve/live (%s)', (kind) => {
  let database: TestDatabase
  let writer: Payload
  let server: Payload
  let service: Id
  const resources: Record<'ada' | 'bob', Id> = { ada: '', bob: '' }
  const tokens: Record<'admin' | 'ada' | 'bob' | 'customer', string> = { admin: '', ada: '', bob: '', customer: '' }
  const open: SseConnection[] = []
  let hour = 0

  const connect = async (token: string | undefined, headers: Record<string, string> = {}) => {
    const connection = await openEventStream(server, LIVE, { headers, token })
    open.push(connection)
    return connection
  }

  /** A booking made on the other instance, at the next free hour. */
  const book = async (resource: Id): Promise<string> => {
    const startTime = at(`${String(hour++).padStart(2, '0')}:00`)
    const doc = await writer.create({
      collection: 'reservations',
      data: { guestName: 'Live', resource, service, startTime, status: 'confirmed' },
    })
    return String(doc.id)
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const options = { resourceOwnerMode: { adminRoles: ['admin'] } }
    writer = await startReservePayload(database, options)
    server = await startReservePayload(existingTestDatabase(kind, database.uri), options)
    for (const [name, role] of [['admin', 'admin'], ['ada', 'staff'], ['bob', 'staff'], ['customer', 'customer']] as const) {
      const email = `${name}@example.test`
      await writer.create({ collection: 'users', data: { email, password: PASSWORD, role } })
      tokens[name] = await login(server, { email, password: PASSWORD })
    }
    service = (await writer.create({ collection: 'services', data: { duration: 60, name: 'Hour', slotInterval: 60 } })).id
    for (const name of ['ada', 'bob'] as const) {
      const owner = (await writer.find({ collection: 'users', where: { email: { equals: `${name}@example.test` } } })).docs[0]
      resources[name] = (await writer.create({ collection: 'resources', data: { name, owner: owner.id, services: [service], timezone: 'UTC' } })).id
      await writer.create({
        collection: 'schedules',
        data: { name, recurringSlots: EVERY_DAY.map((day) => ({ day, endTime: '24:00', startTime: '00:00' })), resource: resources[name] },
      })
    }
  })

  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.close()))
    await stopPayload(server)
    await stopPayload(writer)
    await database.drop()
  })

  it('refuses callers without a session (401) and customers (403), as other staff-only endpoints do', async () => {
    const anonymous = await connect(undefined)
    expect(anonymous.status).toBe(401)
    const customer = await connect(tokens.customer)
    expect(customer.status).toBe(403)
  })

  it("sends a booking, move, status change and deletion made on another instance to a connected client, once its document shows it", async () => {
    const client = await connect(tokens.admin)
    expect(client.status).toBe(200)
    const id = await book(resources.ada)
    const booked = await client.waitFor((event) => event.event === 'reservation' && reservationIdOf(event.data) === id)
    expect(JSON.parse(booked.data)).toEqual({ reservationId: id, revision: 0 })
    expect(booked.id).toEqual(expect.any(String))
    // Sent once the document shows it: a client refetching on the notice reads the change.
    expect((await server.findByID({ collection: 'reservations', id })).ledgerRevision).toBeGreaterThanOrEqual(0)

    await writer.update({ collection: 'reservations', data: { startTime: at('20:00') }, id })
    await client.waitFor((event) => event.data === JSON.stringify({ reservationId: id, revision: 1 }))
    expect((await server.findByID({ collection: 'reservations', id })).startTime).toBe(at('20:00'))

    await writer.update({ collection: 'reservations', data: { status: 'cancelled' }, id })
    await client.waitFor((event) => event.data === JSON.stringify({ reservationId: id, revision: 2 }))
    expect((await server.findByID({ collection: 'reservations', id })).status).toBe('cancelled')

    await writer.delete({ collection: 'reservations', id })
    await client.waitFor((event) => event.data === JSON.stringify({ reservationId: id, revision: 3 }))
  })

  it("tells owner-mode staff nothing about a reservation on another's resource", async () => {
    const ada = await connect(tokens.ada)
    const bob = await connect(tokens.bob)
    const bobs = await book(resources.bob)
    const adas = await book(resources.ada)
    // Position order: Bob's booking reaches each client before Ada's, or not at all.
    await ada.waitFor((event) => event.event === 'reservation' && reservationIdOf(event.data) === adas)
    await bob.waitFor((event) => event.event === 'reservation' && reservationIdOf(event.data) === bobs)
    expect(ada.raw()).not.toContain(bobs)
    expect(bob.raw()).not.toContain(adas)
    expect(ada.events.map((event) => reservationIdOf(event.data))).not.toContain(bobs)
  })

  it("tells owner-mode staff when a reservation of theirs moves to another's resource or is deleted, and not what happens to it there", async () => {
    const ada = await connect(tokens.ada)
    const bob = await connect(tokens.bob)
    const leaving = await book(resources.ada)
    await ada.waitFor((event) => event.data === JSON.stringify({ reservationId: leaving, revision: 0 }))
    await writer.update({ collection: 'reservations', data: { resource: resources.bob }, id: leaving })
    // Ada's calendar shows it: she hears that it changed, although she can no longer read it.
    await ada.waitFor((event) => event.data === JSON.stringify({ reservationId: leaving, revision: 1 }))
    await bob.waitFor((event) => event.data === JSON.stringify({ reservationId: leaving, revision: 1 }))
    // Now Bob's alone: its next change is his news, not hers.
    await writer.update({ collection: 'reservations', data: { status: 'cancelled' }, id: leaving })
    await bob.waitFor((event) => event.data === JSON.stringify({ reservationId: leaving, revision: 2 }))

    const deleted = await book(resources.ada)
    await ada.waitFor((event) => event.data === JSON.stringify({ reservationId: deleted, revision: 0 }))
    await writer.delete({ collection: 'reservations', id: deleted })
    await ada.waitFor((event) => event.data === JSON.stringify({ reservationId: deleted, revision: 1 }))
    expect(ada.raw()).not.toContain(JSON.stringify({ reservationId: leaving, revision: 2 }))
    expect(bob.raw()).not.toContain(deleted)
  })

  it('resumes from Last-Event-ID: what was committed while the client was away is sent first', async () => {
    // Only this test's clients listen, so the feed goes idle when `first` leaves.
    await Promise.all(open.splice(0).map((connection) => connection.close()))
    const first = await connect(tokens.admin)
    const before = await book(resources.ada)
    const seen = await first.waitFor((event) => event.event === 'reservation' && reservationIdOf(event.data) === before)
    await first.close()
    // Nobody listens now: the feed stops polling, and a new connection hears only what is
    // committed after it.
    const missed = await book(resources.ada)
    await expect.poll(async () => (await server.find({ collection: 'reservations', where: { id: { equals: missed } } })).docs.length).toBe(1)

    const fresh = await connect(tokens.admin)
    const resumed = await connect(tokens.admin, { 'Last-Event-ID': String(seen.id) })
    await resumed.waitFor((event) => event.event === 'reservation' && reservationIdOf(event.data) === missed)
    // A marker after which the fresh connection has certainly polled past the missed booking.
    const later = await book(resources.ada)
    await fresh.waitFor((event) => event.event === 'reservation' && reservationIdOf(event.data) === later)
    expect(fresh.raw()).not.toContain(missed)
  })

  it('sends each change once however long the connection stays open, and a reconnection with the last id nothing already seen', async () => {
    await Promise.all(open.splice(0).map((connection) => connection.close()))
    const client = await connect(tokens.admin)
    const id = await book(resources.ada)
    await writer.update({ collection: 'reservations', data: { startTime: at('21:00') }, id })
    await writer.update({ collection: 'reservations', data: { status: 'cancelled' }, id })
    await client.waitFor((event) => event.data === JSON.stringify({ reservationId: id, revision: 2 }))
    // Past twice the feed's 10 s look-back: where it used to forget what it had announced, read
    // it again and announce it on every poll, twice a second for as long as the client stayed.
    await new Promise((resolve) => setTimeout(resolve, OPEN_FOR_MS))
    const changes = client.events.filter((event) => event.event === 'reservation')
    expect(changes.map((event) => event.data)).toEqual([0, 1, 2].map((revision) => JSON.stringify({ reservationId: id, revision })))
    await client.close()

    // Resumed from the last id: nothing it saw comes again, what comes next does.
    const resumed = await connect(tokens.admin, { 'Last-Event-ID': String(changes[2].id) })
    // From the first id: the two changes after it, once each.
    const behind = await connect(tokens.admin, { 'Last-Event-ID': String(changes[0].id) })
    const next = await book(resources.bob)
    await resumed.waitFor((event) => event.event === 'reservation' && reservationIdOf(event.data) === next)
    await behind.waitFor((event) => event.event === 'reservation' && reservationIdOf(event.data) === next)
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const received = (connection: SseConnection) =>
      connection.events.filter((event) => event.event === 'reservation').map((event) => JSON.parse(event.data) as unknown)
    expect(received(resumed)).toEqual([{ reservationId: next, revision: 0 }])
    expect(received(behind)).toEqual([
      { reservationId: id, revision: 1 },
      { reservationId: id, revision: 2 },
      { reservationId: next, revision: 0 },
    ])
    expect(resumed.raw()).not.toContain('event: resync')
  }, 60_000)

  it('ends the stream when the instance stops', async () => {
    const other = await startReservePayload(existingTestDatabase(kind, database.uri), { resourceOwnerMode: { adminRoles: ['admin'] } })
    const client = await openEventStream(other, LIVE, { token: await login(other, { email: 'admin@example.test', password: PASSWORD }) })
    expect(client.status).toBe(200)
    await stopPayload(other)
    expect(client.raw()).toContain(': connected')
    await expect.poll(() => client.ended(), { timeout: 5_000 }).toBe(true)
    await client.close()
  })
})
