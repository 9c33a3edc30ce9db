import { describe, expect, it } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'
import type { NewEvent } from '../../../src/events/types.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { NO_STREAM } from '../../../src/events/store.js'
import { resourceStream } from '../../../src/events/types.js'
import { BusyIndex } from '../../../src/capacity/busy-index.js'

const HOUR = 3_600_000
const metadata = { actor: { kind: 'system', name: 'spec' }, at: '2030-01-01T00:00:00.000Z', schemaVersion: 1 } as const

const claim = (index: number): NewEvent =>
  ({
    data: { intervals: [{ end: (index + 1) * HOUR, start: index * HOUR, units: 1 }], reservationId: `r-${index}` },
    metadata,
    type: 'CapacityClaimed',
  }) as NewEvent

/** Counts the reads a store answers. */
const counting = (store: EventStore) => {
  const reads: number[] = []
  const readStream = store.readStream.bind(store)
  store.readStream = ((stream: string, from?: number, limit?: number) => {
    reads.push(limit ?? Infinity)
    return readStream(stream, from, limit)
  }) as EventStore['readStream']
  return reads
}

describe('busy index', () => {
  it('hydrates a long resource stream completely, a page of 1,000 events at a time', async () => {
    const store = createMemoryEventStore()
    await store.append({ events: Array.from({ length: 2_500 }, (_, i) => claim(i)), expectedRevision: NO_STREAM, stream: resourceStream('r1') })
    const reads = counting(store)
    const busy = new BusyIndex(store)

    const snapshot = await busy.current('r1')

    expect(snapshot.revision).toBe(2_499)
    expect(snapshot.state.index.size).toBe(2_500)
    expect(reads).toEqual([1_000, 1_000, 1_000])
  })

  it('reads only what is new on the next call, and knows nothing of a resource before hydrating it', async () => {
    const store = createMemoryEventStore()
    const busy = new BusyIndex(store)
    expect(busy.known('r1')).toBeUndefined()
    await store.append({ events: [claim(0)], expectedRevision: NO_STREAM, stream: resourceStream('r1') })
    await busy.current('r1')
    await store.append({ events: [claim(1)], expectedRevision: 0, stream: resourceStream('r1') })

    // Another writer's event: unknown until the stream is read again.
    expect(busy.known('r1')?.revision).toBe(0)
    expect((await busy.current('r1')).state.index.size).toBe(2)
  })
})
