import type { EventStore } from '../../src/events/store.js'
import type { RecordedEvent, ResourceEvent } from '../../src/events/types.js'

import { evolveCapacity, initialCapacityState } from '../../src/capacity/capacity-decider.js'
import { IntervalIndex } from '../../src/capacity/interval-index.js'
import { parseCapacityStream } from '../../src/events/capacity-streams.js'
import { RESOURCE_STREAM_PREFIX } from '../../src/events/types.js'

/** The month streams a resource has claims in, by name: the whole ledger's, for the suites' invariants. */
export const monthStreamsOf = async (store: EventStore, resource: string): Promise<string[]> => {
  const streams = new Set<string>()
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, limit: 1_000, streamPrefix: `${RESOURCE_STREAM_PREFIX}${resource}-` })
    for (const { stream } of page) {
      if (parseCapacityStream(stream)?.resource === resource) {
        streams.add(stream)
      }
    }
    if (page.length < 1_000) {
      return [...streams].sort()
    }
    after = page[page.length - 1].position
  }
}

/** Each month stream's events of a resource, one list per stream. */
export const monthEventsOf = async (store: EventStore, resource: string): Promise<RecordedEvent<ResourceEvent>[][]> =>
  Promise.all((await monthStreamsOf(store, resource)).map((stream) => store.readStream<ResourceEvent>(stream)))

/** Every claim the resource's month streams hold at their heads, each once (a claim spanning months is in each). */
export const claimsOf = async (store: EventStore, resource: string): Promise<IntervalIndex> => {
  const merged = new IntervalIndex()
  const seen = new Set<string>()
  for (const events of await monthEventsOf(store, resource)) {
    const state = initialCapacityState()
    events.forEach((event) => evolveCapacity(state, event))
    for (const { end, key, start, units } of state.index.overlapping(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)) {
      const id = `${key} ${start} ${end} ${units}`
      if (!seen.has(id)) {
        seen.add(id)
        merged.add(key, { end, start, units })
      }
    }
  }
  return merged
}

/** The unit suites book in 2030: a window over all of it. */
export const IN_2030 = [Date.parse('2030-01-01T00:00:00.000Z'), Date.parse('2031-01-01T00:00:00.000Z')] as const
