import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { existingTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { booking, plan, staff } from '../../support/ledger-fixtures.js'
import { seedBookable, startReservePayload } from '../../support/reserve-payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'

/** Long enough that a loaded machine does not age the confirm past it before the pass reads it. */
const GRACE_MS = 4_000

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(testDatabaseKinds())('catch-up leaves a reservation to the writer of its newest event (%s)', (kind) => {
  const site = usePayloadOn(kind, { catchUp: { graceMs: GRACE_MS, intervalMs: 3_600_000 }, hooks: { afterStatusChange: [() => void delivered.push('status')] } })
  const delivered: string[] = []

  it('does not project or deliver a reservation an old event touched while a newer one is still being written', async () => {
    const { resource, service } = await seedBookable(site.payload, { quantity: 1 })
    const runtime = ledgerServices.of(site.payload)
    const bookingPlan = { ...plan([String(resource.id)], '2031-11-03T09:00:00.000Z'), service: String(service.id) }
    const command = booking(bookingPlan, { customer: null, guest: { email: 'writer@example.test', name: 'Writer', phone: null } })
    const reservationId = command.data.reservationId
    // Another process whose request writes this reservation (so its own projector leaves it alone).
    const writer = await startReservePayload(existingTestDatabase(kind, site.database.uri), { catchUp: { graceMs: GRACE_MS, intervalMs: 3_600_000 } })
    try {
      const { ledger, ownership } = ledgerServices.of(writer)
      ownership.claim(reservationId)
      // It booked and died before its document: an event catch-up must repair...
      await ledger.execute(command, staff)
      await pause(GRACE_MS + 200)
      // ...but it confirms it now, and is still saving its document when the pass runs.
      await ledger.execute({ data: { reservationId, to: 'confirmed' }, type: 'ChangeReservationStatus' }, staff)
      await runtime.catchUp.run()
    } finally {
      await stopPayload(writer)
    }
    const find = () => site.payload.find({ collection: 'reservations', where: { id: { equals: reservationId } } })
    expect((await find()).docs, 'the confirm is its writer’s to project').toEqual([])
    expect(delivered).toEqual([])

    // Once the confirm is older than the grace and its writer never finished, catch-up does.
    await pause(GRACE_MS + 200)
    await runtime.catchUp.run()
    expect((await find()).docs.map((doc) => doc.status)).toEqual(['confirmed'])
    expect(delivered).toEqual(['status'])
  }, 60_000)
})
