import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'

import type { EventMetadata, ResourceEvent } from '../../../src/events/types.js'

import { capacityStreamName, monthOf } from '../../../src/events/capacity-streams.js'
import { EVENT_SCHEMA_VERSION } from '../../../src/events/types.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { seedBookable } from '../../support/reserve-payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'

const HOUR = 3_600_000

describe.each(testDatabaseKinds())('catch-up repairs claims that disagree with their reservations, both ways (%s)', (kind) => {
  const site = usePayloadOn(kind, { catchUp: { graceMs: 100, intervalMs: 3_600_000 } })

  /** Appends to a resource's month stream (of instant `at`) as a faulty writer would have, bypassing the ledger's decisions. */
  const inject = async (resource: string, at: number, event: ResourceEvent) => {
    const { store } = ledgerServices.of(site.payload)
    const metadata: EventMetadata = { actor: { kind: 'system', name: 'fault-injection' }, at: new Date().toISOString(), correlationId: event.data.reservationId, schemaVersion: EVENT_SCHEMA_VERSION }
    const stream = capacityStreamName(resource, monthOf(at))
    const head = await store.streamRevision(stream)
    await store.append({ events: [{ ...event, metadata }], expectedRevision: head, stream })
  }

  it('records a live booking’s released claim again and releases a claim no reservation holds, so the slot is right for everyone', async () => {
    const { resource, service } = await seedBookable(site.payload, { quantity: 1 })
    const start = '2031-10-01T09:00:00.000Z'
    const booked = await site.payload.create({ collection: 'reservations', data: { resource: resource.id, service: service.id, startTime: start } })
    const orphan = uuidv7()
    const elsewhere = Date.parse('2031-10-01T13:00:00.000Z')
    await inject(String(resource.id), Date.parse(start), { data: { reservationId: String(booked.id) }, type: 'CapacityReleased' })
    await inject(String(resource.id), elsewhere, { data: { intervals: [{ end: elsewhere + HOUR, start: elsewhere, units: 1 }], reservationId: orphan }, type: 'CapacityClaimed' })

    const runtime = ledgerServices.of(site.payload)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await runtime.catchUp.run()).toMatchObject({ reconciled: 2 })

    const index = await runtime.busy.window(String(resource.id), Date.parse(start), elsewhere + HOUR)
    expect(index.intervalsOf(String(booked.id))).toEqual([{ end: Date.parse(start) + HOUR, start: Date.parse(start), units: 1 }])
    expect(index.intervalsOf(orphan)).toEqual([])
    // The slot the booking holds is refused again; the one the orphan blocked is free.
    await expect(site.payload.create({ collection: 'reservations', data: { resource: resource.id, service: service.id, startTime: start } })).rejects.toMatchObject({ status: 409 })
    await expect(
      site.payload.create({ collection: 'reservations', data: { resource: resource.id, service: service.id, startTime: new Date(elsewhere).toISOString() } }),
    ).resolves.toMatchObject({ status: 'pending' })
  })
})
