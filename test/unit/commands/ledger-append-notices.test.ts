import { describe, expect, it } from 'vitest'

import type { BusyIndex } from '../../../src/capacity/busy-index.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { booking, createLedger, plan, race, staff, withLatency } from '../../support/ledger-fixtures.js'
import { IN_2030 } from '../../support/month-streams.js'

const HOUR = 3_600_000
const RESOURCES = ['r1', 'r2', 'r3']
const HOURS = Array.from({ length: 8 }, (_, i) => new Date(Date.parse('2030-02-04T08:00:00.000Z') + i * HOUR).toISOString())

/** How the other process hears of an append (PostgreSQL NOTIFY in the plugin): when, if at all. */
type Delivery = (deliver: () => void) => void

/** A seeded generator, so a failing interleaving can be run again. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}

/**
 * Two processes on one store, each with its own busy index, booking every slot of three
 * quantity-1 resources three times over at once. Each hears of the other's appends as
 * `delivery` lets it, as the append-notice listener does: it advances its index to the head.
 */
const contend = async (delivery: Delivery, random: () => number) => {
  const store = withLatency(createMemoryEventStore(), random)
  const processes = [createLedger({ store }), createLedger({ store })]
  const listen = (busy: BusyIndex) =>
    store.committed.subscribe((event) => delivery(() => void busy.advance(event.stream, event.revision)))
  const listening = processes.map(({ busy }) => listen(busy))
  const requests = RESOURCES.flatMap((resource) => HOURS.flatMap((start) => [0, 1, 2].map(() => ({ resource, start }))))
  const outcome = await race(
    requests.map(({ resource, start }) => () => processes[random() < 0.5 ? 0 : 1].ledger.execute(booking(plan([resource], start)), staff)),
  )
  listening.forEach((subscription) => subscription.unsubscribe())
  const peaks = await Promise.all(
    RESOURCES.map(async (resource) => {
      const index = await processes[0].busy.window(resource, ...IN_2030)
      return Math.max(...HOURS.map((start) => index.peakUnits(Date.parse(start), Date.parse(start) + HOUR)))
    }),
  )
  return { outcome, peaks }
}

/** Every slot is booked once and refused twice, whatever the processes heard. */
const expected = {
  outcome: { conflicts: RESOURCES.length * HOURS.length * 2, other: [], succeeded: RESOURCES.length * HOURS.length },
  peaks: RESOURCES.map(() => 1),
}

describe('append notices between processes only spare retries: the outcomes stay the same', () => {
  const deliveries: [string, (random: () => number) => Delivery][] = [
    ['on time', () => (deliver) => deliver()],
    ['never', () => () => undefined],
    ['late, out of order, a third of them lost', (random) => (deliver) => random() < 0.33 || setTimeout(deliver, random() * 30)],
  ]

  it.each(deliveries)('when notices arrive %s', async (_name, delivery) => {
    for (const seed of [1, 2, 3]) {
      const random = seeded(seed)
      expect(await contend(delivery(random), random), `seed ${seed}`).toEqual(expected)
    }
  })
})
