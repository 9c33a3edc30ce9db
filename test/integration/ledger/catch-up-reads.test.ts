import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { seedBookable } from '../../support/reserve-payload.js'
import { recordStreamReads } from '../../support/stream-reads.js'
import { usePayloadOn } from '../../support/suite-payload.js'

type Doc = Record<string, unknown> & { id: number | string }

const GRACE_MS = 300

describe.each(testDatabaseKinds())('catch-up over bookings whose documents are written (%s)', (kind) => {
  const booked: string[] = []
  // Passes far apart: only the pass the test runs handles the bookings.
  const site = usePayloadOn(kind, {
    catchUp: { graceMs: GRACE_MS, intervalMs: 3_600_000 },
    hooks: { afterBookingCreate: [({ doc }) => void booked.push(String(doc.id))] },
  })

  const documents = async (): Promise<Doc[]> => {
    const { docs } = await site.payload.db.find({ collection: 'reservations', limit: 0, pagination: false, sort: 'id' })
    return JSON.parse(JSON.stringify(docs, (key, value: unknown) => (key === '_uuid' ? undefined : value))) as Doc[]
  }

  it('reads no stream for a booking its document, hooks and claims are at, and still repairs a torn, a missing and an undelivered one', async () => {
    const { resource, service } = await seedBookable(site.payload, { quantity: 1 })
    const ids: string[] = []
    for (let n = 0; n < 5; n++) {
      const { id } = await site.payload.create({
        collection: 'reservations',
        data: { resource: resource.id, service: service.id, startTime: new Date(Date.parse('2031-03-03T08:00:00.000Z') + n * 3_600_000).toISOString() },
      })
      ids.push(String(id))
    }
    const [torn, missing, undelivered] = ids
    const expected = await documents()
    const doc = (id: string) => expected.find((each) => String(each.id) === id)!
    // Another write's times at the document's own revision; a document lost; hooks never fired.
    await site.payload.db.updateOne({
      collection: 'reservations',
      data: { ...structuredClone(doc(torn)), endTime: '2031-03-03T15:00:00.000Z', startTime: '2031-03-03T14:00:00.000Z' },
      id: torn,
      returning: false,
    })
    await site.payload.db.deleteOne({ collection: 'reservations', where: { id: { equals: missing } } })
    await site.payload.db.updateOne({ collection: 'reservations', data: { ledgerHooksRevision: -1, updatedAt: null }, id: undelivered, returning: false })
    expect(booked).toEqual(ids)

    const runtime = ledgerServices.of(site.payload)
    const { reads, restore } = recordStreamReads(runtime.store)
    try {
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 100))
      await runtime.catchUp.run()
    } finally {
      restore()
    }

    const read = new Set(reads.filter((stream) => stream.startsWith('reserve-reservation-')))
    expect([...read].sort()).toEqual([torn, missing, undelivered].map((id) => `reserve-reservation-${id}`).sort())
    // The claims are checked against this process's view of the month, which its bookings reached.
    expect(reads.filter((stream) => stream.startsWith('reserve-resource-'))).toEqual([])
    // A lost document's checkpoint is lost with it: its hooks fire again (at least once).
    expect(booked, 'hooks fire again for the lost document and the undelivered booking, no other').toEqual([...ids, missing, undelivered])
    const after = await documents()
    expect(after.map(({ ledgerHooksRevision, updatedAt, ...rest }) => rest)).toEqual(expected.map(({ ledgerHooksRevision, updatedAt, ...rest }) => rest))
    expect(after.every((each) => each.ledgerHooksRevision === 0)).toBe(true)
  }, 60_000)
})
