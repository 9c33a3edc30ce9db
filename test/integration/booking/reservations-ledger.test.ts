import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { seedBookable } from '../../support/reserve-payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'

describe.each(testDatabaseKinds())('reservations through the ledger (%s)', (kind) => {
  const site = usePayloadOn(kind)

  it('books through payload.create: ledger id, computed end time, revision 0', async () => {
    const { resource, service } = await seedBookable(site.payload, { duration: 45 })
    const doc = await site.payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2030-03-01T09:00:00.000Z' },
    })
    expect(doc.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/)
    expect(doc.endTime).toBe('2030-03-01T09:45:00.000Z')
    expect(doc.status).toBe('pending')
    expect(doc.ledgerRevision).toBe(0)
    const history = await ledgerServices.of(site.payload).ledger.history(String(doc.id))
    expect(history.map((event) => event.type)).toEqual(['ReservationBooked'])
  })
})

const statusOf = (reason: unknown): number | undefined => (reason as { status?: number }).status

describe.each(testDatabaseKinds())('concurrent bookings through Payload (%s)', (kind) => {
  const site = usePayloadOn(kind)

  const raceFor = async (bookings: Array<{ resource: number | string; service: number | string }>) => {
    const results = await Promise.allSettled(
      bookings.map(({ resource, service }) =>
        site.payload.create({
          collection: 'reservations',
          data: { resource, service, startTime: '2030-04-01T10:00:00.000Z' },
        }),
      ),
    )
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    return {
      conflicts: rejected.filter((r) => statusOf(r.reason) === 409).length,
      other: rejected.filter((r) => statusOf(r.reason) !== 409).map((r) => String(r.reason)),
      succeeded: results.filter((r) => r.status === 'fulfilled').length,
    }
  }

  it.each([
    [1, 1],
    [3, 3],
  ])('20 racers for one slot on a quantity-%i resource: exactly %i succeed, the rest get 409', async (quantity, expected) => {
    const { resource, service } = await seedBookable(site.payload, { quantity })
    const outcome = await raceFor(Array.from({ length: 20 }, () => ({ resource: resource.id, service: service.id })))
    expect(outcome).toEqual({ conflicts: 20 - expected, other: [], succeeded: expected })
    const { totalDocs } = await site.payload.count({
      collection: 'reservations',
      where: { resource: { equals: resource.id } },
    })
    expect(totalDocs).toBe(expected)
  })

  it('20 racers on 20 different resources all succeed', async () => {
    const bookables = []
    for (let i = 0; i < 20; i++) {
      bookables.push(await seedBookable(site.payload))
    }
    const outcome = await raceFor(bookables.map(({ resource, service }) => ({ resource: resource.id, service: service.id })))
    expect(outcome).toEqual({ conflicts: 0, other: [], succeeded: 20 })
  })
})

describe.each(testDatabaseKinds())('concurrent multi-resource bookings on the payload store (%s)', (kind) => {
  const site = usePayloadOn(kind)

  it('never exceeds the shared resource of {A,B} and {B,C} bookings, and a failed booking holds nothing', async () => {
    const service = await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Pair' } })
    const make = (name: string, quantity: number) =>
      site.payload.create({ collection: 'resources', data: { name, quantity, services: [service.id] } })
    const [a, b, c] = [await make('A', 5), await make('B', 2), await make('C', 5)]
    const startTime = '2030-10-01T10:00:00.000Z'
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        site.payload.create({
          collection: 'reservations',
          data: { items: [{ resource: i % 2 === 0 ? a.id : c.id }], resource: b.id, service: service.id, startTime },
        }),
      ),
    )
    const statuses = results.map((r) => (r.status === 'fulfilled' ? 201 : (r.reason as { status?: number }).status))
    expect(statuses.filter((s) => s === 201)).toHaveLength(2)
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([])

    const runtime = ledgerServices.of(site.payload)
    const from = Date.parse(startTime)
    const booked = new Set(results.flatMap((r) => (r.status === 'fulfilled' ? [String(r.value.id)] : [])))
    for (const resource of [a, b, c]) {
      const index = await runtime.busy.window(String(resource.id), from, from + 3_600_000)
      // Only the two successful bookings hold anything, on any of the three resources.
      for (const claim of index.overlapping(from, from + 3_600_000)) {
        expect(booked.has(claim.key)).toBe(true)
      }
    }
    expect((await runtime.busy.window(String(b.id), from, from + 3_600_000)).peakUnits(from, from + 3_600_000)).toBe(2)
  })
})
