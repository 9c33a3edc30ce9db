import { describe, expect, it } from 'vitest'

import type { ClaimHold, NewEvent } from '../../../src/events/types.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { capacityStreamName } from '../../../src/events/capacity-streams.js'
import { EVENT_SCHEMA_VERSION } from '../../../src/events/types.js'
import { overbookings } from '../../integration/ledger/jetstream-cluster-invariants.js'

const HOUR = 3_600_000
const at = (hours: number) => Date.UTC(2033, 2, 1, 10) + hours * HOUR
const interval = (from: number, to: number) => ({ end: at(to), start: at(from), units: 1 })

const claimed = (reservationId: string, holds: ClaimHold[]): NewEvent => ({
  data: { holds, intervals: holds.flatMap((hold) => hold.intervals), reservationId },
  metadata: { actor: { kind: 'system', name: 'test' }, at: new Date(0).toISOString(), correlationId: reservationId, schemaVersion: EVENT_SCHEMA_VERSION },
  type: 'CapacityClaimed',
})

/** The overbookings found on a one-unit resource whose month stream holds `events`. */
const check = async (events: NewEvent[]) => {
  const store = createMemoryEventStore()
  await store.append({ events, expectedRevision: -1, stream: capacityStreamName('1', '2033-03') })
  return overbookings(store, [{ capacityMode: 'per-reservation', id: 1, quantity: 1 }])
}

describe('the cluster suite check for overbooking', () => {
  it('finds two reservations holding the one unit at once', async () => {
    const found = await check([
      claimed('a', [{ after: -1, intervals: [interval(0, 1)], operation: 'a1' }]),
      claimed('b', [{ after: -1, intervals: [interval(0.5, 1.5)], operation: 'b1' }]),
    ])
    expect(found).toEqual([{ peak: 2, quantity: 1, resource: '1', where: 'reserve-resource-1-2033-03 revision 1: b by {"kind":"system","name":"test"}; held by a, b' }])
  })

  it('counts one reservation once while it holds two operations’ holds (a move half done)', async () => {
    expect(await check([claimed('a', [{ after: -1, intervals: [interval(0, 1)], operation: 'a1' }, { after: 0, intervals: [interval(0.5, 1.5)], operation: 'a2' }])])).toEqual([])
  })

  it('adds up the intervals of one hold, as a booking’s items take units each', async () => {
    const found = await check([claimed('a', [{ after: -1, intervals: [interval(0, 1), interval(0.5, 1.5)], operation: 'a1' }])])
    expect(found).toHaveLength(1)
  })
})
