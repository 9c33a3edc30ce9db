import type { Payload } from 'payload'

import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { EventStore } from '../../src/events/store.js'
import type { NewEvent } from '../../src/events/types.js'
import type { TestDatabase } from '../helpers/databases.js'

import { createPayloadEventStore } from '../../src/events/adapters/payload.js'
import { reservationEventsCollection } from '../../src/events/adapters/payload-collection.js'
import { NO_STREAM, WrongExpectedRevisionError } from '../../src/events/store.js'
import { EVENT_SCHEMA_VERSION } from '../../src/events/types.js'
import { describeEventStoreContract } from '../contract/event-store.contract.js'
import { createTestDatabase, testDatabaseKinds } from '../helpers/databases.js'
import { startPayload, stopPayload } from '../helpers/payload.js'

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

    it('offers atomic multi-stream appends exactly where transactions are real (PostgreSQL)', () => {
      expect(typeof nodes[0].store.appendAtomically).toBe(kind === 'postgres' ? 'function' : 'undefined')
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
}
