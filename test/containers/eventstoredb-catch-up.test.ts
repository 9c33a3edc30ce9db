import type { Payload } from 'payload'

import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { EventStore } from '../../src/events/store.js'
import type { TestDatabase } from '../helpers/databases.js'

import { Ledger } from '../../src/commands/ledger.js'
import { createEventStoreDBStore } from '../../src/events/adapters/eventstoredb.js'
import { DEFAULT_STATUS_MACHINE } from '../../src/plugin/options.js'
import { BusyIndex } from '../../src/capacity/busy-index.js'
import { createTestDatabase } from '../helpers/databases.js'
import { stopPayload } from '../helpers/payload.js'
import { seedBookable, startReservePayload } from '../support/reserve-payload.js'
import { type StartedEventStoreDB, startEventStoreDB } from './eventstoredb-container.js'

/**
 * The plugin on EventStoreDB follows the ledger live (`subscribeToAll`): a booking another
 * process makes reaches this app's reservations collection without a request of its own,
 * also after the server restarted under the app.
 */
describe('eventstoredb: live catch-up of a Payload app', () => {
  let server: StartedEventStoreDB
  let database: TestDatabase
  let payload: Payload
  let elsewhere: EventStore
  let ledger: Ledger
  let bookable: Awaited<ReturnType<typeof seedBookable>>

  beforeAll(async () => {
    server = await startEventStoreDB({ durable: true })
    database = await createTestDatabase('sqlite')
    payload = await startReservePayload(database, {
      catchUp: { graceMs: 300, intervalMs: 1_000 },
      eventStore: { connectionString: server.connectionString, kind: 'eventstoredb' },
    })
    bookable = await seedBookable(payload)
    // Another process: its own connection and ledger, no Payload.
    elsewhere = await createEventStoreDBStore({ connectionString: server.connectionString })
    ledger = new Ledger({
      busy: new BusyIndex(elsewhere),
      capacityOf: () => Promise.resolve(1),
      policy: { cancelledStatus: 'cancelled', noticePeriodHours: 0, statusMachine: DEFAULT_STATUS_MACHINE },
      store: elsewhere,
    })
  })

  afterAll(async () => {
    await stopPayload(payload)
    await elsewhere.close()
    await database.drop()
    await server.stop()
  })

  const bookElsewhere = async (startTime: string): Promise<string> => {
    const reservationId = uuidv7()
    const start = Date.parse(startTime)
    const end = start + 60 * 60_000
    await ledger.execute(
      {
        data: {
          cancellationTokenHash: null,
          customer: null,
          guest: { email: 'elsewhere@example.test', name: 'Elsewhere' },
          idempotencyKey: null,
          notes: null,
          plan: {
            claims: [{ intervals: [{ end, start, units: 1 }], resource: String(bookable.resource.id) }],
            endTime: new Date(end).toISOString(),
            guestCount: 1,
            items: [],
            resource: bookable.resource.id,
            service: bookable.service.id,
            startTime,
          },
          reservationId,
          status: 'pending',
        },
        type: 'BookReservation',
      },
      { actor: { kind: 'system', name: 'elsewhere' }, privileged: true },
    )
    return reservationId
  }

  const expectProjected = (reservationId: string) =>
    vi.waitFor(
      async () =>
        expect(
          await payload.findByID({
            collection: 'reservations',
            depth: 0,
            disableErrors: true,
            id: reservationId,
            overrideAccess: true,
          }),
        ).toMatchObject({ id: reservationId, ledgerRevision: 0, status: 'pending' }),
      { interval: 200, timeout: 60_000 },
    )

  it('projects a booking made by another process, before and after a server restart', async () => {
    await expectProjected(await bookElsewhere('2030-03-01T09:00:00.000Z'))

    await server.restart()

    await expectProjected(await bookElsewhere('2030-03-01T11:00:00.000Z'))
  })
})
