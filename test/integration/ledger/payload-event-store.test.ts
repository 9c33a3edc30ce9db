import type { Payload } from 'payload'

import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { NewEvent, RecordedEvent } from '../../../src/events/types.js'
import type { TestDatabase } from '../../helpers/databases.js'

import { createPayloadEventStore } from '../../../src/events/adapters/payload.js'
import { reservationEventsCollection } from '../../../src/events/adapters/payload-collection.js'
import { ROWS_PER_INSERT } from '../../../src/events/adapters/payload-sql.js'
import { NO_STREAM, WrongExpectedRevisionError } from '../../../src/events/store.js'
import { EVENT_SCHEMA_VERSION } from '../../../src/events/types.js'
import { describeEventStoreContract } from '../../contract/event-store.contract.js'
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { startPayload, stopPayload } from '../../helpers/payload.js'

const released = (reservationId: string): NewEvent => ({
  data: { reservationId },
  metadata: {
    actor: { kind: 'system', name: 'test' },
    at: new Date().toISOString(),
    correlationId: reservationId,
    schemaVersion: EVENT_SCHEMA_VERSION,
  },
  type: 'CapacityReleased',
})

/** An event whose JSON has what a serialisation could change: escapes, non-BMP text, big numbers and fractions. */
const awkward = (reservationId: string): NewEvent =>
  ({
    ...released(reservationId),
    data: { nested: [{ big: 8_640_000_000_000_000, fraction: 0.25, negative: -1 }], note: 'é "q" \\ 😀', reservationId },
  }) as unknown as NewEvent

/** A recorded event as the collection's fields. */
const fieldsOf = ({ data, eventId, metadata, recordedAt, revision, stream, type }: RecordedEvent) => ({
  data,
  eventId,
  metadata,
  recordedAt,
  revision,
  stream,
  type,
})

/** The adapter methods an event store could call. */
const ADAPTER_METHODS = [
  'beginTransaction',
  'commitTransaction',
  'count',
  'create',
  'find',
  'findOne',
  'rollbackTransaction',
] as const

