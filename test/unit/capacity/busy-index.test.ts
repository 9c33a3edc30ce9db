import { describe, expect, it } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { NewEvent } from '../../../src/events/types.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { capacityStream, capacityStreamName } from '../../../src/events/capacity-streams.js'
import { NO_STREAM } from '../../../src/events/store.js'
import { resourceStream } from '../../../src/events/types.js'
import { BusyIndex, LedgerLayoutError } from '../../../src/capacity/busy-index.js'

const HOUR = 3_600_000
const metadata = { actor: { kind: 'system', name: 'spec' }, at: '2030-01-01T00:00:00.000Z', schemaVersion: 1 } as const
const JANUARY = capacityStream('r1', '1970-01')

const claim = (index: number, hours = 1): NewEvent =>
  ({
    data: { intervals: [{ end: (index + hours) * HOUR, start: index * HOUR, units: 1 }], reservationId: `r-${index}` },
    metadata,
    type: 'CapacityClaimed',
  }) as NewEvent

/** Counts the reads a store answers, by stream. */
const counting = (store: EventStore) => {
  const reads: Array<{ limit: number; stream: string }> = []
  const readStream = store.readStream.bind(store)
  store.readStream = ((stream: string, from?: number, limit?: number) => {
    reads.push({ limit: limit ?? Infinity, stream })
    return readStream(stream, from, limit)
  }) as EventStore['readStream']
  return reads
}

describe('busy index', () => {
  it('hydrates a long month stream completely, a page of 1,000 events at a time', async () => {
    const store = createMemoryEventStore()
    await store.append({ events: Array.from({ length: 2_500 }, (_, i) => claim(i)), expectedRevision: NO_STREAM, stream: JANUARY.stream })
    const reads = counting(store)
    const busy = new BusyIndex(store)

    const snapshot = await busy.current(JANUARY)

    expect(snapshot.revision).toBe(2_499)
    expect(snapshot.state.index.size).toBe(2_500)
    expect(reads.map(({ limit }) => limit)).toEqual([1_000, 1_000, 1_000])
  })

  it('reads only what is new on the next call, and knows nothing of a month before hydrating it', async () => {
    const store = createMemoryEventStore()
    const busy = new BusyIndex(store)
    expect(busy.known(JANUARY)).toBeUndefined()
    await store.append({ events: [claim(0)], expectedRevision: NO_STREAM, stream: JANUARY.stream })
    await busy.current(JANUARY)
    await store.append({ events: [claim(1)], expectedRevision: 0, stream: JANUARY.stream })

    // Another writer's event: unknown until the stream is read again.
    expect(busy.known(JANUARY)?.revision).toBe(0)
    expect((await busy.current(JANUARY)).state.index.size).toBe(2)
  })

  it('answers a range from the months it touches only, a claim spanning two months once', async () => {
    const store = createMemoryEventStore()
    const endOfJanuary = 31 * 24 - 1
    // January's last hour into February's first: recorded in both months' streams.
    await store.append({ events: [claim(endOfJanuary, 2)], expectedRevision: NO_STREAM, stream: JANUARY.stream })
    await store.append({ events: [claim(endOfJanuary, 2)], expectedRevision: NO_STREAM, stream: capacityStreamName('r1', '1970-02') })
    await store.append({ events: [claim(0)], expectedRevision: NO_STREAM, stream: capacityStreamName('r1', '1969-12') })
    const reads = counting(store)
    const busy = new BusyIndex(store)

    const index = await busy.window('r1', (endOfJanuary - 5) * HOUR, (endOfJanuary + 5) * HOUR)

    expect(index.overlapping(0, Infinity).map(({ key }) => key)).toEqual([`r-${endOfJanuary}`])
    expect(index.peakUnits(endOfJanuary * HOUR, (endOfJanuary + 2) * HOUR)).toBe(1)
    expect(new Set(reads.map(({ stream }) => stream))).toEqual(new Set([JANUARY.stream, capacityStreamName('r1', '1970-02')]))
  })

  it('refuses a resource whose claims are in the first layout until they are migrated', async () => {
    const store = createMemoryEventStore()
    await store.append({ events: [claim(0)], expectedRevision: NO_STREAM, stream: resourceStream('r1') })
    const busy = new BusyIndex(store)

    await expect(busy.current(JANUARY)).rejects.toBeInstanceOf(LedgerLayoutError)

    const moved = { data: { months: ['1970-01'], resourceId: 'r1' }, metadata, type: 'CapacityMovedToMonths' } as unknown as NewEvent
    await store.append({ events: [moved], expectedRevision: 0, stream: resourceStream('r1') })
    await expect(busy.current(JANUARY)).resolves.toMatchObject({ revision: NO_STREAM })
  })
})
