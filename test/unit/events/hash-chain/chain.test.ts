import { describe, expect, it } from 'vitest'

import type { EventStore } from '../../../../src/events/store.js'
import type { EventMetadata, NewEvent, RecordedEvent } from '../../../../src/events/types.js'

import { createMemoryEventStore } from '../../../../src/events/adapters/memory.js'
import { canonicalJson } from '../../../../src/events/hash-chain/canonical-json.js'
import { ChainVerifier } from '../../../../src/events/hash-chain/chain-verifier.js'
import { Checkpointer } from '../../../../src/events/hash-chain/checkpointer.js'
import { eventHash } from '../../../../src/events/hash-chain/event-hash.js'
import { hashChained } from '../../../../src/events/hash-chain/hash-chained-store.js'
import { isWrongExpectedRevision } from '../../../../src/events/store.js'
import { CHECKPOINT_STREAM, reservationStream, resourceStream } from '../../../../src/events/types.js'
import { verifyLedger } from '../../../../src/ledger-io/verify.js'

const metadata: EventMetadata = { actor: { kind: 'guest' }, at: '2031-01-01T09:00:00.000Z', correlationId: 'x1', schemaVersion: 1 }
const claim = (start: number): NewEvent => ({
  data: { intervals: [{ end: start + 60, start, units: 1 }], reservationId: 'x1' },
  metadata,
  type: 'CapacityClaimed',
})

const positions = () => {
  let saved: string | undefined
  return { load: () => Promise.resolve(saved), save: (position: string) => Promise.resolve(void (saved = position)) }
}

/** A memory store whose events can be changed after the fact, as someone with database access could. */
const tamperable = () => {
  const inner = createMemoryEventStore()
  const edits: Array<(events: RecordedEvent[]) => RecordedEvent[]> = []
  const edit = (events: RecordedEvent[]) => edits.reduce((all, change) => change(all), events)
  const view: EventStore = {
    ...inner,
    readAll: async (options) => edit(await inner.readAll({ ...options, limit: 1_000_000 })).slice(0, options.limit),
    readStream: async (stream) => edit(await inner.readStream(stream)) as never,
  }
  return { edits, inner, store: hashChained(inner), view }
}

const breaksOf = async (store: EventStore) => (await verifyLedger(store)).breaks

const booked = async () => {
  const ledger = tamperable()
  const r1 = resourceStream('r1')
  await ledger.store.append({ events: [claim(0), claim(100)], expectedRevision: -1, stream: r1 })
  await ledger.store.appendAtomically!([
    { events: [claim(200)], expectedRevision: 1, stream: r1 },
    { events: [claim(300)], expectedRevision: -1, stream: resourceStream('r2') },
  ])
  await ledger.store.append({ events: [claim(400), claim(500)], expectedRevision: 2, stream: r1 })
  return ledger
}

describe('canonicalJson', () => {
  it('gives one text for one value, whatever the key order, leaving out undefined as JSON does', () => {
    expect(canonicalJson({ b: [1, { d: 'é', c: null }], a: undefined, e: 1.5 })).toBe('{"b":[1,{"c":null,"d":"é"}],"e":1.5}')
    expect(canonicalJson({ z: 1, a: { y: 2, b: 3 } })).toBe(canonicalJson(JSON.parse('{"a":{"b":3,"y":2},"z":1}')))
  })
})

describe('the hash-chained store', () => {
  it('chains every appended event to the one before it in its stream, across append calls and atomic appends', async () => {
    const { store } = await booked()
    const events = await store.readStream(resourceStream('r1'))
    expect(events.map(({ revision }) => revision)).toEqual([0, 1, 2, 3, 4])
    let previous: null | string = null
    for (const event of events) {
      expect(event.metadata.previousHash).toBe(previous)
      expect(event.metadata.hash).toBe(eventHash(event, previous))
      previous = event.metadata.hash!
    }
    expect(await breaksOf(store)).toEqual([])
  })

  it('chains an append from another process (a head it has not seen) by reading that one event', async () => {
    const { inner, store } = await booked()
    const other = hashChained(inner)
    await other.append({ events: [claim(600)], expectedRevision: 4, stream: resourceStream('r1') })
    await store.append({ events: [claim(700)], expectedRevision: 5, stream: resourceStream('r1') })
    expect(await breaksOf(store)).toEqual([])
  })

  it('refuses an append at a revision the stream does not have, as the store does', async () => {
    const { store } = await booked()
    const error = await store.append({ events: [claim(0)], expectedRevision: 9, stream: resourceStream('r1') }).catch((reason: unknown) => reason)
    expect(isWrongExpectedRevision(error)).toBe(true)
  })

  it('starts the chain over events written before hashing with the hashes they would have had', async () => {
    const inner = createMemoryEventStore()
    const r1 = resourceStream('r1')
    await inner.append({ events: [claim(0), claim(100)], expectedRevision: -1, stream: r1 })
    const store = hashChained(inner)
    await store.append({ events: [claim(200)], expectedRevision: 1, stream: r1 })
    await inner.append({ events: [claim(300)], expectedRevision: 2, stream: r1 })
    await store.append({ events: [claim(400)], expectedRevision: 3, stream: r1 })

    const [legacy0, legacy1, hashed2] = await inner.readStream(r1)
    expect(legacy0.metadata.hash).toBeUndefined()
    expect(hashed2.metadata.previousHash).toBe(eventHash(legacy1, eventHash(legacy0, null)))
    const report = await verifyLedger(store)
    expect(report).toMatchObject({ breaks: [], events: 5, unhashed: 3 })
  })
})

