import { describe, expect, it } from 'vitest'

import type { NewEvent } from '../../../src/events/types.js'

import { sqlEvents } from '../../../src/events/adapters/payload-sql.js'
import { appendChannel, parseAppendNotice } from '../../../src/events/adapters/payload-sql/append-notices.js'
import { capacityStream, capacityStreamName } from '../../../src/events/capacity-streams.js'
import { isWrongExpectedRevision, NO_STREAM } from '../../../src/events/store.js'
import { EVENT_SCHEMA_VERSION } from '../../../src/events/types.js'
import { BusyIndex } from '../../../src/capacity/busy-index.js'
import { followAppends } from '../../../src/plugin/cross-process/follow-appends.js'
import { isPgPool, listen, type PgPool } from '../../../src/plugin/cross-process/listen.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { usePayloadOn } from '../../support/suite-payload.js'

/** A claim whose JSON has what a serialisation could change: escapes, non-BMP text, big numbers and fractions. */
const claim = (reservationId: string, note = 'é "q" \\ 😀'): NewEvent =>
  ({
    data: {
      awkward: [{ big: 8_640_000_000_000_000, fraction: 0.25, negative: -1 }],
      intervals: [{ end: Date.UTC(2031, 5, 2, 11), start: Date.UTC(2031, 5, 2, 10), units: 1 }],
      note,
      reservationId,
    },
    metadata: { actor: { kind: 'system', name: 'test' }, at: new Date().toISOString(), correlationId: reservationId, schemaVersion: EVENT_SCHEMA_VERSION },
    type: 'CapacityClaimed',
  }) as unknown as NewEvent

/** Only PostgreSQL announces appends (NOTIFY). */
const kinds = testDatabaseKinds().filter((kind) => kind === 'postgres')

describe.each(kinds)('append notices (%s)', (kind) => {
  const site = usePayloadOn(kind)

  /** Listens on the ledger's channel on a connection of its own, as another process does; `next()` is the next notice's payload. */
  const listenAside = async () => {
    const runtime = ledgerServices.of(site.payload)
    const source = sqlEvents(site.payload.db, runtime.options.slugs.events)
    const pool = (site.payload.db as { pool?: unknown }).pool
    if (source?.dialect !== 'postgres' || !isPgPool(pool)) {
      throw new Error('expected the ledger in PostgreSQL')
    }
    const client = await pool.connect()
    const payloads: string[] = []
    client.on('notification', ({ payload = '' }) => payloads.push(payload))
    await client.query(`LISTEN "${appendChannel(source.table)}"`)
    return {
      channel: appendChannel(source.table),
      async next(): Promise<string> {
        const deadline = Date.now() + 5_000
        while (payloads.length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
        const payload = payloads.shift()
        if (payload === undefined) {
          throw new Error('no notice within 5 s')
        }
        return payload
      },
      pool,
      stop: () => client.release(),
      store: runtime.store,
    }
  }

  it('carries the capacity events of an append exactly as a read of the stream returns them, and every head', async () => {
    const { next, stop, store } = await listenAside()
    try {
      const month = capacityStreamName('notice-a', '2031-06')
      // Any other stream of the same append, as a booking's reservation stream is.
      const reservation = 'notice-a-other'
      await store.appendAtomically!([
        { events: [claim('notice-a-1'), claim('notice-a-2')], expectedRevision: NO_STREAM, stream: month },
        { events: [claim('notice-a-1')], expectedRevision: NO_STREAM, stream: reservation },
      ])
      const notice = parseAppendNotice(await next())
      expect(notice.heads).toEqual([
        { revision: 0, stream: reservation },
        { revision: 1, stream: month },
      ])
      // Only capacity streams' events: the busy index is all a notice feeds.
      expect(notice.events).toEqual(await store.readStream(month, 0))
    } finally {
      stop()
    }
  })

  it('leaves out the events when they would not fit in a notice, and still names each head', async () => {
    const { next, stop, store } = await listenAside()
    try {
      const month = capacityStreamName('notice-b', '2031-06')
      const events = Array.from({ length: 20 }, (_, i) => claim(`notice-b-${i}`, 'x'.repeat(500)))
      await store.append({ events, expectedRevision: NO_STREAM, stream: month })
      expect(parseAppendNotice(await next())).toEqual({ events: [], heads: [{ revision: 19, stream: month }] })
    } finally {
      stop()
    }
  })

  it('leaves the busy index at the stream\'s state when notices come late, twice and out of order, and a decision on the stale view is refused by the append', async () => {
    const { channel, pool, stop, store } = await listenAside()
    stop()
    // The listener's notices are held here and handed over in the order the test chooses.
    const held: { channel: string; payload?: string }[] = []
    let deliver: (message: { channel: string; payload?: string }) => void = () => undefined
    const holding: PgPool = {
      async connect() {
        const client = await pool.connect()
        client.on('notification', (message) => held.push(message))
        return {
          on: ((event: string, listener: (...args: never[]) => void) =>
            event === 'notification' ? (deliver = listener as typeof deliver) : client.on(event as 'end', listener as () => void)) as typeof client.on,
          query: (text) => client.query(text),
          release: (destroy) => client.release(destroy),
        }
      },
    }
    const month = capacityStream('notice-c', '2031-06')
    const busy = new BusyIndex(store)
    await busy.current(month)
    const reported: unknown[] = []
    const report = (error: unknown) => reported.push(error)
    const stopListening = listen(holding, { channels: new Map([[channel, followAppends(busy, report)]]), onListening: () => undefined, report })
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      for (let revision = 0; revision < 3; revision++) {
        await store.append({ events: [claim(`notice-c-${revision}`)], expectedRevision: revision - 1, stream: month.stream })
      }
      const deadline = Date.now() + 5_000
      while (held.length < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      expect(held).toHaveLength(3)
      // No notice delivered yet: a claim decided on this view names a revision the stream has left.
      const stale = busy.known(month)!
      expect(stale.revision).toBe(NO_STREAM)
      const refused = await store.append({ events: [claim('notice-c-late')], expectedRevision: stale.revision, stream: month.stream }).catch((error: unknown) => error)
      expect(isWrongExpectedRevision(refused)).toBe(true)
      for (const index of [2, 0, 1, 1, 0]) {
        deliver(held[index])
      }
      const settled = Date.now() + 5_000
      while (busy.known(month)!.revision < 2 && Date.now() < settled) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const fresh = new BusyIndex(store)
      expect(busy.known(month)!.revision).toBe(2)
      expect(busy.known(month)!.state).toEqual((await fresh.current(month)).state)
      expect(reported).toEqual([])
    } finally {
      await stopListening()
    }
  })
})
