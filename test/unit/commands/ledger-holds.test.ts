import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'

import type { PlaceHold } from '../../../src/commands/reservation-commands.js'

import type { EventStore } from '../../../src/events/store.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { RESERVATION_STREAM_PREFIX } from '../../../src/events/types.js'
import { createLedger, customer, plan, withLatency, withoutAtomicAppend } from '../../support/ledger-fixtures.js'

const NOW = new Date('2030-01-01T00:00:00.000Z')

const placeHold = (hour: number): PlaceHold => ({
  data: {
    customer: null,
    expiresAt: new Date(NOW.getTime() + 10 * 60_000).toISOString(),
    guest: null,
    holder: { collection: 'users', id: 'cust-1', kind: 'user' },
    holderKey: 'user:users:cust-1',
    plan: plan([`r${hour}`], `2030-01-02T${String(hour).padStart(2, '0')}:00:00.000Z`),
    reservationId: uuidv7(),
  },
  type: 'PlaceHold',
})

describe.each([
  ['atomic appends', () => withLatency(createMemoryEventStore(), () => 0.5)],
  ['one stream at a time', () => withLatency(withoutAtomicAppend(createMemoryEventStore()), () => 0.5)],
])('the limit of live holds per caller (%s)', (_label, makeStore) => {
  it('lets 8 concurrent holds of one caller, on 8 free resources, place no more than the limit (3)', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => ledger.execute(placeHold(n + 1), customer)))
    expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(3)
    for (const result of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(result.reason).toMatchObject({ kind: 'limit', path: 'holdId' })
    }
  })

  it('counts only holds still held: an expired one makes room', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    const placed = []
    for (const hour of [1, 2, 3]) {
      placed.push((await ledger.execute(placeHold(hour), customer)).state)
    }
    await expect(ledger.execute(placeHold(4), customer)).rejects.toMatchObject({ kind: 'limit' })
    const first = placed[0].kind === 'held' ? placed[0].hold : undefined
    await ledger.execute({ data: { reservationId: first!.reservationId }, type: 'ExpireHold' }, { ...customer, now: new Date(first!.expiresAt), privileged: true })
    expect((await ledger.execute(placeHold(4), customer)).state.kind).toBe('held')
  })
})

describe('the limit of live holds per caller, one stream at a time', () => {
  /** Appends to reservation streams land late, as when a hold's own stream follows its holder-stream entry. */
  const slowReservationStreams = (store: EventStore): EventStore =>
    Object.assign(Object.create(Object.getPrototypeOf(store)), store, {
      append: async (request: Parameters<EventStore['append']>[0]) => {
        if (request.stream.startsWith(RESERVATION_STREAM_PREFIX)) {
          await new Promise((resolve) => setTimeout(resolve, 400))
        }
        return store.append(request)
      },
      committed: store.committed,
    }) as EventStore

  it('counts a hold whose own stream is still being written', async () => {
    const { ledger } = createLedger({ store: slowReservationStreams(withoutAtomicAppend(createMemoryEventStore())) })
    const placing = []
    for (const hour of [1, 2, 3]) {
      // One after the other, so that each finds the holder stream free: none is refused.
      placing.push(ledger.execute(placeHold(hour), customer))
      await new Promise((resolve) => setTimeout(resolve, 30))
    }
    // The three holds are on the holder stream; their own streams are not written yet.
    await expect(ledger.execute(placeHold(4), customer)).rejects.toMatchObject({ kind: 'limit' })
    expect((await Promise.all(placing)).map(({ state }) => state.kind)).toEqual(['held', 'held', 'held'])
  })
})