for (const kind of testDatabaseKinds()) {
  describeEventStoreContract(`payload on ${kind}`, async () => {
    const database = await createTestDatabase(kind)
    const payload = await startPayload({ collections: [reservationEventsCollection()], database })
    const store = createPayloadEventStore(payload)
    return {
      store,
      teardown: async () => {
        await store.close()
        await stopPayload(payload)
        await database.drop()
      },
    }
  })

  describe(`payload event store on ${kind}: two nodes on one database`, () => {
    let database: TestDatabase
    const nodes: { payload: Payload; store: EventStore }[] = []

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      for (let node = 0; node < 2; node++) {
        const payload = await startPayload({ collections: [reservationEventsCollection()], database })
        nodes.push({ payload, store: createPayloadEventStore(payload) })
      }
    })

    afterAll(async () => {
      for (const { payload, store } of nodes) {
        await store.close()
        await stopPayload(payload)
      }
      await database.drop()
    })

    it('offers atomic multi-stream appends (one conditional statement) on SQLite and PostgreSQL alike', () => {
      expect(typeof nodes[0].store.appendAtomically).toBe('function')
    })

    it('lets one of 20 appends racing from two nodes win, and both nodes read the winner', async () => {
      const stream = `reserve-resource-${kind}-race`
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          nodes[index % 2].store.append({ events: [released(`r-${index}`)], expectedRevision: NO_STREAM, stream }),
        ),
      )

      const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
      const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []))
      expect(won).toHaveLength(1)
      expect(lost.every((reason) => reason instanceof WrongExpectedRevisionError)).toBe(true)
      for (const { store } of nodes) {
        expect(await store.readStream(stream)).toEqual(won[0].events)
      }
    })

    it('publishes on `committed` only what the node itself appended', async () => {
      const seen: string[][] = [[], []]
      const subscriptions = nodes.map(({ store }, node) =>
        store.committed.subscribe((event) => seen[node].push(event.data.reservationId)),
      )
      await nodes[0].store.append({ events: [released('from-0')], expectedRevision: NO_STREAM, stream: `${kind}-a` })
      await nodes[1].store.append({ events: [released('from-1')], expectedRevision: NO_STREAM, stream: `${kind}-b` })
      subscriptions.forEach((subscription) => subscription.unsubscribe())

      expect(seen).toEqual([['from-0'], ['from-1']])
    })

    it('rewinds a position by the given milliseconds, so catch-up re-reads that window', async () => {
      const { store } = nodes[0]
      const stream = `${kind}-rewind`
      const [early] = (await store.append({ events: [released('early')], expectedRevision: NO_STREAM, stream })).events
      await sleep(20)
      const [late] = (await store.append({ events: [released('late')], expectedRevision: 0, stream })).events

      const reread = async (milliseconds: number): Promise<string[]> =>
        (await store.readAll({ after: store.rewind(late.position, milliseconds), limit: 10, streamPrefix: stream })).map(
          ({ data }) => data.reservationId,
        )

      expect(await reread(0)).toEqual(['late'])
      expect(await reread(60_000)).toEqual(['early', 'late'])
      expect(store.rewind(early.position, 0) < early.position).toBe(true)
    })
  })

  describe(`payload event store on ${kind}: the collection's rows`, () => {
    let database: TestDatabase
    let payload: Payload
    let store: EventStore

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      payload = await startPayload({ collections: [reservationEventsCollection()], database })
      store = createPayloadEventStore(payload)
    })

    afterAll(async () => {
      await store.close()
      await stopPayload(payload)
      await database.drop()
    })

    it('reads and writes with its own SQL, making no Payload adapter call', async () => {
      const db = payload.db as unknown as Record<string, (...args: unknown[]) => unknown>
      const called: string[] = []
      const originals = ADAPTER_METHODS.map((method) => [method, db[method]] as const)
      for (const [method, original] of originals) {
        db[method] = (...args) => {
          called.push(method)
          return original.apply(payload.db, args)
        }
      }
      try {
        const stream = `${kind}-own-sql`
        await store.append({ events: [released('a'), released('b')], expectedRevision: NO_STREAM, stream })
        await store.append({ events: [released('c')], expectedRevision: 5, stream }).catch(() => undefined)
        await store.appendAtomically?.([{ events: [released('d')], expectedRevision: 1, stream }])
        await store.readStream(stream)
        await store.readAll({ limit: 10, streamPrefix: stream })
        await store.streamRevision(stream)
      } finally {
        for (const [method, original] of originals) {
          db[method] = original
        }
      }
      expect(called).toEqual([])
    })

    it('stores rows exactly as Payload does, and each side reads what the other wrote', async () => {
      const stream = `${kind}-by-store`
      const [appended] = (await store.append({ events: [awkward('lean')], expectedRevision: NO_STREAM, stream })).events
      const byPayload = { ...fieldsOf(appended), eventId: randomUUID(), stream: `${kind}-by-payload` }
      await payload.db.create({ collection: 'reservation-events', data: { ...byPayload }, returning: false })

      // As stored: PostgreSQL's own text of each value, SQLite's value with its storage class.
      const columns =
        kind === 'postgres'
          ? 'revision::text AS revision, type, data::text AS data, metadata::text AS metadata, ' +
            'recorded_at::text AS recorded_at'
          : "revision || ':' || typeof(revision) AS revision, type, data, metadata, recorded_at"
      const raw = await database.query(
        `SELECT stream, ${columns} FROM reservation_events WHERE stream LIKE '${kind}-by-%' ORDER BY stream`,
      )
      expect(raw).toHaveLength(2)
      expect({ ...raw[0], stream: undefined }).toEqual({ ...raw[1], stream: undefined })

      const { docs } = await payload.db.find({
        collection: 'reservation-events',
        pagination: false,
        where: { stream: { equals: stream } },
      })
      expect(docs).toEqual([{ ...fieldsOf(appended), id: expect.anything() }])
      expect((await store.readStream(byPayload.stream)).map(fieldsOf)).toEqual([byPayload])
    })

    it('checks the expected revision of an append of no events, and writes nothing', async () => {
      const stream = `${kind}-no-events`
      await store.append({ events: [released('a')], expectedRevision: NO_STREAM, stream })

      expect(await store.append({ events: [], expectedRevision: 0, stream })).toEqual({
        events: [],
        nextRevision: 0,
        stream,
      })
      await expect(store.append({ events: [], expectedRevision: 1, stream })).rejects.toMatchObject({
        actualRevision: 0,
        name: 'WrongExpectedRevisionError',
      })
      expect(await store.streamRevision(stream)).toBe(0)
    })

    it('appends more events than one statement holds, and refuses such an append whole', async () => {
      const stream = `${kind}-long`
      const events = Array.from({ length: ROWS_PER_INSERT + 1 }, (_, index) => released(`r-${index}`))
      await store.append({ events: [released('first')], expectedRevision: NO_STREAM, stream })

      const ahead = store.append({ events, expectedRevision: 3, stream })
      await expect(ahead).rejects.toBeInstanceOf(WrongExpectedRevisionError)
      expect(await store.streamRevision(stream)).toBe(0)
      const { nextRevision } = await store.append({ events, expectedRevision: 0, stream })

      expect(nextRevision).toBe(ROWS_PER_INSERT + 1)
      const read = await store.readStream(stream)
      expect(read.map(({ revision }) => revision)).toEqual([...Array(ROWS_PER_INSERT + 2).keys()])
      expect(read[ROWS_PER_INSERT + 1].data.reservationId).toBe(`r-${ROWS_PER_INSERT}`)
    })
  })
}
