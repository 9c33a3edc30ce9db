import { getTableName, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { sqlCollection } from '../../../src/events/adapters/payload-sql.js'
import { referenceData } from '../../../src/plugin/shared/reference-data/reference-data.js'
import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { seenWithin } from '../../support/seen-within.js'
import { usePayloadOn } from '../../support/suite-payload.js'

/** Only PostgreSQL announces writes (NOTIFY); elsewhere cached records expire after 5 s. */
const kinds = testDatabaseKinds().filter((kind) => kind === 'postgres')

describe.each(kinds)('services, resources and schedules changed by another process (%s)', (kind) => {
  const site = usePayloadOn(kind)

  /** Writes `set` to a row as another process's write would reach this one: past this process's hooks. */
  const writeElsewhere = async (slug: string, id: number | string, set: string) => {
    const collection = sqlCollection(site.payload.db, slug)
    if (collection?.dialect !== 'postgres') {
      throw new Error('expected PostgreSQL')
    }
    await collection.db.execute(sql.raw(`UPDATE "${getTableName(collection.table)}" SET ${set} WHERE id = ${Number(id)}`))
  }

  it('are seen by this process within a second, not when its cached copy expires', async () => {
    const { payload } = site
    const data = referenceData(payload, ledgerServices.of(payload).options)
    const service = await payload.create({ collection: 'services', data: { duration: 60, name: 'Checkup' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Room 1', quantity: 1, services: [service.id] } })
    // Cached here, as any availability query or booking caches them (not within a second of this process's own write).
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await data.services([service.id])).get(String(service.id))?.duration).toBe(60)
    expect((await data.resources([resource.id])).get(String(resource.id))?.active).toBe(true)

    await writeElsewhere('services', service.id, 'duration = 90')
    expect(await seenWithin(async () => (await data.services([service.id])).get(String(service.id))?.duration, 90)).toBeLessThan(1_000)

    await writeElsewhere('resources', resource.id, 'active = false')
    expect(await seenWithin(async () => (await data.resources([resource.id])).get(String(resource.id))?.active, false)).toBeLessThan(1_000)
  })
})
