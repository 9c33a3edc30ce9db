import { describe, expect, it } from 'vitest'

import type { AppendRequest, EventStore } from '../../../src/events/store.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { booking, createLedger, plan, race, staff, withLatency, withoutAtomicAppend } from '../../support/ledger-fixtures.js'
import { IN_2030 } from '../../support/month-streams.js'

const stores = [
  ['atomic multi-stream appends', () => createMemoryEventStore()],
  ['claim one stream at a time', () => withoutAtomicAppend(createMemoryEventStore())],
] as const

describe.each(stores)('ledger concurrency (memory, %s)', (_name, makeStore) => {
  const slot = '2030-02-01T09:00:00.000Z'

  it('lets exactly one of 20 concurrent bookings of one slot through on a quantity-1 resource', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    const outcome = await race(Array.from({ length: 20 }, () => () => ledger.execute(booking(plan(['r1'], slot)), staff)))
    expect(outcome).toEqual({ conflicts: 19, other: [], succeeded: 1 })
  })

  it('lets exactly 3 through on a quantity-3 resource', async () => {
    const { ledger } = createLedger({ capacities: { r1: 3 }, store: makeStore() })
    const outcome = await race(Array.from({ length: 20 }, () => () => ledger.execute(booking(plan(['r1'], slot)), staff)))
    expect(outcome).toEqual({ conflicts: 17, other: [], succeeded: 3 })
  })

  it('books 20 different resources at once without a conflict', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    const outcome = await race(
      Array.from({ length: 20 }, (_, i) => () => ledger.execute(booking(plan([`r${i}`], slot)), staff)),
    )
    expect(outcome).toEqual({ conflicts: 0, other: [], succeeded: 20 })
  })

  it('books 20 different hours of one resource at once without a retry: this process decides them one after another', async () => {
    const { ledger } = createLedger({ store: withLatency(makeStore()) })
    const hours = Array.from({ length: 21 }, (_, i) => new Date(Date.parse('2030-02-04T00:00:00.000Z') + i * 3_600_000).toISOString())
    // The month is known here from then on: the next decisions are made on what this process knows.
    await ledger.execute(booking(plan(['r1'], hours[20])), staff)
    const retries: unknown[] = []
    const meta = { ...staff, trace: (step: string, details: unknown) => step === 'retry' && retries.push(details) }
    const outcome = await race(hours.slice(0, 20).map((start) => () => ledger.execute(booking(plan(['r1'], start)), meta)))
    expect(outcome).toEqual({ conflicts: 0, other: [], succeeded: 20 })
    expect(retries).toEqual([])
  })

  it('never exceeds the shared resource in concurrent {A,B} and {B,C} bookings, and failures hold nothing', async () => {
    const { busy, ledger } = createLedger({ capacities: { A: 5, B: 2, C: 5 }, store: makeStore() })
    const tasks = Array.from({ length: 20 }, (_, i) => () =>
      ledger.execute(booking(plan(i % 2 === 0 ? ['A', 'B'] : ['B', 'C'], slot)), staff),
    )
    const outcome = await race(tasks)
    expect(outcome.succeeded).toBe(2)
    expect(outcome.other).toEqual([])
    const from = Date.parse(slot)
    const b = await busy.window('B', ...IN_2030)
    const a = await busy.window('A', ...IN_2030)
    const c = await busy.window('C', ...IN_2030)
    expect(b.peakUnits(from, from + 3_600_000)).toBe(2)
    // Every claim left on A and C belongs to a booking that also holds B.
    const holdersOfB = new Set(b.overlapping(from, from + 1).map((x) => x.key))
    for (const other of [a, c]) {
      for (const claim of other.overlapping(from, from + 1)) {
        expect(holdersOfB.has(claim.key)).toBe(true)
      }
    }
  })

  it('frees the slot when a booking is cancelled, so the next one fits', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    const first = booking(plan(['r1'], slot))
    await ledger.execute(first, staff)
    await expect(ledger.execute(booking(plan(['r1'], slot)), staff)).rejects.toMatchObject({ kind: 'conflict', path: 'startTime' })
    await ledger.cancel(first.data.reservationId, staff)
    await expect(ledger.execute(booking(plan(['r1'], slot)), staff)).resolves.toMatchObject({ state: { kind: 'active' } })
  })

  it('names the offending item of a multi-resource booking', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    await ledger.execute(booking(plan(['pool'], slot)), staff)
    await expect(ledger.execute(booking(plan(['r1', 'pool'], slot)), staff)).rejects.toMatchObject({
      kind: 'conflict',
      path: 'items.0.startTime',
    })
  })
})

describe.each(stores)('idempotency keys (memory, %s)', (_name, makeStore) => {
  it('creates exactly one reservation from 10 concurrent bookings with one key; the rest are told the key is used', async () => {
    const { ledger } = createLedger({ capacities: { r1: 50 }, store: makeStore() })
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        ledger.execute(booking(plan(['r1'], '2030-02-01T09:00:00.000Z'), { idempotencyKey: 'key-1' }), staff),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const result of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(result.reason).toMatchObject({ kind: 'invalid', path: 'idempotencyKey' })
    }
  })
})

