import { describe, expect, it } from 'vitest'

import type { EventStore } from '../../../src/events/store.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { booking, createLedger, plan, staff, withLatency, withoutAtomicAppend } from '../../support/ledger-fixtures.js'
import { IN_2030 } from '../../support/month-streams.js'

const stores = [
  ['atomic multi-stream appends', () => createMemoryEventStore()],
  ['claim one stream at a time', () => withoutAtomicAppend(createMemoryEventStore())],
] as const

const reschedule = (reservationId: string, start: string, resources = ['r1']) => ({
  data: { plan: plan(resources, start), reservationId },
  type: 'RescheduleReservation' as const,
})

/** What the reservation's stream says it holds on `resource`, against what the resource stream holds. */
const claimOf = async (ledger: ReturnType<typeof createLedger>, id: string, resource: string) => {
  const { state } = await ledger.ledger.load(id)
  const blocking = state.kind === 'active' && ['pending', 'confirmed'].includes(state.reservation.status)
  const wanted = blocking
    ? state.kind === 'active'
      ? state.reservation.claims.filter((claim) => claim.resource === resource).flatMap((claim) => claim.intervals)
      : []
    : []
  const held = (await ledger.busy.window(resource, ...IN_2030)).intervalsOf(id).map(({ end, start, units }) => ({ end, start, units }))
  return { held, wanted }
}

describe.each(stores)('a process deciding on a stale view of a resource (memory, %s)', (_name, makeStore) => {
  it('refuses to move a booking back onto a slot another process has since booked', async () => {
    const store = makeStore()
    const a = createLedger({ store })
    const b = createLedger({ store })
    const x = booking(plan(['r1'], '2030-05-01T10:00:00.000Z'))
    await a.ledger.execute(x, staff)
    await b.ledger.execute(reschedule(x.data.reservationId, '2030-05-01T12:00:00.000Z'), staff)
    await b.ledger.execute(booking(plan(['r1'], '2030-05-01T10:00:00.000Z')), staff)

    // A still believes X holds 10:00 on r1: the claim it "already has" must be checked anyway.
    await expect(a.ledger.execute(reschedule(x.data.reservationId, '2030-05-01T10:00:00.000Z'), staff)).rejects.toMatchObject({
      kind: 'conflict',
      path: 'startTime',
    })
    const from = Date.parse('2030-05-01T10:00:00.000Z')
    expect((await a.busy.window('r1', ...IN_2030)).peakUnits(from, from + 3_600_000)).toBe(1)
    expect(await claimOf(a, x.data.reservationId, 'r1')).toEqual({
      held: [{ end: Date.parse('2030-05-01T13:00:00.000Z'), start: Date.parse('2030-05-01T12:00:00.000Z'), units: 1 }],
      wanted: [{ end: Date.parse('2030-05-01T13:00:00.000Z'), start: Date.parse('2030-05-01T12:00:00.000Z'), units: 1 }],
    })
  })

  it('releases the resource a booking moved away from, though this process thinks it was never claimed', async () => {
    const store = makeStore()
    const a = createLedger({ store })
    const b = createLedger({ store })
    const x = booking(plan(['r1'], '2030-05-02T10:00:00.000Z'))
    await a.ledger.execute(x, staff)
    // A has seen r2 empty; B moves X onto r2, then A moves X back to r1.
    await a.busy.window('r2', ...IN_2030)
    await b.ledger.execute(reschedule(x.data.reservationId, '2030-05-02T10:00:00.000Z', ['r2']), staff)
    await a.ledger.execute(reschedule(x.data.reservationId, '2030-05-02T10:00:00.000Z', ['r1']), staff)

    for (const resource of ['r1', 'r2']) {
      const { held, wanted } = await claimOf(a, x.data.reservationId, resource)
      expect(held).toEqual(wanted)
    }
    // r2 is free again for anyone.
    await expect(b.ledger.execute(booking(plan(['r2'], '2030-05-02T10:00:00.000Z')), staff)).resolves.toMatchObject({
      state: { kind: 'active' },
    })
  })

  it('cancels a booking whose claim another process already moved, releasing what it holds now', async () => {
    const store = makeStore()
    const a = createLedger({ store })
    const b = createLedger({ store })
    const x = booking(plan(['r1'], '2030-05-03T10:00:00.000Z'))
    await a.ledger.execute(x, staff)
    await b.ledger.execute(reschedule(x.data.reservationId, '2030-05-03T12:00:00.000Z'), staff)
    await a.ledger.cancel(x.data.reservationId, staff)
    expect(await claimOf(b, x.data.reservationId, 'r1')).toEqual({ held: [], wanted: [] })
  })
})

describe.each(stores)('two processes changing one reservation at the same instant (memory, %s)', (_name, makeStore) => {
  it('leave the resources holding exactly what the reservation says', async () => {
    const store: EventStore = withLatency(makeStore())
    const processes = [createLedger({ capacities: { r1: 3, r2: 3 }, store }), createLedger({ capacities: { r1: 3, r2: 3 }, store })]
    for (let round = 0; round < 30; round++) {
      const day = new Date(Date.UTC(2030, 6, 1) + round * 86_400_000).toISOString().slice(0, 10)
      const x = booking(plan(['r1'], `${day}T09:00:00.000Z`))
      await processes[0].ledger.execute(x, staff)
      const id = x.data.reservationId
      const moves = [
        () => processes[0].ledger.execute(reschedule(id, `${day}T10:00:00.000Z`), staff),
        () => processes[1].ledger.execute(reschedule(id, `${day}T11:00:00.000Z`, ['r2']), staff),
        () => processes[1].ledger.execute(reschedule(id, `${day}T09:30:00.000Z`), staff),
        () => processes[0].ledger.execute(reschedule(id, `${day}T12:00:00.000Z`, ['r2', 'r1']), staff),
        () => (round % 3 === 0 ? processes[1].ledger.cancel(id, staff) : processes[0].ledger.execute(reschedule(id, `${day}T13:00:00.000Z`), staff)),
      ]
      const outcomes = await Promise.allSettled(moves.map((move) => move()))
      // Refusals are fine (a slot taken, a reservation cancelled meanwhile); errors are not.
      expect(outcomes.filter((o) => o.status === 'rejected' && !['conflict', 'invalid'].includes((o.reason as { kind?: string }).kind ?? ''))).toEqual([])
      for (const resource of ['r1', 'r2']) {
        const { held, wanted } = await claimOf(processes[round % 2], id, resource)
        expect({ day, held, resource }).toEqual({ day, held: wanted, resource })
      }
    }
  })
})
