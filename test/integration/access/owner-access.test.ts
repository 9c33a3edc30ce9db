import type { CollectionConfig, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { TestDatabase } from '../../helpers/databases.js'

import { buildResourcesCollection } from '../../../src/plugin/features/catalog/resources-collection.js'
import { buildSchedulesCollection } from '../../../src/plugin/features/catalog/schedules-collection.js'
import { buildServicesCollection } from '../../../src/plugin/features/catalog/services-collection.js'
import { resolveOptions } from '../../../src/plugin/resolve-options.js'
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { startPayload, stopPayload } from '../../helpers/payload.js'

const resolved = resolveOptions({ resourceOwnerMode: { adminRoles: ['admin'] } })

const users: CollectionConfig = {
  slug: 'users',
  auth: true,
  fields: [{ name: 'role', type: 'select', defaultValue: 'customer', options: ['admin', 'staff', 'customer'] }],
}

type Doc = { id: number | string } & Record<string, unknown>

for (const kind of testDatabaseKinds()) {
  describe(`owner-mode access on ${kind}`, () => {
    let database: TestDatabase
    let payload: Payload
    let admin: Doc
    let alice: Doc
    let bob: Doc
    let carol: Doc
    let bobsResource: Doc
    let bobsHiddenSchedule: Doc

    const as = (user: Doc) => ({ depth: 0, overrideAccess: false, user: { ...user, collection: 'users' } })

    const createUser = (email: string, role: string) =>
      payload.create({ collection: 'users', data: { email, password: 'secret-password', role } }) as Promise<Doc>

    beforeAll(async () => {
      database = await createTestDatabase(kind)
      payload = await startPayload({
        collections: [
          users,
          buildServicesCollection(resolved),
          buildResourcesCollection(resolved),
          buildSchedulesCollection(resolved),
        ],
        database,
      })
      admin = await createUser('admin@example.test', 'admin')
      alice = await createUser('alice@example.test', 'staff')
      bob = await createUser('bob@example.test', 'staff')
      carol = await createUser('carol@example.test', 'staff')
      bobsResource = (await payload.create({
        collection: 'resources',
        data: { name: 'Bob', owner: bob.id },
      })) as Doc
      bobsHiddenSchedule = (await payload.create({
        collection: 'schedules',
        data: { name: 'Bob, paused', active: false, resource: bobsResource.id },
      })) as Doc
    })

    afterAll(async () => {
      await stopPayload(payload)
      await database.drop()
    })

    it('makes a resource created by staff theirs, and refuses handing it to someone else', async () => {
      const created = (await payload.create({ collection: 'resources', data: { name: 'Alice' }, ...as(alice) })) as Doc
      expect(created.owner).toBe(alice.id)
      await expect(
        payload.create({ collection: 'resources', data: { name: 'Not mine', owner: bob.id }, ...as(alice) }),
      ).rejects.toThrow(/invalid/i)
      await expect(
        payload.update({ id: created.id, collection: 'resources', data: { owner: bob.id }, ...as(alice) }),
      ).rejects.toThrow(/invalid/i)
    })

    it("keeps staff out of another owner's resource", async () => {
      await expect(
        payload.update({ id: bobsResource.id, collection: 'resources', data: { name: 'Hijacked' }, ...as(alice) }),
      ).rejects.toThrow()
      expect((await payload.findByID({ id: bobsResource.id, collection: 'resources' })).name).toBe('Bob')
    })

    it('lets staff schedule only their own resources', async () => {
      const own = (await payload.create({ collection: 'resources', data: { name: 'Alice 2' }, ...as(alice) })) as Doc
      const schedule = (await payload.create({
        collection: 'schedules',
        data: { name: 'Alice weekdays', recurringSlots: [{ day: 'mon', endTime: '17:00', startTime: '09:00' }], resource: own.id },
        ...as(alice),
      })) as Doc
      expect(schedule.resource).toBe(own.id)
      await expect(
        payload.create({ collection: 'schedules', data: { name: 'Sneaky', resource: bobsResource.id }, ...as(alice) }),
      ).rejects.toThrow(/invalid/i)
    })

    it("hides another owner's inactive schedule but shows it to its owner and to admins", async () => {
      const seen = async (user: Doc) =>
        (await payload.find({ collection: 'schedules', where: { active: { equals: false } }, ...as(user) })).docs.map(
          (doc) => doc.id,
        )
      expect(await seen(alice)).not.toContain(bobsHiddenSchedule.id)
      expect(await seen(bob)).toContain(bobsHiddenSchedule.id)
      expect(await seen(admin)).toContain(bobsHiddenSchedule.id)
    })

    it('gives staff who own no resource an empty result, not an error', async () => {
      const found = await payload.find({ collection: 'schedules', where: { active: { equals: false } }, ...as(carol) })
      expect(found.docs).toEqual([])
      const updated = await payload.update({
        collection: 'schedules',
        data: { name: 'Renamed' },
        where: { id: { equals: bobsHiddenSchedule.id } },
        ...as(carol),
      })
      expect(updated.docs).toEqual([])
      expect((await payload.findByID({ id: bobsHiddenSchedule.id, collection: 'schedules' })).name).toBe('Bob, paused')
    })

    it('shows anonymous visitors active services only', async () => {
      await payload.create({ collection: 'services', data: { name: 'Open', duration: 30 } })
      await payload.create({ collection: 'services', data: { name: 'Retired', active: false, duration: 30 } })
      const names = (await payload.find({ collection: 'services', overrideAccess: false })).docs.map((doc) => doc.name)
      expect(names).toContain('Open')
      expect(names).not.toContain('Retired')
    })
  })
}
