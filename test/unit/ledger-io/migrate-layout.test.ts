import { describe, expect, it } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { ClaimHold, Interval, NewEvent, ResourceEvent } from '../../../src/events/types.js'

import { LedgerLayoutError } from '../../../src/capacity/busy-index.js'
import { evolveCapacity, initialCapacityState } from '../../../src/capacity/capacity-decider.js'
import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { capacityStreamName } from '../../../src/events/capacity-streams.js'
import { EVENT_SCHEMA_VERSION, resourceStream } from '../../../src/events/types.js'
import { exportText } from './ledger-file.js'
import { migrateToMonthStreams } from '../../../src/ledger-io/migrate-layout.js'
import { booking, createLedger, plan, staff } from '../../support/ledger-fixtures.js'

const at = (iso: string, minutes = 60, units = 1): Interval => ({ end: Date.parse(iso) + minutes * 60_000, start: Date.parse(iso), units })
const metadata = { actor: { kind: 'system', name: 'old-version' }, at: '2030-01-01T00:00:00.000Z', correlationId: 'x', schemaVersion: EVENT_SCHEMA_VERSION } as const
const claimed = (reservationId: string, intervals: Interval[], holds?: ClaimHold[]): NewEvent =>
  ({ data: { ...(holds ? { holds } : {}), intervals, reservationId }, metadata, type: 'CapacityClaimed' }) as NewEvent
const released = (reservationId: string): NewEvent => ({ data: { reservationId }, metadata, type: 'CapacityReleased' }) as NewEvent

/** A ledger as the previous version wrote it: r1's whole history in `reserve-resource-r1`. */
const oldLedger = async (store: EventStore) => {
  await store.append({
    events: [
      // Across the end of January: January's and February's streams both get it.
      claimed('a', [at('2030-01-31T23:30:00.000Z')]),
      claimed('b', [at('2030-03-10T09:00:00.000Z')]),
      // A move half done on a store that appends one stream at a time: two operations' holds.
      claimed('c', [at('2030-03-11T09:00:00.000Z'), at('2030-04-02T09:00:00.000Z')], [
        { after: 0, intervals: [at('2030-03-11T09:00:00.000Z')], operation: 'op-1' },
        { after: 1, intervals: [at('2030-04-02T09:00:00.000Z')], operation: 'op-2' },
      ]),
      released('b'),
      claimed('d', [at('2030-01-15T09:00:00.000Z')]),
      // Moved from January to May.
      claimed('d', [at('2030-05-20T09:00:00.000Z')]),
    ],
    expectedRevision: -1,
    stream: resourceStream('r1'),
  })
}

/** What a month stream holds at its head: per reservation, its intervals and holds. */
const monthOf = async (store: EventStore, month: string) => {
  const state = initialCapacityState()
  for (const event of await store.readStream<ResourceEvent>(capacityStreamName('r1', month))) {
    evolveCapacity(state, event)
  }
  const keys = [...new Set(state.index.overlapping(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER).map(({ key }) => key))].sort()
  return Object.fromEntries(keys.map((key) => [key, { holds: state.holds.get(key), intervals: state.index.intervalsOf(key) }]))
}

describe('migrating a ledger of the first layout to month streams', () => {
  it('is refused by the app until migrated; then every month holds exactly the claims reaching into it', async () => {
    const store = createMemoryEventStore()
    await oldLedger(store)
    const { ledger } = createLedger({ store })
    // Deciding without the old stream's claims could double-book: the app refuses instead.
    await expect(ledger.execute(booking(plan(['r1'], '2030-02-01T00:00:00.000Z')), staff)).rejects.toBeInstanceOf(LedgerLayoutError)

    expect(await migrateToMonthStreams(store, { now: new Date('2030-06-01T00:00:00.000Z') })).toEqual({ claims: 5, resources: 1 })

    expect(await monthOf(store, '2030-01')).toEqual({ a: { holds: undefined, intervals: [at('2030-01-31T23:30:00.000Z')] } })
    expect(await monthOf(store, '2030-02')).toEqual({ a: { holds: undefined, intervals: [at('2030-01-31T23:30:00.000Z')] } })
    expect(await monthOf(store, '2030-03')).toEqual({
      c: { holds: [{ after: 0, intervals: [at('2030-03-11T09:00:00.000Z')], operation: 'op-1' }], intervals: [at('2030-03-11T09:00:00.000Z')] },
    })
    expect(await monthOf(store, '2030-04')).toEqual({
      c: { holds: [{ after: 1, intervals: [at('2030-04-02T09:00:00.000Z')], operation: 'op-2' }], intervals: [at('2030-04-02T09:00:00.000Z')] },
    })
    expect(await monthOf(store, '2030-05')).toEqual({ d: { holds: undefined, intervals: [at('2030-05-20T09:00:00.000Z')] } })
    // The old stream is kept whole, closed by the mark the app checks.
    const old = await store.readStream(resourceStream('r1'))
    expect(old.map((event) => event.type as string)).toEqual([...Array(6).fill(expect.any(String)), 'CapacityMovedToMonths'])

    // The migrated claims decide: A's time across midnight is taken, B's and D's old time are free.
    await expect(ledger.execute(booking(plan(['r1'], '2030-02-01T00:00:00.000Z', 30)), staff)).rejects.toMatchObject({ kind: 'conflict' })
    await expect(ledger.execute(booking(plan(['r1'], '2030-03-10T09:00:00.000Z')), staff)).resolves.toBeDefined()
    await expect(ledger.execute(booking(plan(['r1'], '2030-01-15T09:00:00.000Z')), staff)).resolves.toBeDefined()
    await expect(ledger.execute(booking(plan(['r1'], '2030-05-20T09:30:00.000Z')), staff)).rejects.toMatchObject({ kind: 'conflict' })
  })

  it('does nothing when run again, and the ledger still exports as a valid file', async () => {
    const store = createMemoryEventStore()
    await oldLedger(store)
    await migrateToMonthStreams(store, { now: new Date('2030-06-01T00:00:00.000Z') })
    const before = await store.readAll({ limit: 1_000 })

    expect(await migrateToMonthStreams(store, { now: new Date('2030-06-02T00:00:00.000Z') })).toEqual({ claims: 0, resources: 0 })
    expect(await store.readAll({ limit: 1_000 })).toEqual(before)
    expect(await exportText(store)).toContain('"type":"CapacityMovedToMonths"')
  })

  it('moves again what a writer of the old version appended while it ran, so the months end as the old stream does', async () => {
    const base = createMemoryEventStore()
    await oldLedger(base)
    let raced = false
    const store: EventStore = Object.assign(Object.create(Object.getPrototypeOf(base)), base, {
      async append(request: Parameters<EventStore['append']>[0]) {
        if (request.stream === resourceStream('r1') && !raced) {
          raced = true
          // Just before the mark: the old version cancels A and books E.
          await base.append({ events: [released('a'), claimed('e', [at('2030-02-14T10:00:00.000Z')])], expectedRevision: 5, stream: resourceStream('r1') })
        }
        return base.append(request)
      },
    })

    await migrateToMonthStreams(store, { now: new Date('2030-06-01T00:00:00.000Z') })

    expect(await monthOf(base, '2030-01')).toEqual({})
    expect(await monthOf(base, '2030-02')).toEqual({ e: { holds: undefined, intervals: [at('2030-02-14T10:00:00.000Z')] } })
    expect((await base.readStream(resourceStream('r1'))).at(-1)?.type as string).toBe('CapacityMovedToMonths')
  })
})
