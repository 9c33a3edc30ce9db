import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'

import type { NewEvent } from '../../../src/events/types.js'

import { capacityStreamName } from '../../../src/events/capacity-streams.js'
import { EVENT_SCHEMA_VERSION, resourceStream } from '../../../src/events/types.js'
import { migrateToMonthStreams } from '../../../src/ledger-io/migrate-layout.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { getJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

const HOUR = 3_600_000

describe.each(testDatabaseKinds())('a ledger of the first layout, migrated to month streams (%s)', (kind) => {
  const site = usePayloadOn(kind, {})

  it('is refused until migrated; then its claims decide bookings and slots in every month they reach, the old stream kept', async () => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { duration: 60, name: 'Legacy' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Legacy room', quantity: 1, services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const { store } = ledgerServices.of(payload)
    // As the previous version wrote it: the resource's one stream, a claim across the end of October.
    const legacy = uuidv7()
    const start = Date.parse('2031-10-31T23:30:00.000Z')
    const claimed = {
      data: { intervals: [{ end: start + HOUR, start, units: 1 }], reservationId: legacy },
      metadata: { actor: { kind: 'system', name: 'previous-version' }, at: new Date().toISOString(), correlationId: legacy, schemaVersion: EVENT_SCHEMA_VERSION },
      type: 'CapacityClaimed',
    } as NewEvent
    await store.append({ events: [claimed], expectedRevision: -1, stream: resourceStream(String(resource.id)) })
    const book = (startTime: string) => payload.create({ collection: 'reservations', data: { resource: resource.id, service: service.id, startTime } })
    const starts = async (date: string) =>
      (await getJson(payload, withQuery('/api/reserve/slots', { date, resource: String(resource.id), service: String(service.id) }))).body.slots.map(
        (slot: { start: string }) => slot.start,
      )

    await expect(book('2031-11-01T00:00:00.000Z')).rejects.toThrow('npx payload reserve:ledger migrate')
    expect(await migrateToMonthStreams(store, { now: new Date() })).toEqual({ claims: 2, resources: 1 })

    for (const month of ['2031-10', '2031-11']) {
      expect((await store.readStream(capacityStreamName(String(resource.id), month))).map((event) => event.data.reservationId)).toEqual([legacy])
    }
    expect((await store.readStream(resourceStream(String(resource.id)))).map((event) => event.type as string)).toEqual(['CapacityClaimed', 'CapacityMovedToMonths'])
    expect(await starts('2031-11-01')).not.toContain('2031-11-01T00:00:00.000Z')
    expect(await starts('2031-11-01')).toContain('2031-11-01T01:00:00.000Z')
    await expect(book('2031-11-01T00:00:00.000Z')).rejects.toMatchObject({ status: 409 })
    await expect(book('2031-10-31T23:00:00.000Z')).rejects.toMatchObject({ status: 409 })
    await expect(book('2031-11-01T00:30:00.000Z')).resolves.toMatchObject({ status: 'pending' })
  })
})
