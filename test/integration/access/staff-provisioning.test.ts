import type { CollectionConfig, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { TestDatabase } from '../../helpers/databases.js'

import { buildResourcesCollection } from '../../../src/plugin/features/catalog/resources-collection.js'
import { buildSchedulesCollection } from '../../../src/plugin/features/catalog/schedules-collection.js'
import { buildServicesCollection } from '../../../src/plugin/features/catalog/services-collection.js'
import { resolveOptions } from '../../../src/plugin/resolve-options.js'
import { provisionStaffResource } from '../../../src/plugin/staff-provisioning.js'
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { startPayload, stopPayload } from '../../helpers/payload.js'

const resolved = resolveOptions({
  resourceOwnerMode: { adminRoles: ['admin'] },
  resourceTypes: ['room', 'practitioner'],
  staffProvisioning: {
    beforeCreate: ({ data, user }) => {
      if (user.fullName === 'Broken Hook') {
        throw new Error('host stamping failed')
      }
      // Hosts may stamp fields; a stamped owner must not win over the staff user.
      return { ...data, capacityMode: 'per-guest', owner: user.stampOwner ?? data.owner, quantity: user.seats ?? 1 }
    },
    nameFrom: 'fullName',
    resourceType: 'practitioner',
    staffRoles: ['staff'],
  },
})

const provisionHook = provisionStaffResource(resolved)

const users: CollectionConfig = {
  slug: 'users',
  auth: true,
  fields: [
    { name: 'role', type: 'select', defaultValue: 'customer', options: ['admin', 'staff', 'customer'] },
    { name: 'fullName', type: 'text' },
    { name: 'seats', type: 'number' },
    { name: 'stampOwner', type: 'number' },
  ],
  hooks: { afterChange: [provisionHook] },
}

for (const kind of testDatabaseKinds()) {
  describe(`staff provisioning on ${kind}`, () => {
    let database: TestDatabase
    let payload: Payload
    let counter = 0

    const createUser = (data: Record<string, unknown>, as?: Record<string, unknown>) =>
      payload.create({
        collection: 'users',
        data: { email: `user-${++counter}@example.test`, password: 'secret-password', ...data },
        ...(as ? { overrideAccess: false, user: as } : {}),
      })

    // No waiting: the resource is written in the user save itself, so it exists when the save returns.
    const resourcesOwnedBy = async (userId: number | string) =>
      (await payload.find({ collection: 'resources', depth: 0, where: { owner: { equals: userId } } })).docs

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
    })

    afterAll(async () => {
      await stopPayload(payload)
      await database.drop()
    })

    it('creates one resource, owned by and named after a new staff user, with host stamps applied', async () => {
      const user = await createUser({ fullName: 'Dr. Ada Lovelace', role: 'staff', seats: 3 })
      const owned = await resourcesOwnedBy(user.id)
      expect(owned).toHaveLength(1)
      expect(owned[0]).toMatchObject({
        name: 'Dr. Ada Lovelace',
        capacityMode: 'per-guest',
        quantity: 3,
        resourceType: 'practitioner',
        timezone: 'UTC',
      })
    })

    it('falls back to the email for the name', async () => {
      const user = await createUser({ role: 'staff' })
      expect((await resourcesOwnedBy(user.id))[0]?.name).toBe(user.email)
    })

    it('has the resource in place when each of many concurrent staff saves returns', async () => {
      const owned = await Promise.all(
        Array.from({ length: 8 }, async () => resourcesOwnedBy((await createUser({ role: 'staff' })).id)),
      )
      expect(owned.map((docs) => docs.length)).toEqual(Array(8).fill(1))
    })

    it('creates no resource for other roles', async () => {
      const user = await createUser({ fullName: 'Cora Customer', role: 'customer' })
      expect(await resourcesOwnedBy(user.id)).toHaveLength(0)
    })

    it('is idempotent: further updates of a staff user create no second resource', async () => {
      const user = await createUser({ fullName: 'Ben Barber', role: 'staff' })
      await payload.update({ id: user.id, collection: 'users', data: { fullName: 'Ben the Barber' } })
      await payload.update({ id: user.id, collection: 'users', data: { role: 'staff' } })
      const owned = await resourcesOwnedBy(user.id)
      expect(owned).toHaveLength(1)
      expect(owned[0]?.name).toBe('Ben Barber')
    })

    it('provisions a user promoted to staff by an update', async () => {
      const user = await createUser({ fullName: 'Paula Promoted', role: 'customer' })
      await payload.update({ id: user.id, collection: 'users', data: { role: 'staff' } })
      expect(await resourcesOwnedBy(user.id)).toHaveLength(1)
    })

    it('makes the staff user the owner whoever saves them, and whatever beforeCreate stamps', async () => {
      const creator = await createUser({ fullName: 'Sam Staff', role: 'staff' })
      const hire = await createUser({ fullName: 'Nina New', role: 'staff', stampOwner: creator.id }, creator)
      const owned = await resourcesOwnedBy(hire.id)
      expect(owned).toHaveLength(1)
      expect(owned[0]?.name).toBe('Nina New')
      expect(await resourcesOwnedBy(creator.id)).toHaveLength(1)
    })

    it('never deletes the resource when the user is demoted', async () => {
      const user = await createUser({ fullName: 'Dan Demoted', role: 'staff' })
      const [resource] = await resourcesOwnedBy(user.id)
      await payload.update({ id: user.id, collection: 'users', data: { role: 'customer' } })
      const after = await resourcesOwnedBy(user.id)
      expect(after.map((doc) => doc.id)).toEqual([resource?.id])
    })

    it('logs a failing beforeCreate and still saves the user', async () => {
      const logged = vi.spyOn(payload.logger, 'error').mockImplementation(() => undefined)
      try {
        const user = await createUser({ fullName: 'Broken Hook', role: 'staff' })
        expect(await resourcesOwnedBy(user.id)).toHaveLength(0)
        expect((await payload.findByID({ id: user.id, collection: 'users' })).email).toBe(user.email)
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ msg: expect.stringContaining('could not provision a practitioner resource') }),
        )
      } finally {
        logged.mockRestore()
      }
    })

    it('logs an invalid resource and still saves the user, then provisions on a later save', async () => {
      const logged = vi.spyOn(payload.logger, 'error').mockImplementation(() => undefined)
      try {
        const user = await createUser({ fullName: 'Zero Seats', role: 'staff', seats: 0 })
        expect(await resourcesOwnedBy(user.id)).toHaveLength(0)
        expect((await payload.findByID({ id: user.id, collection: 'users' })).id).toBe(user.id)
        expect(logged).toHaveBeenCalledTimes(1)
        await payload.update({ id: user.id, collection: 'users', data: { seats: 2 } })
        expect(await resourcesOwnedBy(user.id)).toHaveLength(1)
      } finally {
        logged.mockRestore()
      }
    })
  })
}
