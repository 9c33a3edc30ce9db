import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it, vi } from 'vitest'

import type { ClaimRepair } from '../../../src/commands/ledger.js'
import type { EventStore } from '../../../src/events/store.js'
import type { EventMetadata, Interval, ResourceEvent } from '../../../src/events/types.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { capacityStreamName, monthOf } from '../../../src/events/capacity-streams.js'
import { EVENT_SCHEMA_VERSION } from '../../../src/events/types.js'
import { CatchUp } from '../../../src/projections/catch-up.js'
import { reconcileClaims } from '../../../src/projections/catch-up-handlers.js'
import { RequestOwnership } from '../../../src/projections/request-ownership.js'
import { booking, createLedger, plan, staff, withoutAtomicAppend } from '../../support/ledger-fixtures.js'
import { IN_2030 } from '../../support/month-streams.js'

const GRACE_MS = 50
const SLOT = '2030-02-01T09:00:00.000Z'
const HOUR = 3_600_000
const at = (iso: string, hours = 1): Interval => ({ end: Date.parse(iso) + hours * HOUR, start: Date.parse(iso), units: 1 })

const stores = [
  ['atomic multi-stream appends', () => createMemoryEventStore()],
  ['claim one stream at a time', () => withoutAtomicAppend(createMemoryEventStore())],
] as const

const setup = (store: EventStore) => {
  const { busy, ledger } = createLedger({ capacities: { r1: 2 }, store })
  const repairs: Array<{ repairs: ClaimRepair[]; reservationId: string }> = []
  let position: string | undefined
  const catchUp = new CatchUp(
    store,
    [reconcileClaims(ledger, new RequestOwnership(), (reservationId, found) => repairs.push({ repairs: found, reservationId }))],
    { load: () => Promise.resolve(position), save: (next) => Promise.resolve(void (position = next)) },
    { graceMs: GRACE_MS, lookbackMs: 60_000, maxPages: 10, pageSize: 500, retryMs: 50 },
  )
  /** A pass once everything written so far is past the grace period. */
  const settledPass = async () => {
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS * 2))
    return catchUp.run()
  }
  return { busy, catchUp, ledger, repairs, settledPass }
}

/** Writes straight to a resource's month stream of the slot, as a faulty or crashed writer would have. */
const inject = async (store: EventStore, resource: string, event: ResourceEvent) => {
  const metadata: EventMetadata = {
    actor: { kind: 'system', name: 'fault-injection' },
    at: new Date().toISOString(),
    correlationId: event.data.reservationId,
    schemaVersion: EVENT_SCHEMA_VERSION,
  }
  const stream = capacityStreamName(resource, monthOf(Date.parse(SLOT)))
  const head = await store.streamRevision(stream)
  await store.append({ events: [{ ...event, metadata }], expectedRevision: head, stream })
}

describe.each(stores)('catch-up sets claims right in both directions (memory, %s)', (_name, makeStore) => {
  it('records again the claim of a blocking reservation that was released under it, and says so', async () => {
    const store = makeStore()
    const { busy, ledger, repairs, settledPass } = setup(store)
    const x = booking(plan(['r1'], SLOT))
    await ledger.execute(x, staff)
    await inject(store, 'r1', { data: { reservationId: x.data.reservationId }, type: 'CapacityReleased' })

    expect(await settledPass()).toMatchObject({ reconciled: 1 })
    expect((await busy.window('r1', ...IN_2030)).intervalsOf(x.data.reservationId)).toEqual([at(SLOT)])
    expect(repairs).toEqual([{ repairs: [{ final: [at(SLOT)], held: [], month: '2030-02', resource: 'r1' }], reservationId: x.data.reservationId }])
    // Repaired once: the next pass finds nothing to do.
    expect(await settledPass()).toMatchObject({ reconciled: 0 })
  })

  it('decides on the events of its run without reading the stream, and repairs nothing where the stream has moved on since', async () => {
    const store = makeStore()
    const { busy, catchUp, ledger, settledPass } = setup(store)
    const x = booking(plan(['r1'], SLOT))
    await ledger.execute(x, staff)
    await inject(store, 'r1', { data: { reservationId: x.data.reservationId }, type: 'CapacityReleased' })
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS * 2))
    // Cancelled after the pass's cutoff: the pass sees the booking alone, whose claim is missing.
    await ledger.cancel(x.data.reservationId, staff)
    const readStream = vi.spyOn(store, 'readStream')
    expect(await catchUp.run()).toMatchObject({ reconciled: 0 })
    expect(readStream.mock.calls.map(([stream]) => stream)).not.toContain(`reserve-reservation-${x.data.reservationId}`)
    // The fence at the booking's revision was refused: no claim recorded for a cancelled booking.
    expect((await busy.window('r1', ...IN_2030)).intervalsOf(x.data.reservationId)).toEqual([])
    readStream.mockRestore()
    expect(await settledPass()).toMatchObject({ reconciled: 0 })
    expect((await busy.window('r1', ...IN_2030)).intervalsOf(x.data.reservationId)).toEqual([])
  })

  it('puts a claim that drifted to another time back where the reservation is', async () => {
    const store = makeStore()
    const { busy, ledger, settledPass } = setup(store)
    const x = booking(plan(['r1'], SLOT))
    await ledger.execute(x, staff)
    const drifted = at('2030-02-01T15:00:00.000Z')
    await inject(store, 'r1', { data: { intervals: [drifted], reservationId: x.data.reservationId }, type: 'CapacityClaimed' })

    expect(await settledPass()).toMatchObject({ reconciled: 1 })
    const index = (await busy.window('r1', ...IN_2030))
    expect(index.intervalsOf(x.data.reservationId)).toEqual([at(SLOT)])
    expect(index.peakUnits(drifted.start, drifted.end)).toBe(0)
  })

  it('releases a claim that no reservation holds, and a cancelled reservation’s leftover claim', async () => {
    const store = makeStore()
    const { busy, ledger, repairs, settledPass } = setup(store)
    const orphan = uuidv7()
    await inject(store, 'r1', { data: { intervals: [at(SLOT)], reservationId: orphan }, type: 'CapacityClaimed' })
    const cancelled = booking(plan(['r1'], SLOT))
    await ledger.execute(cancelled, staff)
    await ledger.cancel(cancelled.data.reservationId, staff)
    await inject(store, 'r1', { data: { intervals: [at(SLOT)], reservationId: cancelled.data.reservationId }, type: 'CapacityClaimed' })

    expect(await settledPass()).toMatchObject({ reconciled: 2 })
    expect((await busy.window('r1', ...IN_2030)).peakUnits(Date.parse(SLOT), Date.parse(SLOT) + HOUR)).toBe(0)
    expect(repairs.map(({ reservationId }) => reservationId).sort()).toEqual([cancelled.data.reservationId, orphan].sort())
  })

  it('leaves claims that match their reservations alone', async () => {
    const store = makeStore()
    const { ledger, settledPass } = setup(store)
    const spy = vi.spyOn(store, 'append')
    await ledger.execute(booking(plan(['r1'], SLOT)), staff)
    const appended = spy.mock.calls.length
    expect(await settledPass()).toMatchObject({ reconciled: 0 })
    expect(spy.mock.calls.length).toBe(appended)
  })
})

