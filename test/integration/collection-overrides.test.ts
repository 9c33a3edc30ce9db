import { describe, expect, it } from 'vitest'

import { getRuntime } from '../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../helpers/databases.js'
import { getJson } from '../support/http.js'
import { usePayloadOn } from '../support/suite-payload.js'
import { ALWAYS_OPEN } from './plugin-http.js'

describe.each(testDatabaseKinds())('collectionOverrides (%s)', (kind) => {
  const seen: string[] = []
  const site = usePayloadOn(kind, {
    collectionOverrides: {
      reservations: {
        hooks: {
          beforeChange: [
            ({ data }) => {
              seen.push('site beforeChange')
              if (data.notes === 'refuse') {
                throw new Error('Refused by the site')
              }
              return { ...data, notes: data.notes === 'stamp' ? 'stamped by the site' : data.notes }
            },
          ],
        },
      },
      services: {
        access: { read: () => ({ name: { not_equals: 'Hidden' } }) },
        admin: { group: 'Shop' },
        fields: ({ defaultFields }) => [...defaultFields, { name: 'colour', type: 'text' }],
      },
    },
  })

  const bookable = async () => {
    const service = await site.payload.create({ collection: 'services', data: { colour: 'teal', duration: 60, name: 'Yoga' } })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Hall', services: [service.id] } })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    return { resource: resource.id, service: service.id }
  }

  it("adds the site's fields to the plugin's and keeps the plugin's slug", async () => {
    const service = await site.payload.create({ collection: 'services', data: { colour: 'teal', duration: 30, name: 'Pilates' } })
    expect(service).toMatchObject({ colour: 'teal', duration: 30, name: 'Pilates' })
    expect(site.payload.collections.services.config.admin.group).toBe('Shop')
  })

  it("composes the site's read access with the plugin's: both must allow", async () => {
    await site.payload.create({ collection: 'services', data: { duration: 30, name: 'Hidden' } })
    await site.payload.create({ collection: 'services', data: { active: false, duration: 30, name: 'Retired' } })
    const names = (await getJson(site.payload, '/api/services?limit=100')).body.docs.map((doc: { name: string }) => doc.name)
    expect(names).toContain('Pilates')
    // The site's constraint hides one; the plugin's (active records for the public) the other.
    expect(names).not.toContain('Hidden')
    expect(names).not.toContain('Retired')
  })

  it("runs the site's reservation beforeChange before the ledger: it can change the booking or refuse it with nothing written", async () => {
    const ids = await bookable()
    const stamped = await site.payload.create({
      collection: 'reservations',
      data: { notes: 'stamp', ...ids, startTime: '2031-06-02T09:00:00.000Z' },
    })
    expect(stamped.notes).toBe('stamped by the site')
    const booked = (await getRuntime(site.payload).ledger.history(String(stamped.id)))[0]
    expect(booked.data).toMatchObject({ notes: 'stamped by the site' })

    const before = (await getRuntime(site.payload).store.readAll({ limit: 10_000 })).length
    await expect(
      site.payload.create({ collection: 'reservations', data: { notes: 'refuse', ...ids, startTime: '2031-06-02T11:00:00.000Z' } }),
    ).rejects.toThrow('Refused by the site')
    expect((await getRuntime(site.payload).store.readAll({ limit: 10_000 })).length).toBe(before)
    expect(seen.length).toBeGreaterThanOrEqual(2)
  })
})
