import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { NewEvent } from '../../../src/events/types.js'
import type { TestDatabase } from '../../helpers/databases.js'

import { createPayloadEventStore } from '../../../src/events/adapters/payload.js'
import { reservationEventsCollection } from '../../../src/events/adapters/payload-collection.js'
import { NO_STREAM } from '../../../src/events/store.js'
import { EVENT_SCHEMA_VERSION } from '../../../src/events/types.js'
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { login, restRequest, startPayload, stopPayload } from '../../helpers/payload.js'

const PASSWORD = 'correct horse battery staple'

const released: NewEvent = {
  data: { reservationId: 'r-1' },
  metadata: {
    actor: { kind: 'system', name: 'test' },
    at: new Date().toISOString(),
    correlationId: 'r-1',
    schemaVersion: EVENT_SCHEMA_VERSION,
  },
  type: 'CapacityReleased',
}

/** Unique indexes of a table as the database reports them, e.g. ["stream,revision", "event_id"]. */
const uniqueIndexColumns = async (database: TestDatabase, table: string): Promise<string[]> => {
  const columnsOf = (definition: string): string =>
    (/\(([^)]*)\)\s*$/.exec(definition)?.[1] ?? '').replace(/["`\s]/g, '')
  const statement =
    database.kind === 'postgres'
      ? `SELECT indexdef AS definition FROM pg_indexes WHERE tablename = '${table}'`
      : `SELECT sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = '${table}' AND sql IS NOT NULL`
  const rows = await database.query(statement)
  return rows
    .map(({ definition }) => String(definition))
    .filter((definition) => /CREATE UNIQUE INDEX/i.test(definition))
    .map(columnsOf)
}

for (const kind of testDatabaseKinds()) {
  describe(`reservation-events collection on ${kind}`, () => {
    let database: TestDatabase
    let payload: Payload
    let adminToken: string
    let customerToken: string

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      payload = await startPayload({
        collections: [
          reservationEventsCollection({ adminGroup: 'Reservations' }),
          reservationEventsCollection({
            read: ({ req }) => req.user?.role === 'admin',
            slug: 'audit-events',
          }),
        ],
        database,
      })
      for (const role of ['admin', 'customer'] as const) {
        await payload.create({ collection: 'users', data: { email: `${role}@example.com`, password: PASSWORD, role } })
      }
      adminToken = await login(payload, { email: 'admin@example.com', password: PASSWORD })
      customerToken = await login(payload, { email: 'customer@example.com', password: PASSWORD })
      for (const collection of ['reservation-events', 'audit-events']) {
        await createPayloadEventStore(payload, { collection }).append({
          events: [released],
          expectedRevision: NO_STREAM,
          stream: 'reserve-resource-1',
        })
      }
    })

    afterAll(async () => {
      await stopPayload(payload)
      await database.drop()
    })

    const asUser = (token: string, init: RequestInit = {}): RequestInit => ({
      ...init,
      headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
    })

    it('has unique indexes on (stream, revision) and on the event id in the database', async () => {
      const unique = await uniqueIndexColumns(database, 'reservation_events')
      expect(unique).toContain('stream,revision')
      expect(unique).toContain('event_id')
    })

    it('refuses to create, update or delete events over HTTP, even for an admin', async () => {
      const [stored] = await createPayloadEventStore(payload).readStream('reserve-resource-1')
      const { docs } = await payload.find({ collection: 'reservation-events', limit: 1 })
      const id = String(docs[0].id)
      const body = JSON.stringify({ data: {}, eventId: 'forged', metadata: {}, recordedAt: new Date().toISOString(), revision: 1, stream: 'reserve-resource-1', type: 'CapacityReleased' })

      const responses = await Promise.all([
        restRequest(payload, '/api/reservation-events', asUser(adminToken, { body, method: 'POST' })),
        restRequest(payload, `/api/reservation-events/${id}`, asUser(adminToken, { body: '{"type":"Forged"}', method: 'PATCH' })),
        restRequest(payload, `/api/reservation-events/${id}`, asUser(adminToken, { method: 'DELETE' })),
      ])

      expect(responses.map(({ status }) => status)).toEqual([403, 403, 403])
      expect(await createPayloadEventStore(payload).readStream('reserve-resource-1')).toEqual([stored])
    })

    it('shows events to no one over HTTP unless read access is given', async () => {
      const hidden = await restRequest(payload, '/api/reservation-events', asUser(adminToken))
      const forAdmin = await restRequest(payload, '/api/audit-events', asUser(adminToken))
      const forCustomer = await restRequest(payload, '/api/audit-events', asUser(customerToken))
      const anonymous = await restRequest(payload, '/api/audit-events')

      expect(hidden.status).toBe(403)
      expect(forAdmin.status).toBe(200)
      expect(((await forAdmin.json()) as { docs: { type: string }[] }).docs.map(({ type }) => type)).toEqual([
        'CapacityReleased',
      ])
      expect(forCustomer.status).toBe(403)
      expect(anonymous.status).toBe(403)
    })
  })
}
