import { describe, expect, it } from 'vitest'

import type { EventMetadata } from '../../../src/events/types.js'

import { BusyIndex } from '../../../src/capacity/busy-index.js'
import { setHolds } from '../../../src/commands/claim-holds.js'
import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { capacityStream } from '../../../src/events/capacity-streams.js'

const HOUR = 3_600_000
const metadata = { actor: { kind: 'system', name: 'spec' }, at: '1970-01-01T00:00:00.000Z', correlationId: 'spec', schemaVersion: 1 } as unknown as EventMetadata
const JANUARY = capacityStream('r1', '1970-01')

describe('holds rewritten in a month stream (stores that append one stream at a time)', () => {
  it('takes 20 rewrites of one month at once in this process one after another: no append is refused as stale', async () => {
    // An append slower than a read, as a replicated publish is beside a read from the leader:
    // a second rewrite reads the head while the first one's append is still on its way.
    const store = createMemoryEventStore()
    const refused: string[] = []
    const { append } = store
    store.append = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return append.call(store, request).catch((error: unknown) => {
        refused.push(request.stream)
        throw error
      })
    }
    const busy = new BusyIndex(store)
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        setHolds({ busy, store }, `booking-${index}`, JANUARY, metadata, (holds) => [
          ...holds,
          { after: -1, intervals: [{ end: (index + 1) * HOUR, start: index * HOUR, units: 1 }], operation: `operation-${index}` },
        ]),
      ),
    )
    expect(refused).toEqual([])
    const { revision, state } = await busy.current(JANUARY)
    expect(revision).toBe(19)
    expect(state.index.overlapping(0, 20 * HOUR)).toHaveLength(20)
  })
})
