import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'

import type { SeriesEntry } from '../../../src/commands/ledger.js'
import type { EventStore } from '../../../src/events/store.js'

import { isSeriesRejected } from '../../../src/commands/book-series.js'
import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { RESERVATION_STREAM_PREFIX } from '../../../src/events/types.js'
import { booking, createLedger, customer, plan, withLatency, withoutAtomicAppend } from '../../support/ledger-fixtures.js'
import { claimsOf, IN_2030, monthEventsOf } from '../../support/month-streams.js'

const DAY = 86_400_000
const FIRST = Date.parse('2030-01-07T09:00:00.000Z')

/** A daily series on `resources`, `count` occurrences, one id for all. */
const series = (count: number, resources = ['r1'], overrides: Record<string, unknown> = {}): SeriesEntry[] => {
  const seriesId = uuidv7()
  return Array.from({ length: count }, (_, index) => ({
    command: booking(plan(resources, new Date(FIRST + index * DAY).toISOString()), { seriesId, ...overrides }),
    index,
  }))
}

const single = (day: number, resource = 'r1') => booking(plan([resource], new Date(FIRST + day * DAY).toISOString()))

const caught = async (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (error: unknown) => error)

describe.each([
  ['atomic appends', () => withLatency(createMemoryEventStore(), () => 0.5)],
  ['one stream at a time', () => withLatency(withoutAtomicAppend(createMemoryEventStore()), () => 0.5)],
])('a recurring series in the ledger (%s)', (_label, makeStore) => {
  it('books every occurrence, each with the series id, each claim on the resource stream', async () => {
    const { ledger, store } = createLedger({ store: makeStore() })
    const entries = series(4)
    const outcome = await ledger.bookSeries(entries, customer, { partial: false })
    expect(outcome.refused).toEqual([])
    expect(outcome.booked.map(({ index }) => index)).toEqual([0, 1, 2, 3])
    for (const { command } of entries) {
      const { state } = await ledger.load(command.data.reservationId)
      expect(state).toMatchObject({ kind: 'active', reservation: { seriesId: entries[0].command.data.seriesId } })
    }
    const claims = (await monthEventsOf(store, 'r1')).flat().filter(({ type }) => type === 'CapacityClaimed')
    expect(new Set(claims.map(({ data }) => data.reservationId)).size).toBe(4)
  })

  it('refuses the whole series naming every occurrence whose time is taken, and appends nothing', async () => {
    const { ledger, store } = createLedger({ store: makeStore() })
    await ledger.execute(single(1), customer)
    await ledger.execute(single(3), customer)
    const before = (await store.readAll({ limit: 1000 })).length
    const error = await caught(ledger.bookSeries(series(5), customer, { partial: false }))
    expect(isSeriesRejected(error)).toBe(true)
    expect((error as { refusals: unknown[] }).refusals).toEqual([
      { index: 1, rejection: expect.objectContaining({ kind: 'conflict', path: 'startTime' }) },
      { index: 3, rejection: expect.objectContaining({ kind: 'conflict', path: 'startTime' }) },
    ])
    expect((await store.readAll({ limit: 1000 })).length).toBe(before)
  })

  it('partial: books the free occurrences and reports the others', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    await ledger.execute(single(2), customer)
    const outcome = await ledger.bookSeries(series(4), customer, { partial: true })
    expect(outcome.booked.map(({ index }) => index)).toEqual([0, 1, 3])
    expect(outcome.refused.map(({ index }) => index)).toEqual([2])
  })

  it('counts the earlier occurrences of the series against the later ones', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    // Two occurrences of one series at the same time on a resource of one unit.
    const twins = series(2).map((entry) => ({ ...entry, command: { ...entry.command, data: { ...entry.command.data, plan: series(1)[0].command.data.plan } } }))
    const error = await caught(ledger.bookSeries(twins, customer, { partial: false }))
    expect((error as { refusals: Array<{ index: number }> }).refusals.map(({ index }) => index)).toEqual([1])
  })

  it('a rule that refuses every occurrence alike refuses the series as one booking would', async () => {
    const { ledger } = createLedger({ store: makeStore() })
    await expect(ledger.bookSeries(series(3, ['r1'], { status: 'confirmed' }), customer, { partial: true })).rejects.toMatchObject({
      kind: 'forbidden',
      path: 'status',
    })
  })

  it('concurrent single bookings and a series: the contested slot has exactly one winner', async () => {
    for (let round = 0; round < 5; round++) {
      const { ledger, store } = createLedger({ store: makeStore() })
      const results = await Promise.allSettled([ledger.bookSeries(series(4), customer, { partial: false }), ledger.execute(single(2), customer)])
      expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(1)
      const holding = new Set((await claimsOf(store, 'r1')).overlapping(...IN_2030).map(({ key }) => key))
      expect(holding.size).toBe(results[0].status === 'fulfilled' ? 4 : 1)
    }
  })
})

describe('a series where streams are appended one at a time', () => {
  /** A store whose reservation streams take a while, so a single booking gets in between two occurrences. */
  const slowReservationStreams = (store: EventStore): EventStore =>
    Object.assign(Object.create(Object.getPrototypeOf(store)), store, {
      append: async (request: Parameters<EventStore['append']>[0]) => {
        if (request.stream.startsWith(RESERVATION_STREAM_PREFIX)) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        return store.append(request)
      },
      committed: store.committed,
    }) as EventStore

  it('voids every occurrence booked when a later one loses its time: the series holds nothing', async () => {
    const { busy, ledger } = createLedger({ store: slowReservationStreams(withoutAtomicAppend(createMemoryEventStore())) })
    const entries = series(4)
    const booking = ledger.bookSeries(entries, customer, { partial: false })
    // Taken after the series was decided, before its last occurrence is appended.
    await new Promise((resolve) => setTimeout(resolve, 20))
    await ledger.execute(single(3), customer)
    const error = await caught(booking)
    expect((error as { refusals: Array<{ index: number }> }).refusals.map(({ index }) => index)).toEqual([3])
    // The first three were booked, then taken back by a ledger event each; the fourth never was.
    const streams = await Promise.all(entries.map(({ command }) => ledger.history(command.data.reservationId)))
    expect(streams.map((events) => events.map(({ type }) => type))).toEqual([
      ['ReservationBooked', 'ReservationWriteVoided'],
      ['ReservationBooked', 'ReservationWriteVoided'],
      ['ReservationBooked', 'ReservationWriteVoided'],
      [],
    ])
    const held = (await busy.window('r1', ...IN_2030)).overlapping(...IN_2030)
    expect(held).toHaveLength(1)
  })
})
