import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { seedBookable, startReservePayload } from '../../support/reserve-payload.js'
import { spawnLedgerNode } from '../../support/spawn-node.js'
import { usePayloadOn } from '../../support/suite-payload.js'

const postgres = testDatabaseKinds().includes('postgres')

describe.skipIf(!postgres)('two OS processes booking one slot on a shared PostgreSQL database', () => {
  const site = usePayloadOn('postgres')

  it.each([1, 3])('never lets more than the capacity (%i) through', async (quantity) => {
    const { resource, service } = await seedBookable(site.payload, { quantity })
    const start = '2030-05-01T10:00:00.000Z'
    const settings = {
      NODE_COUNT: '10',
      NODE_DATABASE_KIND: 'postgres',
      NODE_DATABASE_URI: site.database.uri,
      NODE_RESOURCE: String(resource.id),
      NODE_SCENARIO: 'race',
      NODE_SERVICE: String(service.id),
      NODE_START: start,
    }
    const nodes = [spawnLedgerNode(settings), spawnLedgerNode(settings)]
    await Promise.all(nodes.map((node) => node.waitFor('ready')))
    nodes.forEach((node) => node.send('go'))
    const results = await Promise.all(
      nodes.map(async (node) => JSON.parse((await node.waitFor('result')).slice('result '.length)) as Record<string, unknown>),
    )
    await Promise.all(nodes.map((node) => node.exited))

    expect(results.reduce((sum, r) => sum + (r.succeeded as number), 0)).toBe(quantity)
    expect(results.reduce((sum, r) => sum + (r.conflicts as number), 0)).toBe(20 - quantity)
    expect(results.flatMap((r) => r.other as number[])).toEqual([])
    // Both the reservations collection and the ledger agree on the capacity used.
    const { totalDocs } = await site.payload.count({ collection: 'reservations', where: { resource: { equals: resource.id } } })
    expect(totalDocs).toBe(quantity)
    const from = Date.parse(start)
    const index = await ledgerServices.of(site.payload).busy.window(String(resource.id), from, from + 3_600_000)
    expect(index.peakUnits(from, from + 3_600_000)).toBe(quantity)
  })
})

describe.each(testDatabaseKinds())('a process killed between append and projection (%s)', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })

  afterAll(async () => {
    await database.drop()
  })

  it('is caught up after restart: the booking is materialised, afterBookingCreate fires, nothing acknowledged is lost', async () => {
    const first = await startReservePayload(database, { allowGuestBooking: true })
    const { resource, service } = await seedBookable(first, { duration: 30 })
    await stopPayload(first)

    const node = spawnLedgerNode({
      NODE_DATABASE_KIND: kind,
      NODE_DATABASE_URI: database.uri,
      NODE_KILL_AT: '4',
      NODE_RESOURCE: String(resource.id),
      NODE_SCENARIO: 'crash',
      NODE_SERVICE: String(service.id),
      NODE_START: '2030-06-03T08:00:00.000Z',
    })
    expect(await node.exited).toBe('SIGKILL')
    const acknowledged = node.lines.filter((line) => line.startsWith('ack ')).map((line) => line.slice(4))
    expect(acknowledged).toHaveLength(3)

    const created: Array<{ id: string; token?: unknown }> = []
    const restarted = await startReservePayload(database, {
      allowGuestBooking: true,
      catchUp: { graceMs: 0, intervalMs: 60_000 },
      hooks: { afterBookingCreate: [({ doc }) => void created.push({ id: doc.id, token: doc.cancellationToken })] },
    })
    try {
      // Catch-up's pass starts at boot, which does not wait for it.
      await ledgerServices.of(restarted).catchUp.settle()
      const { docs } = await restarted.find({ collection: 'reservations', limit: 0, sort: 'startTime' })
      expect(docs).toHaveLength(4)
      for (const id of acknowledged) {
        expect(docs.map((doc) => doc.id)).toContain(id)
      }
      const lost = docs.find((doc) => !acknowledged.includes(String(doc.id)))!
      expect(lost.startTime).toBe('2030-06-03T11:00:00.000Z')
      expect(lost.ledgerRevision).toBe(0)
      // Only the booking whose hooks never ran gets them now, exactly once.
      expect(created.map((c) => c.id)).toEqual([lost.id])
    } finally {
      await stopPayload(restarted)
    }
  })
})