describe('verify', () => {
  it('names the stream and revision of an event whose data or metadata changed', async () => {
    for (const change of [
      (event: RecordedEvent) => ({ ...event, data: { ...event.data, intervals: [] } }),
      (event: RecordedEvent) => ({ ...event, metadata: { ...event.metadata, actor: { kind: 'system', name: 'me' } } }),
    ] as Array<(event: RecordedEvent) => RecordedEvent>) {
      const ledger = await booked()
      ledger.edits.push((events) => events.map((event) => (event.stream === resourceStream('r1') && event.revision === 2 ? change(event) : event)))
      expect(await breaksOf(ledger.view)).toEqual([{ kind: 'altered', revision: 2, stream: resourceStream('r1') }])
    }
  })

  it('finds an event removed from the middle, and two events swapped', async () => {
    const removed = await booked()
    removed.edits.push((events) => events.filter((event) => !(event.stream === resourceStream('r1') && event.revision === 1)))
    expect(await breaksOf(removed.view)).toEqual([{ kind: 'removed', revision: 1, stream: resourceStream('r1') }])

    const swapped = await booked()
    const swap: Record<number, number> = { 2: 3, 3: 2 }
    swapped.edits.push((events) =>
      events.map((event) => (event.stream === resourceStream('r1') && swap[event.revision] !== undefined ? { ...event, revision: swap[event.revision] } : event)),
    )
    expect(await breaksOf(swapped.view)).toEqual([{ kind: 'reordered', revision: 2, stream: resourceStream('r1'), writtenAt: 3 }])
  })

  it('finds an event replaced together with its hash by the one after it', async () => {
    const ledger = await booked()
    ledger.edits.push((events) =>
      events.map((event) => {
        if (event.stream !== resourceStream('r1') || event.revision !== 2) {
          return event
        }
        const forged = { ...event, data: { ...event.data, intervals: [] } } as RecordedEvent
        return { ...forged, metadata: { ...forged.metadata, hash: eventHash(forged, forged.metadata.previousHash!) } }
      }),
    )
    expect(await breaksOf(ledger.view)).toEqual([{ kind: 'relinked', revision: 3, stream: resourceStream('r1') }])
  })

  it('after a checkpoint, finds a stream deleted, a stream cut short and a head replaced', async () => {
    const ledger = await booked()
    const checkpoints = new Checkpointer(ledger.store, positions(), { lookbackMs: 60_000 })
    expect(await checkpoints.run()).toBe(2)
    expect(await checkpoints.run()).toBe(0)
    await ledger.store.append({ events: [claim(900)], expectedRevision: -1, stream: reservationStream('x2') })
    expect(await checkpoints.run()).toBe(1)
    expect(await verifyLedger(ledger.store)).toMatchObject({ breaks: [], checkpointed: 3 })

    ledger.edits.push((events) =>
      events.filter(
        (event) => event.stream !== resourceStream('r2') && !(event.stream === resourceStream('r1') && event.revision === 4),
      ),
    )
    expect(await breaksOf(ledger.view)).toEqual([
      { kind: 'shortened', listed: 4, revision: 3, stream: resourceStream('r1') },
      { kind: 'shortened', listed: 0, revision: -1, stream: resourceStream('r2') },
    ])
  })

  it('checkpoints from where the last pass (of any process) got to, a page at a time', async () => {
    const ledger = await booked()
    // 1000 events in all: exactly one full page, then an empty one.
    for (let i = 0; i < 994; i++) {
      await ledger.store.append({ events: [claim(i)], expectedRevision: -1, stream: resourceStream(`p${i}`) })
    }
    const saved = positions()
    expect(await new Checkpointer(ledger.store, saved, { lookbackMs: 0 }).run()).toBe(996)
    // A restarted process reads on from the saved position: nothing new, nothing listed.
    expect(await new Checkpointer(ledger.store, saved, { lookbackMs: 0 }).run()).toBe(0)
    await ledger.store.append({ events: [claim(1)], expectedRevision: 0, stream: resourceStream('p7') })
    expect(await new Checkpointer(ledger.store, saved, { lookbackMs: 0 }).run()).toBe(1)
    const checkpoints = await ledger.store.readStream(CHECKPOINT_STREAM)
    expect(checkpoints.map(({ data }) => (data as unknown as { heads: unknown[] }).heads.length)).toEqual([500, 496, 1])
    expect(await verifyLedger(ledger.store)).toMatchObject({ breaks: [], checkpointed: 996 })
  })

  it('checks the checkpoints as a chain of their own', async () => {
    const ledger = await booked()
    await new Checkpointer(ledger.store, positions(), { lookbackMs: 60_000 }).run()
    ledger.edits.push((events) =>
      events.map((event) => (event.stream === CHECKPOINT_STREAM ? ({ ...event, data: { heads: [] } } as unknown as RecordedEvent) : event)),
    )
    expect(await breaksOf(ledger.view)).toEqual([{ kind: 'altered', revision: 0, stream: CHECKPOINT_STREAM }])
  })

  it('takes a stream whose events arrive out of revision order (late commits) as intact', () => {
    const verifier = new ChainVerifier()
    const stream = resourceStream('r9')
    const first = { ...claim(0), revision: 0, stream }
    const hashed0 = { ...first, metadata: { ...metadata, hash: eventHash(first, null), previousHash: null } }
    const second = { ...claim(100), revision: 1, stream }
    const hashed1 = { ...second, metadata: { ...metadata, hash: eventHash(second, hashed0.metadata.hash), previousHash: hashed0.metadata.hash } }
    verifier.accept(hashed1)
    verifier.accept(hashed0)
    expect(verifier.finish()).toMatchObject({ breaks: [], events: 2, streams: 1, unhashed: 0 })
  })
})
