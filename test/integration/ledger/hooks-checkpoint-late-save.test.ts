import type { Payload } from 'payload'

import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { existingTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { afterLedgerAppend } from '../../support/after-ledger-append.js'
import { seedBookable, startReservePayload } from '../../support/reserve-payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'

const GRACE_MS = 500

/**
 * Holds the instance's next notes change between its ledger append and its document save until
 * `release`; `reached` resolves when it gets there.
 */
const holdNotesSave = (payload: Payload) => {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const reached = new Promise<void>((resolve) =>
    afterLedgerAppend(
      payload,
      () => (resolve(), released),
      (requests) => requests.some(({ events }) => events.some(({ type }) => type === 'ReservationDetailsUpdated')),
    ),
  )
  return { reached, release }
}

describe.each(testDatabaseKinds())('a late save of an older change keeps the hooks checkpoint (%s)', (kind) => {
  const delivered: string[] = []
  const hooks = { afterStatusChange: [({ newStatus }: { newStatus: string }) => void delivered.push(newStatus)] }
  const site = usePayloadOn(kind, { catchUp: { graceMs: GRACE_MS, intervalMs: 3_600_000 }, hooks })

  it('fires a status hook once when a notes change saved its document after the status change was delivered', async () => {
    const { resource, service } = await seedBookable(site.payload)
    const booked = await site.payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2031-11-03T09:00:00.000Z' },
    })
    // Another process, configured alike, whose notes change stalls between its append and its save.
    const other = await startReservePayload(existingTestDatabase(kind, site.database.uri), { catchUp: { graceMs: GRACE_MS, intervalMs: 3_600_000 }, hooks })
    try {
      const stall = holdNotesSave(other)
      const notes = other.update({ collection: 'reservations', data: { notes: 'Bring the X-ray' }, id: booked.id })
      await stall.reached
      // Meanwhile this process confirms (after the notes in the stream) and delivers its hook.
      await site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: booked.id })
      expect(delivered).toEqual(['confirmed'])
      stall.release()
      await notes
    } finally {
      await stopPayload(other)
    }

    const doc = await site.payload.findByID({ collection: 'reservations', id: booked.id })
    expect({ notes: doc.notes, status: doc.status }).toEqual({ notes: 'Bring the X-ray', status: 'confirmed' })
    // Catch-up finds nothing undelivered: the late save did not move the checkpoint back.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 200))
    await ledgerServices.of(site.payload).catchUp.run()
    expect(delivered).toEqual(['confirmed'])
  }, 60_000)
})
