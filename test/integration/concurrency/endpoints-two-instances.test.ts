import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, existingTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { startReservePayload } from '../../support/reserve-payload.js'

type Id = number | string

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const DATE = '2030-06-04'
const at = (time: string): string => `${DATE}T${time}:00.000Z`
const GUEST = { email: 'two@example.test', name: 'Two Nodes' }

/**
 * Two Payload instances on one database, as two nodes behind a load balancer: each has its own
 * busy index and reference-data cache, and neither hears about the other's writes.
 */
describe.each(testDatabaseKinds())('availability across two instances sharing a database (%s)', (kind) => {
  let database: TestDatabase
  let nodeA: Payload
  let nodeB: Payload
  let service: Id
  let resource: Id
  let scheduleId: Id
  const tokens = new Map<string, string>()

  const starts = async (node: Payload): Promise<string[]> => {
    const response = await getJson(node, withQuery('/api/reserve/availability', { date: DATE, resource, service }))
    expect(response.status).toBe(200)
    return response.body.slots.map((slot: { start: string }) => slot.start)
  }

  const book = (node: Payload, startTime: string) =>
    postJson(node, '/api/reserve/book', { guest: GUEST, resource, service, startTime })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const options = {
      allowGuestBooking: true,
      hooks: {
        afterBookingCreate: [
          ({ doc }: { doc: { cancellationToken?: unknown; id: string } }) => {
            if (typeof doc.cancellationToken === 'string') {
              tokens.set(doc.id, doc.cancellationToken)
            }
          },
        ],
      },
    }
    nodeA = await startReservePayload(database, options)
    nodeB = await startReservePayload(existingTestDatabase(kind, database.uri), options)
    service = (await nodeA.create({ collection: 'services', data: { duration: 60, name: 'Hour', slotInterval: 60 } })).id
    resource = (await nodeA.create({ collection: 'resources', data: { name: 'Shared', services: [service] } })).id
    scheduleId = (
      await nodeA.create({
        collection: 'schedules',
        data: { name: 'Mornings', recurringSlots: EVERY_DAY.map((day) => ({ day, endTime: '12:00', startTime: '09:00' })), resource },
      })
    ).id
  })

  afterAll(async () => {
    await stopPayload(nodeB)
    await stopPayload(nodeA)
    await database.drop()
  })

  it('a slot booked on one instance is no longer offered by the other, and is again once cancelled', async () => {
    // B has read the resource before: its busy index and cache are warm.
    expect(await starts(nodeB)).toEqual([at('09:00'), at('10:00'), at('11:00')])
    const booked = await book(nodeA, at('10:00'))
    expect(booked.status).toBe(201)
    expect(await starts(nodeB)).toEqual([at('09:00'), at('11:00')])
    expect((await book(nodeB, at('10:00'))).status).toBe(409)

    const cancelled = await postJson(nodeA, '/api/reserve/cancel', { reservationId: booked.body.id, token: tokens.get(booked.body.id) })
    expect(cancelled.status).toBe(200)
    expect(await starts(nodeB)).toEqual([at('09:00'), at('10:00'), at('11:00')])
  })

  it('one slot raced from both instances is booked once', async () => {
    const [first, second] = await Promise.all([book(nodeA, at('11:00')), book(nodeB, at('11:00'))])
    expect([first.status, second.status].sort()).toEqual([201, 409])
    expect(await starts(nodeA)).not.toContain(at('11:00'))
    expect(await starts(nodeB)).not.toContain(at('11:00'))
  })

  it('sees a schedule change made on the other instance within the cache lifetime (5 s)', async () => {
    expect(await starts(nodeB)).toContain(at('09:00'))
    const changedAt = Date.now()
    await nodeA.update({ collection: 'schedules', data: { exceptions: [{ date: DATE }] }, id: scheduleId })
    expect(await starts(nodeA)).toEqual([])
    let seen = await starts(nodeB)
    while (seen.length > 0 && Date.now() - changedAt < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      seen = await starts(nodeB)
    }
    expect(seen).toEqual([])
    // The lifetime is 5 s; the rest is headroom for polling on a loaded machine.
    expect(Date.now() - changedAt).toBeLessThan(10_000)
  })
})
