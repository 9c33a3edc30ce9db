import { jetstreamManager } from '@nats-io/jetstream'
import { connect, errors } from '@nats-io/transport-node'
import { randomUUID } from 'node:crypto'
import { Subject } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { RecordedEvent } from '../../../src/events/types.js'

import { createJetStreamStore } from '../../../src/events/adapters/jetstream.js'
import { append } from '../../../src/events/adapters/jetstream/append.js'
import { openConnection } from '../../../src/events/adapters/jetstream/connection.js'
import { lastSequence, readStream } from '../../../src/events/adapters/jetstream/reads.js'
import { NO_STREAM } from '../../../src/events/store.js'
import { describeEventStoreContract } from '../../contract/event-store.contract.js'
import { releasedEvent as released } from '../../support/ledger-fixtures.js'
import { NATS_URL, natsAvailable } from '../../support/nats.js'

/** Deletes a JetStream stream a test created. */
const deleteStream = async (name: string): Promise<void> => {
  const nc = await connect({ servers: NATS_URL })
  try {
    await (await jetstreamManager(nc)).streams.delete(name)
  } finally {
    await nc.close()
  }
}

/** A JetStream stream name of its own, so runs and files sharing the machine's server never meet. */
const ownStream = (label: string) => `reserve_${label}_${randomUUID().replaceAll('-', '')}`

const available = await natsAvailable()

describe.skipIf(!available)('jetstream on the machine server', () => {
  const stream = ownStream('contract')
  describeEventStoreContract('jetstream', async () => {
    const store = await createJetStreamStore({ servers: NATS_URL, stream })
    return {
      store,
      teardown: async () => {
        await store.close()
        await deleteStream(stream)
      },
    }
  })

  it('acknowledges an append whose answer was lost, from the duplicate its retry is answered with', async () => {
    const name = ownStream('lost')
    const connection = await openConnection({ name, replicas: 1, servers: NATS_URL })
    const publish = connection.js.publish.bind(connection.js)
    const publishes = vi.spyOn(connection.js, 'publish').mockImplementationOnce(async (...args) => {
      await publish(...args)
      throw new errors.TimeoutError()
    })
    try {
      const result = await append(connection, new Subject(), { events: [released('mine')], expectedRevision: NO_STREAM, stream: 'lost-answer' })
      expect(result.events.map(({ data, revision }) => [revision, data.reservationId])).toEqual([[0, 'mine']])
      expect(publishes).toHaveBeenCalledTimes(2)
      expect(await lastSequence(connection), 'stored once').toBe(1)
      expect(await readStream(connection, 'lost-answer', 0, 10)).toEqual(result.events)
    } finally {
      connection.closed = true
      await connection.nc.close()
      await deleteStream(name)
    }
  })

  describe('a long stream', () => {
    const name = ownStream('long')
    let store: EventStore
    let written: RecordedEvent[]

    beforeAll(async () => {
      store = await createJetStreamStore({ servers: NATS_URL, stream: name })
      written = []
      // 45 appends, some of several events, with another stream's between them.
      for (let i = 0; i < 45; i++) {
        const events = Array.from({ length: 1 + (i % 3) }, (_, k) => released(`r-${i}-${k}`))
        written.push(...(await store.append({ events, expectedRevision: written.length - 1, stream: 'reserve-resource-long' })).events)
        await store.append({ events: [released('other')], expectedRevision: i - 1, stream: 'reserve-resource-other' })
      }
    })

    afterAll(async () => {
      await store?.close()
      await deleteStream(name)
    })

    it('reads whole, from a revision, and a page at a time, beyond the links it follows back', async () => {
      expect(written).toHaveLength(90)
      expect(await store.readStream('reserve-resource-long')).toEqual(written)
      expect(await store.readStream('reserve-resource-long', 7, 11)).toEqual(written.slice(7, 18))
      const pages: RecordedEvent[] = []
      for (let from = 0; from < 90; from += 13) {
        pages.push(...(await store.readStream('reserve-resource-long', from, 13)))
      }
      expect(pages).toEqual(written)
      expect(await store.streamRevision('reserve-resource-long')).toBe(89)
    })

    it('reads it as a new process does, which knows nothing of it yet', async () => {
      const fresh = await createJetStreamStore({ servers: NATS_URL, stream: name })
      try {
        expect(await fresh.readStream('reserve-resource-long', 50)).toEqual(written.slice(50))
        const [last] = written.slice(-1)
        await expect(fresh.append({ events: [released('stale')], expectedRevision: 88, stream: 'reserve-resource-long' })).rejects.toMatchObject({ actualRevision: 89 })
        const next = await fresh.append({ events: [released('next')], expectedRevision: last.revision, stream: 'reserve-resource-long' })
        expect(next.events[0].revision).toBe(90)
        expect(await store.append({ events: [released('late')], expectedRevision: NO_STREAM, stream: 'reserve-resource-long' }).catch((error: Error) => error.name)).toBe('WrongExpectedRevisionError')
      } finally {
        await fresh.close()
      }
    })
  })
})
