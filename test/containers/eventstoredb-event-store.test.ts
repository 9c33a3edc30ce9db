import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { EventStore } from '../../src/events/store.js'
import type { NewEvent, RecordedEvent } from '../../src/events/types.js'

import { createEventStoreDBStore } from '../../src/events/adapters/eventstoredb.js'
import { NO_STREAM } from '../../src/events/store.js'
import { EVENT_SCHEMA_VERSION } from '../../src/events/types.js'
import { describeEventStoreContract } from '../contract/event-store.contract.js'
import { type StartedEventStoreDB, startEventStoreDB } from './eventstoredb-container.js'

describeEventStoreContract('eventstoredb', async () => {
  const server = await startEventStoreDB()
  const store = await createEventStoreDBStore({ connectionString: server.connectionString })
  return {
    store,
    teardown: async () => {
      await store.close()
      await server.stop()
    },
  }
})

const released = (reservationId: string): NewEvent => ({
  data: { reservationId },
  metadata: {
    actor: { kind: 'system', name: 'containers' },
    at: new Date().toISOString(),
    correlationId: reservationId,
    schemaVersion: EVENT_SCHEMA_VERSION,
  },
  type: 'CapacityReleased',
})

describe('eventstoredb: a server restart', () => {
  let server: StartedEventStoreDB
  let store: EventStore
  let teardown: (() => Promise<void>) | undefined

  beforeAll(async () => {
    server = await startEventStoreDB({ durable: true })
    store = await createEventStoreDBStore({ connectionString: server.connectionString })
    teardown = async () => {
      await store.close()
      await server.stop()
    }
  })

  afterAll(() => teardown?.())

  it('is ridden out: the same store appends and reads again, and kept what it had', async () => {
    const stream = `restart-${randomUUID()}`
    const before = await store.append({ events: [released('before')], expectedRevision: NO_STREAM, stream })

    await server.restart()
    const after = await store.append({ events: [released('after')], expectedRevision: 0, stream })

    expect(after.nextRevision).toBe(1)
    expect(await store.readStream(stream)).toEqual([...before.events, ...after.events])
    expect(await store.readAll({ after: before.events[0].position, limit: 10, streamPrefix: stream })).toEqual(
      after.events,
    )
  })

  it('keeps a subscription through it: resumed after the last event delivered, each event once', async () => {
    const stream = `restart-subscribed-${randomUUID()}`
    const seen = { errors: [] as unknown[], events: [] as RecordedEvent[] }
    const subscription = store.subscribe!({ streamPrefix: stream }).subscribe({
      error: (error: unknown) => seen.errors.push(error),
      next: (event) => seen.events.push(event),
    })
    try {
      const before = await store.append({ events: [released('before')], expectedRevision: NO_STREAM, stream })
      await vi.waitFor(() => expect(seen).toEqual({ errors: [], events: before.events }), {
        interval: 100,
        timeout: 10_000,
      })

      await server.restart()
      const after = await store.append({ events: [released('after')], expectedRevision: 0, stream })

      // The subscription dropped with the server and waits up to about 30 s for it.
      await vi.waitFor(() => expect(seen).toEqual({ errors: [], events: [...before.events, ...after.events] }), {
        interval: 100,
        timeout: 60_000,
      })
    } finally {
      subscription.unsubscribe()
    }
  })
})
