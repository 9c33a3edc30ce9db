import type { Payload } from 'payload'

import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { createTestDatabase, existingTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { startPayload, stopPayload } from '../../helpers/payload.js'
import { seedBookable } from '../../support/reserve-payload.js'

interface LogLine {
  level: number
  msg?: string
}

// A catch-up interval far below the default: a storm of failing passes would show in seconds.
const options = { catchUp: { graceMs: 100, intervalMs: 200 }, userCollection: 'users' }

/**
 * A site on a database Payload does not push to (`push: false`, as with migrations), started
 * before its first migration: one clear message, then quiet until the tables exist.
 */
describe.each(testDatabaseKinds())('a database without the tables, on %s', (kind) => {
  let database: TestDatabase
  let payload: Payload
  const lines: LogLine[] = []
  const logged = (text: string) => lines.filter((line) => line.msg?.includes(text))

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean).map((text) => JSON.parse(text) as LogLine))
        done()
      },
    })
    payload = await startPayload({
      config: { logger: { destination, options: { level: 'info' } } },
      database: existingTestDatabase(kind, database.uri),
      plugins: [reserveLedgerPlugin(options)],
    })
  })

  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
  })

  it('starts, and says once which commands create the tables, with no raw SQL error and no storm', async () => {
    await sleep(3_000)
    const errors = lines.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0].msg).toMatch(/^payload-reserve-ledger: the database has none of the tables of this config's \d+ collections/)
    expect(errors[0].msg).toContain('`npx payload migrate:create`')
    expect(errors[0].msg).toContain('`npx payload migrate`')
    expect(logged('catch-up failed')).toEqual([])
  })

  it('starts the ledger by itself once the tables exist, and books', async () => {
    // What `payload migrate` does for this site: another process creates the same schema.
    const migrating = await startPayload({ database, plugins: [reserveLedgerPlugin(options)] })
    await stopPayload(migrating)
    await expect.poll(() => logged('the tables exist now').length, { interval: 250, timeout: 20_000 }).toBe(1)
    const { resource, service } = await seedBookable(payload)
    const booked = await payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2031-05-05T09:00:00.000Z' },
    })
    expect(booked.status).toBe('pending')
    expect(lines.filter((line) => line.level >= 50)).toHaveLength(1)
  }, 60_000)
})
