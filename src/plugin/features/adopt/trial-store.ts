import type { AppendRequest, EventStore } from '../../../events/store.js'

import { createMemoryEventStore } from '../../../events/adapters/memory.js'

/**
 * A store for a dry run: reads what `real` holds, keeps every append in memory. Each stream is
 * copied from `real` the first time it is touched, so a trial decides against the real ledger
 * through the same command handler and writes nothing to it.
 */
export const trialStore = (real: EventStore): EventStore => {
  const memory = createMemoryEventStore()
  const copied = new Map<string, Promise<void>>()
  const copy = (stream: string): Promise<void> => {
    let done = copied.get(stream)
    if (!done) {
      done = real.readStream(stream).then(async (events) => {
        if (events.length > 0) {
          await memory.append({ events: events.map(({ data, metadata, type }) => ({ data, metadata, type }) as AppendRequest['events'][number]), expectedRevision: -1, stream })
        }
      })
      copied.set(stream, done)
    }
    return done
  }
  return {
    ...memory,
    async append(request) {
      await copy(request.stream)
      return memory.append(request)
    },
    async appendAtomically(requests) {
      await Promise.all(requests.map(({ stream }) => copy(stream)))
      return memory.appendAtomically!(requests)
    },
    kind: `trial of ${real.kind}`,
    async readStream(stream, fromRevision, limit) {
      await copy(stream)
      return memory.readStream(stream, fromRevision, limit)
    },
    async streamRevision(stream) {
      await copy(stream)
      return memory.streamRevision(stream)
    },
  }
}
