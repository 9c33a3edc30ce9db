import type { Payload } from 'payload'

import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { startPayload, stopPayload } from '../../helpers/payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

describe.each(testDatabaseKinds())('what visitors see of services and resources (%s)', (kind) => {
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'reserve-media-'))
  let database: TestDatabase
  let payload: Payload

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    payload = await startPayload({
      collections: [{ slug: 'media', fields: [{ name: 'alt', type: 'text' }], upload: { staticDir } }],
      config: { localization: { defaultLocale: 'en', locales: ['en', 'de'] } },
      database,
      plugins: [reserveLedgerPlugin({ catchUp: { graceMs: 300, intervalMs: 60_000 }, mediaCollection: 'media', userCollection: 'users' })],
    })
  })

  afterAll(async () => {
    await stopPayload(payload)
    await database.drop()
    rmSync(staticDir, { force: true, recursive: true })
  })

  it('names and describes a service per locale', async () => {
    const service = await payload.create({ collection: 'services', data: { description: 'A full check-up', duration: 30, name: 'Check-up' } })
    await payload.update({ collection: 'services', data: { description: 'Eine Vorsorgeuntersuchung', name: 'Vorsorge' }, id: service.id, locale: 'de' })
    const inGerman = await payload.findByID({ collection: 'services', id: service.id, locale: 'de' })
    const inEnglish = await payload.findByID({ collection: 'services', id: service.id, locale: 'en' })
    expect([inGerman.name, inGerman.description]).toEqual(['Vorsorge', 'Eine Vorsorgeuntersuchung'])
    expect([inEnglish.name, inEnglish.description]).toEqual(['Check-up', 'A full check-up'])
  })

  it('books on a localized site, in any locale', async () => {
    const service = await payload.create({ collection: 'services', data: { duration: 60, name: 'Sauna' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Sauna', services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const booked = await payload.create({
      collection: 'reservations',
      data: { resource: resource.id, service: service.id, startTime: '2031-05-05T10:00:00.000Z' },
      locale: 'de',
    })
    expect(booked.endTime).toBe('2031-05-05T11:00:00.000Z')
  })

  it("lists a service's resources, read-only, from the resources that offer it", async () => {
    const service = await payload.create({ collection: 'services', data: { duration: 30, name: 'Massage' } })
    const offering = await payload.create({ collection: 'resources', data: { name: 'Room A', services: [service.id] } })
    await payload.create({ collection: 'resources', data: { name: 'Room B' } })
    const read = await payload.findByID({ collection: 'services', depth: 0, id: service.id })
    expect((read.resources as { docs: unknown[] }).docs).toEqual([offering.id])
  })

  it('takes an image from the media collection on services and resources', async () => {
    const image = await payload.create({
      collection: 'media',
      data: { alt: 'Room' },
      file: { data: PNG, mimetype: 'image/png', name: 'room.png', size: PNG.length },
    })
    const resource = await payload.create({ collection: 'resources', data: { image: image.id, name: 'Room C' } })
    const read = await payload.findByID({ collection: 'resources', depth: 1, id: resource.id })
    expect((read.image as { filename: string }).filename).toBe('room.png')
  })
})

describe('mediaCollection', () => {
  it('must name an upload collection of the config', async () => {
    const database = await createTestDatabase('sqlite')
    try {
      await expect(
        startPayload({
          collections: [{ slug: 'pictures', fields: [{ name: 'alt', type: 'text' }] }],
          database,
          plugins: [reserveLedgerPlugin({ mediaCollection: 'pictures', userCollection: 'users' })],
        }),
      ).rejects.toThrow('payload-reserve-ledger: mediaCollection "pictures" is not an upload collection of the Payload config')
    } finally {
      await database.drop()
    }
  })
})