describe('catch-up after a move whose release of the month left behind never happened (claim one stream at a time)', () => {
  it('finds the claim left there though no event of the pass names that month, and releases it', async () => {
    const base = withoutAtomicAppend(createMemoryEventStore())
    const january = capacityStreamName('r1', '2030-01')
    let dead = false
    const store: EventStore = Object.assign(Object.create(Object.getPrototypeOf(base)), base, {
      append: (request: Parameters<EventStore['append']>[0]) =>
        dead && request.stream === january ? Promise.reject(new Error('the process died')) : base.append(request),
      committed: base.committed,
    })
    const { busy, ledger, repairs, settledPass } = setup(store)
    const x = booking(plan(['r1'], '2030-01-15T09:00:00.000Z'))
    await ledger.execute(x, staff)
    expect(await settledPass()).toMatchObject({ reconciled: 0 })

    // Moved to March: the hold there and the reservation event land, then the process dies before January's release.
    dead = true
    const move = { data: { plan: plan(['r1'], '2030-03-15T09:00:00.000Z'), reservationId: x.data.reservationId }, type: 'RescheduleReservation' as const }
    await expect(ledger.execute(move, staff)).rejects.toThrow('the process died')
    dead = false

    expect(await settledPass()).toMatchObject({ reconciled: 1 })
    expect(repairs).toEqual([
      { repairs: [{ final: [], held: [at('2030-01-15T09:00:00.000Z')], month: '2030-01', resource: 'r1' }], reservationId: x.data.reservationId },
    ])
    expect((await busy.window('r1', ...IN_2030)).intervalsOf(x.data.reservationId)).toEqual([at('2030-03-15T09:00:00.000Z')])
  })
})

describe('catch-up repairing a move that is still releasing, from another process (claim one stream at a time)', () => {
  it('leaves the reservation holding its new time once the move finishes its release', async () => {
    const store = withoutAtomicAppend(createMemoryEventStore())
    const february = capacityStreamName('r1', '2030-02')
    // The mover's appends to the month wait here once its reservation event is in: the moment
    // between the move's commit and its release of the old time, where a slow process lingers.
    let moved = false
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    let paused: () => void = () => undefined
    const pausedAtRelease = new Promise<void>((resolve) => (paused = resolve))
    const moverStore: EventStore = Object.assign(Object.create(Object.getPrototypeOf(store)), store, {
      append: async (request: Parameters<EventStore['append']>[0]) => {
        if (moved && request.stream === february) {
          paused()
          await released
        }
        const result = await store.append(request)
        moved ||= request.events.some((event) => event.type === 'ReservationRescheduled')
        return result
      },
      committed: store.committed,
    })
    const mover = createLedger({ capacities: { r1: 2 }, store: moverStore }).ledger
    const { busy, catchUp } = setup(store)
    const x = booking(plan(['r1'], SLOT))
    await mover.execute(x, staff)
    const later = '2030-02-01T12:00:00.000Z'
    const move = mover.execute({ data: { plan: plan(['r1'], later), reservationId: x.data.reservationId }, type: 'RescheduleReservation' }, staff)
    await pausedAtRelease
    // The other process's pass: the move is in the reservation's stream, the month holds both times.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS * 2))
    expect(await catchUp.run()).toMatchObject({ reconciled: 1 })
    release()
    await move

    const index = await busy.window('r1', ...IN_2030)
    expect(index.intervalsOf(x.data.reservationId)).toEqual([at(later)])
    expect(await catchUp.run()).toMatchObject({ reconciled: 0 })
  })
})
