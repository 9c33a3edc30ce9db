import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { spawnNode } from '../../support/spawn-node.js'
import { startReservePayload } from '../../support/reserve-payload.js'

const TABLE = 'reservation_events'
// Catch-up would repair tampered claims by appending: it leaves everything younger than this alone.
const QUIET = { catchUp: { graceMs: 3_600_000, intervalMs: 3_600_000 } }

// Every booking here is in March 2031: one month stream per resource.
const resource = (id: number | string) => `reserve-resource-${id}-2031-03`
const reservation = (id: number | string) => `reserve-reservation-${id}`

describe.each(testDatabaseKinds())('ledger verify on %s', (kind) => {
  let database: TestDatabase
  let payload: Payload
  let ids: Record<'A' | 'B' | 'C' | 'D' | 'legacy', string>
  let rooms: Array<number | string>

  const verify = async () => {
    const node = spawnNode('test/support/ledger-verify-node.ts', { NODE_DATABASE_KIND: kind, NODE_DATABASE_URI: database.uri })
    const code = await node.exited
    return { code, lines: node.lines }
  }

  const where = (stream: string, revision: number) => `stream = '${stream}' and revision = ${revision}`
  const json = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'`
  const row = async (stream: string, revision: number) => {
    const [found] = await database.query(`select data, metadata from ${TABLE} where ${where(stream, revision)}`)
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>
    return { data: parse(found.data), metadata: parse(found.metadata) }
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    // A ledger begun before hashing: its first booking is written without hashes.
    const before = await startReservePayload(database, { ...QUIET, hashChain: false })
    const service = await before.create({ collection: 'services', data: { duration: 60, durationType: 'fixed', name: 'Visit' } })
    const created = []
    for (const name of ['R1', 'R2', 'R3', 'R4']) {
      created.push(await before.create({ collection: 'resources', data: { name, quantity: 1, services: [service.id] } }))
    }
    rooms = created.map(({ id }) => id)
    const book = (on: Payload, room: number | string, startTime: string) =>
      on.create({ collection: 'reservations', data: { resource: room, service: service.id, startTime } })
    const legacy = await book(before, rooms[0], '2031-03-03T08:00:00.000Z')
    await stopPayload(before)

    payload = await startReservePayload(database, QUIET)
    const update = (id: number | string, data: Record<string, unknown>) => payload.update({ collection: 'reservations', data, id })
    const a = await book(payload, rooms[0], '2031-03-03T10:00:00.000Z')
    await update(a.id, { startTime: '2031-03-03T11:00:00.000Z' })
    await update(a.id, { status: 'confirmed' })
    await update(a.id, { status: 'cancelled' })
    const b = await book(payload, rooms[1], '2031-03-03T10:00:00.000Z')
    await update(b.id, { startTime: '2031-03-03T12:00:00.000Z' })
    await update(b.id, { status: 'confirmed' })
    const c = await book(payload, rooms[2], '2031-03-03T10:00:00.000Z')
    await update(c.id, { status: 'confirmed' })
    await update(c.id, { status: 'cancelled' })
    const d = await book(payload, rooms[3], '2031-03-03T10:00:00.000Z')
    await update(d.id, { status: 'confirmed' })
    ids = { A: String(a.id), B: String(b.id), C: String(c.id), D: String(d.id), legacy: String(legacy.id) }
    expect(await ledgerServices.of(payload).checkpointer!.run()).toBe(9)
  })

  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
  })

  it('finds an intact ledger intact, the events written before hashing included, and exits 0', async () => {
    const legacy = await row(reservation(ids.legacy), 0)
    expect(legacy.metadata.hash).toBeUndefined()
    expect((await row(resource(rooms[0]), 1)).metadata.previousHash).toMatch(/^[0-9a-f]{64}$/)

    const { code, lines } = await verify()
    expect(code).toBe(0)
    // One bar (the walk is a single page), full: every stream the checkpoint knows, and its own.
    expect(lines.filter((line) => line.startsWith('verify: ['))).toEqual([`verify: [${'#'.repeat(30)}] 10/10 streams`])
    expect(lines.at(-1)).toMatch(/^verify: intact, 23 events in 10 streams \(2 written before hashing\), 9 streams checkpointed; last checkpoint: revision 0 of .*, hash [0-9a-f]{64}/)
  })

  it('catches each way of tampering with the stored events, naming the stream', async () => {
    // Six streams tampered with, each a different way; one run of verify names every one. (One
    // run, not one per tampering: each boots Payload in a child process, half a minute on a busy machine.)
    // An event's data changed: A's move now says another time.
    const moved = await row(reservation(ids.A), 1)
    await database.query(`update ${TABLE} set data = ${json({ ...moved.data, startTime: '2031-03-03T09:00:00.000Z' })} where ${where(reservation(ids.A), 1)}`)
    // An event's metadata changed: B's booking now by someone else.
    const booked = await row(reservation(ids.B), 0)
    await database.query(`update ${TABLE} set metadata = ${json({ ...booked.metadata, actor: { kind: 'system', name: 'nobody' } })} where ${where(reservation(ids.B), 0)}`)
    // An event in the middle removed: A's move on R1.
    await database.query(`delete from ${TABLE} where ${where(resource(rooms[0]), 2)}`)
    // Two events swapped: C's confirmation and its cancellation.
    await database.query(`update ${TABLE} set revision = -5 where ${where(reservation(ids.C), 1)}`)
    await database.query(`update ${TABLE} set revision = 1 where ${where(reservation(ids.C), 2)}`)
    await database.query(`update ${TABLE} set revision = 2 where ${where(reservation(ids.C), -5)}`)
    // A whole stream deleted after the checkpoint.
    await database.query(`delete from ${TABLE} where stream = '${resource(rooms[3])}'`)
    // The last event of a stream deleted after the checkpoint.
    await database.query(`delete from ${TABLE} where ${where(reservation(ids.D), 1)}`)

    const { code, lines } = await verify()
    expect(code).toBe(1)
    const broken = lines.filter((line) => line.startsWith('verify: BROKEN'))
    const caught = (stream: string, problem: string) => broken.filter((line) => new RegExp(`^verify: BROKEN ${stream}.*${problem}`).test(line))
    expect(caught(reservation(ids.A), 'at revision 1: the event was changed'), 'a changed event').toHaveLength(1)
    expect(caught(reservation(ids.B), 'at revision 0: the event was changed'), 'changed metadata').toHaveLength(1)
    expect(caught(resource(rooms[0]), 'at revision 2: the event is missing'), 'a removed event').toHaveLength(1)
    expect(caught(reservation(ids.C), 'at revision 1: this event was written at revision 2'), 'swapped events').toHaveLength(1)
    expect(caught(resource(rooms[3]), ': the stream is missing, a checkpoint recorded it up to revision 0'), 'a deleted stream').toHaveLength(1)
    expect(caught(reservation(ids.D), ': the stream ends at revision 0, a checkpoint recorded it up to revision 1'), 'a cut-off stream').toHaveLength(1)
    expect(broken, 'nothing else is broken').toHaveLength(6)
    // The bar counts the streams walked: one fewer than the intact ledger's.
    expect(lines).toContain(`verify: [${'#'.repeat(30)}] 9/9 streams`)
  })
})