describe.each(stores)('concurrent commands on one reservation (memory, %s)', (_name, makeStore) => {
  it('leaves the resource holding exactly what the reservation says, whatever the interleaving', async () => {
    const { busy, ledger } = createLedger({ capacities: { r1: 2 }, store: withLatency(makeStore()) })
    for (let round = 0; round < 20; round++) {
      const first = booking(plan(['r1'], `2030-03-${String(round + 1).padStart(2, '0')}T09:00:00.000Z`))
      await ledger.execute(first, staff)
      const id = first.data.reservationId
      const moved = plan(['r1'], `2030-03-${String(round + 1).padStart(2, '0')}T09:30:00.000Z`)
      await Promise.allSettled([
        ledger.execute({ data: { plan: moved, reservationId: id }, type: 'RescheduleReservation' }, staff),
        round % 2 === 0 ? ledger.cancel(id, staff) : ledger.execute({ data: { reservationId: id, to: 'confirmed' }, type: 'ChangeReservationStatus' }, staff),
        ledger.execute({ data: { plan: first.data.plan, reservationId: id }, type: 'RescheduleReservation' }, staff),
      ])
      const { state } = await ledger.load(id)
      const held = (await busy.window('r1', ...IN_2030)).intervalsOf(id)
      const expected = state.kind === 'active' && state.reservation.status !== 'cancelled' ? state.reservation.claims[0].intervals : []
      expect(held).toEqual(expected)
    }
  })
})

describe.each(stores)('commands issued together on one reservation (memory, %s)', (_name, makeStore) => {
  it('are applied in the order they were issued, so the last one issued decides the outcome', async () => {
    const { ledger } = createLedger({ capacities: { r1: 2 }, store: withLatency(makeStore()) })
    for (let round = 0; round < 20; round++) {
      const day = new Date(Date.UTC(2030, 3, 1) + round * 86_400_000).toISOString().slice(0, 10)
      const first = booking(plan(['r1'], `${day}T09:00:00.000Z`))
      await ledger.execute(first, staff)
      const id = first.data.reservationId
      const outcomes = await Promise.all(
        ['10:00', '11:00', '12:00'].map((time) =>
          ledger.execute({ data: { plan: plan(['r1'], `${day}T${time}:00.000Z`), reservationId: id }, type: 'RescheduleReservation' }, staff),
        ),
      )
      const revisions = outcomes.map(({ revision }) => revision)
      expect(revisions).toEqual([1, 2, 3])
      const { state } = await ledger.load(id)
      expect(state.kind === 'active' && state.reservation.startTime).toBe(`${day}T12:00:00.000Z`)
    }
  })
})

describe.each(stores)('two processes sharing one ledger (memory, %s)', (_name, makeStore) => {
  it('decide on what each knows: a stale view costs a retry, never an overbooking or a false refusal', async () => {
    const store = makeStore()
    const one = createLedger({ capacities: { r1: 1 }, store })
    const two = createLedger({ capacities: { r1: 1 }, store })
    const nine = booking(plan(['r1'], '2030-05-01T09:00:00.000Z'))
    await one.ledger.execute(nine, staff)

    // The other process takes 10:00; this one has not seen it and must not book it again.
    await two.ledger.execute(booking(plan(['r1'], '2030-05-01T10:00:00.000Z')), staff)
    await expect(one.ledger.execute(booking(plan(['r1'], '2030-05-01T10:00:00.000Z')), staff)).rejects.toMatchObject({
      kind: 'conflict',
    })

    // The other process frees 09:00; this one still holds it as taken and must not refuse it.
    await two.ledger.cancel(nine.data.reservationId, staff)
    await expect(one.ledger.execute(booking(plan(['r1'], '2030-05-01T09:00:00.000Z')), staff)).resolves.toMatchObject({
      state: { kind: 'active' },
    })
    const held = (await one.busy.window('r1', ...IN_2030))
    expect(held.peakUnits(Date.parse('2030-05-01T09:00:00.000Z'), Date.parse('2030-05-01T11:00:00.000Z'))).toBe(1)
  })
})

describe('a store that fails after writing (claim one stream at a time)', () => {
  it('keeps the claims of a booking whose append failed without saying whether it was written', async () => {
    const memory = withoutAtomicAppend(createMemoryEventStore())
    const store: EventStore = Object.assign(Object.create(Object.getPrototypeOf(memory)), memory, {
      append: async (request: AppendRequest) => {
        const result = await memory.append(request)
        if (request.stream.startsWith('reserve-reservation-')) {
          throw new Error('connection lost after the write')
        }
        return result
      },
      committed: memory.committed,
    })
    const { busy, ledger } = createLedger({ store })
    const command = booking(plan(['r1'], '2030-06-01T09:00:00.000Z'))
    await expect(ledger.execute(command, staff)).rejects.toThrow(/connection lost/)

    const { state } = await ledger.load(command.data.reservationId)
    expect(state.kind).toBe('active')
    const held = (await busy.window('r1', ...IN_2030)).intervalsOf(command.data.reservationId)
    expect(held).toEqual(command.data.plan.claims[0].intervals)
  })
})
