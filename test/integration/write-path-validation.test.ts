import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getRuntime } from '../../src/plugin/runtime.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../helpers/databases.js'
import { stopPayload } from '../helpers/payload.js'
import { seedBookable, startReservePayload } from '../support/reserve-payload.js'

describe.each(testDatabaseKinds())('bad input refused before the ledger commits (%s)', (kind) => {
  let database: TestDatabase
  let payload: Payload

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startReservePayload(database)
  })

  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
  })

  const eventCount = async () => (await getRuntime(payload).store.readAll({ limit: 100_000 })).length

  it.each([
    ['a customer that does not exist', { customer: 987_654 }, 'customer'],
    ['an idempotency key that is not a string', { idempotencyKey: { nested: true } }, 'idempotencyKey'],
    ['notes that are not text', { notes: 42 }, 'notes'],
    ['an impossible date', { startTime: '2030-02-30T10:00:00.000Z' }, 'startTime'],
  ])('refuses %s with a 400 on its field and writes no event', async (_name, bad, path) => {
    const { resource, service } = await seedBookable(payload)
    const before = await eventCount()
    const attempt = payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2030-09-01T09:00:00.000Z', ...bad },
    })
    await expect(attempt).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path })] }, status: 400 })
    expect(await eventCount()).toBe(before)
  })
})
