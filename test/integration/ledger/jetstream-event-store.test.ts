import { jetstreamManager } from '@nats-io/jetstream'
import { connect, errors } from '@nats-io/transport-node'
import { randomUUID } from 'node:crypto'
import { Subject } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { RecordedEvent } from '../../../src/events/types.js'

import { createJetStreamStore } from '../../../src/events/adapters/jetstream.js'
import { append } from '../../../src/events/adapters/jetstream/append.js'
import { noteDelivered, openConnection } from '../../../src/events/adapters/jetstream/connection.js'
import { lastSequence, messageAt, readStream } from '../../../src/events/adapters/jetstream/reads.js'
import { subscribe } from '../../../src/events/adapters/jetstream/subscribe.js'
import { decodePosition } from '../../../src/events/adapters/jetstream-mapping.js'
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

  it('records an append retried after a transient failure at the try that stored it, not at the first', async () => {
    const name = ownStream('late')
    const connection = await openConnection({ name, replicas: 1, servers: NATS_URL })
    // As while the stream has no leader: the first try is not stored, and the next comes after the retry delay.
    vi.spyOn(connection.js, 'publish').mockRejectedValueOnce(new errors.TimeoutError())
    try {
      const firstTry = Date.now()
      const { events } = await append(connection, new Subject(), { events: [released('late')], expectedRevision: NO_STREAM, stream: 'late-append' })
      const [stored] = await readStream(connection, 'late-append', 0, 10)
      expect(stored).toEqual(events[0])
      expect(Date.parse(stored.recordedAt) - firstTry, 'recorded at the retry, 100 ms after the first try').toBeGreaterThanOrEqual(90)
    } finally {
      vi.restoreAllMocks()
      connection.closed = true
      await connection.nc.close()
      await deleteStream(name)
    }
  })

  it('acknowledges an append its consumer delivered while the stream leader still read the stream as before it', async () => {
    // Seen under load on a three-node cluster: a retried publish was refused because its own
    // first try had been stored meanwhile; the leader, just elected, read the stream without it;
    // the consumer then delivered it, and the next try was refused on what was delivered.
    const name = ownStream('behind')
    const connection = await openConnection({ name, replicas: 1, servers: NATS_URL })
    const { JetStreamApiCodes, JetStreamApiError } = connection.nats.jetstream
    const publish = connection.js.publish.bind(connection.js)
    const getMessage = connection.jsm.streams.getMessage.bind(connection.jsm.streams)
    vi.spyOn(connection.js, 'publish').mockImplementationOnce(async (...args) => {
      const ack = await publish(...args)
      noteDelivered(connection, 'behind', (await getMessage(name, { seq: ack.seq }))!)
      throw new JetStreamApiError({ code: 400, description: 'wrong last sequence: 1', err_code: JetStreamApiCodes.StreamWrongLastSequence })
    })
    // After the publish, the leader's reads of the stream's head miss the stored message twice, then catch up.
    const real = (stream: string, query: Parameters<typeof getMessage>[1]) => getMessage(stream, query)
    const heads = vi
      .spyOn(connection.jsm.streams, 'getMessage')
      .mockImplementationOnce(real)
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(null)
      .mockImplementation(real)
    try {
      const result = await append(connection, new Subject(), { events: [released('mine')], expectedRevision: NO_STREAM, stream: 'behind' })
      expect(result.events.map(({ data, revision }) => [revision, data.reservationId])).toEqual([[0, 'mine']])
      expect(heads.mock.calls.length, 'read again until the head caught up').toBeGreaterThanOrEqual(4)
      vi.restoreAllMocks()
      expect(await lastSequence(connection), 'stored once').toBe(1)
      expect(await readStream(connection, 'behind', 0, 10)).toEqual(result.events)
    } finally {
      vi.restoreAllMocks()
      connection.closed = true
      await connection.nc.close()
      await deleteStream(name)
    }
  })

  describe("another process's appends, delivered by this process's consumer", () => {
    const name = ownStream('delivered')
    let mine: Awaited<ReturnType<typeof openConnection>>
    let theirs: Awaited<ReturnType<typeof openConnection>>

    beforeAll(async () => {
      ;[mine, theirs] = [await openConnection({ name, replicas: 1, servers: NATS_URL }), await openConnection({ name, replicas: 1, servers: NATS_URL })]
    })

    afterAll(async () => {
      for (const connection of [mine, theirs]) {
        connection.closed = true
        await connection.nc.close()
      }
      await deleteStream(name)
    })

    it('lets the next append here expect them without reading the stream first', async () => {
      await append(mine, new Subject(), { events: [released('mine')], expectedRevision: NO_STREAM, stream: 'reserve-resource-a' })
      const following = subscribe(mine, new Subject(), { fromEnd: true, streamPrefix: 'reserve-resource-' }).subscribe()
      try {
        // The consumer is open once it delivers an append of the other process's.
        await vi.waitFor(async () => {
          await append(theirs, new Subject(), { events: [released('theirs')], expectedRevision: NO_STREAM, stream: `reserve-resource-${randomUUID()}` })
          expect(mine.lastSeen).toBeGreaterThan(mine.lastStored!)
        })
        const { events } = await append(theirs, new Subject(), { events: [released('theirs')], expectedRevision: NO_STREAM, stream: 'reserve-resource-b' })
        await vi.waitFor(() => expect(mine.heads.get('reserve-resource-b')?.seq).toBe(decodePosition(events[0].position).seq))
        const reads = vi.spyOn(mine.jsm.streams, 'info')
        const gets = vi.spyOn(mine.jsm.streams, 'getMessage')
        const publishes = vi.spyOn(mine.js, 'publish')
        const next = await append(mine, new Subject(), { events: [released('next')], expectedRevision: 0, stream: 'reserve-resource-b' })
        expect(next.events[0].revision).toBe(1)
        expect(publishes, 'published once, not refused').toHaveBeenCalledTimes(1)
        expect(reads, 'no read of the last sequence').not.toHaveBeenCalled()
        expect(gets, 'no read of the head').not.toHaveBeenCalled()
        vi.restoreAllMocks()
      } finally {
        following.unsubscribe()
      }
    })

    it('refuses an append at a revision the stream was delivered past, without asking the server', async () => {
      const { events } = await append(theirs, new Subject(), { events: [released('theirs')], expectedRevision: NO_STREAM, stream: 'reserve-resource-d' })
      // What this process's consumer delivered of it: the stream at revision 0.
      noteDelivered(mine, 'reserve-resource-d', await messageAt(mine, decodePosition(events[0].position).seq))
      const gets = vi.spyOn(mine.jsm.streams, 'getMessage')
      const publishes = vi.spyOn(mine.js, 'publish')
      await expect(append(mine, new Subject(), { events: [released('stale')], expectedRevision: NO_STREAM, stream: 'reserve-resource-d' })).rejects.toMatchObject({
        actualRevision: 0,
        name: 'WrongExpectedRevisionError',
      })
      expect(publishes, 'nothing published').not.toHaveBeenCalled()
      expect(gets, 'no read').not.toHaveBeenCalled()
      vi.restoreAllMocks()
      expect((await readStream(mine, 'reserve-resource-d', 0, 10)).map(({ data }) => data.reservationId)).toEqual(['theirs'])
    })

    it('reads the last sequence when what the consumers delivered is behind, and appends all the same', async () => {
      await append(theirs, new Subject(), { events: [released('theirs')], expectedRevision: NO_STREAM, stream: 'reserve-resource-c' })
      // As after a refusal, with a consumer that delivered long ago and then stopped.
      mine.lastStored = undefined
      mine.lastSeen = 1
      const next = await append(mine, new Subject(), { events: [released('late')], expectedRevision: 0, stream: 'reserve-resource-c' })
      expect(next.events[0].revision).toBe(1)
      expect((await readStream(mine, 'reserve-resource-c', 0, 10)).map(({ data }) => data.reservationId)).toEqual(['theirs', 'late'])
    })
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
