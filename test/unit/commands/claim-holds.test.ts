import { describe, expect, it } from 'vitest'

import type { EventMetadata } from '../../../src/events/types.js'

import { BusyIndex } from '../../../src/capacity/busy-index.js'
import { checkCapacity, holdsOf } from '../../../src/capacity/capacity-decider.js'
import { type HoldsChange, setHolds } from '../../../src/commands/claim-holds.js'
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

  describe('optimistic: the first attempt decides on what this process knows', () => {
    /** Two processes sharing one store, each with its own view; A's reads of the store are recorded. */
    const twoProcesses = async () => {
      const store = createMemoryEventStore()
      const [a, b] = [new BusyIndex(store), new BusyIndex(store)]
      await Promise.all([a.current(JANUARY), b.current(JANUARY)])
      const reads: string[] = []
      const readStream = store.readStream.bind(store)
      store.readStream = ((stream: string, ...rest: [number?, number?]) => {
        reads.push(stream)
        return readStream(stream, ...rest)
      }) as typeof store.readStream
      return { a: { busy: a, store }, b: { busy: b, store }, reads }
    }
    const hold = (operation: string, hour: number) => ({ after: -1, intervals: [{ end: (hour + 1) * HOUR, start: hour * HOUR, units: 1 }], operation })
    /** Adds a hold of `operation` at `hour` where one unit of capacity allows it, as a booking does. */
    const book =
      (reservationId: string, operation: string, hour: number): HoldsChange =>
      (holds, state) => {
        checkCapacity(state, reservationId, hold(operation, hour).intervals, 1)
        return [...holds, hold(operation, hour)]
      }

    it('appends on a fresh view without reading the stream', async () => {
      const { a, reads } = await twoProcesses()
      await setHolds(a, 'x', JANUARY, metadata, book('x', 'op-x', 9), { optimistic: true })
      expect(reads).toEqual([])
      expect(holdsOf(a.busy.known(JANUARY)!.state, 'x')).toEqual([hold('op-x', 9)])
    })

    it('on a stale view, is refused at the append and decides again at the head: the same refusal as without it', async () => {
      const { a, b } = await twoProcesses()
      await setHolds(b, 'y', JANUARY, metadata, book('y', 'op-y', 9))
      // A's view has not seen Y: the slot looks free to it.
      expect(a.busy.known(JANUARY)!.revision).toBe(-1)
      const refused: number[] = []
      const { append } = a.store
      a.store.append = (request) => append.call(a.store, request).catch((error: unknown) => {
        refused.push(request.expectedRevision)
        throw error
      })
      await expect(setHolds(a, 'x', JANUARY, metadata, book('x', 'op-x', 9), { optimistic: true })).rejects.toThrow('The requested time is not available')
      expect(refused, 'the append made on the stale view').toEqual([-1])
      const { revision, state } = await b.busy.current(JANUARY)
      expect(revision).toBe(0)
      expect(holdsOf(state, 'x')).toEqual([])
    })

    it('refuses only at the head: a slot its stale view shows taken is held when it is free', async () => {
      const { a, b } = await twoProcesses()
      await setHolds(a, 'y', JANUARY, metadata, book('y', 'op-y', 9))
      // B releases Y, which A has not seen.
      await setHolds(b, 'y', JANUARY, metadata, () => [])
      await setHolds(a, 'x', JANUARY, metadata, book('x', 'op-x', 9), { optimistic: true })
      const { state } = await b.busy.current(JANUARY)
      expect([holdsOf(state, 'x'), holdsOf(state, 'y')]).toEqual([[hold('op-x', 9)], []])
    })

    it('confirms at the head that nothing is to be appended before appending nothing', async () => {
      const { a, b } = await twoProcesses()
      // Another operation on X, in B, holds a slot A has not seen.
      await setHolds(b, 'x', JANUARY, metadata, book('x', 'op-b', 9))
      await setHolds(a, 'x', JANUARY, metadata, (holds) => holds.filter(({ operation }) => operation !== 'op-b'), { optimistic: true })
      expect(holdsOf((await b.busy.current(JANUARY)).state, 'x')).toEqual([])
    })
  })
})
