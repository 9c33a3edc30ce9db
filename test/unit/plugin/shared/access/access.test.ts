import type { Access, AccessArgs, PayloadRequest } from 'payload'

import { describe, expect, it, vi } from 'vitest'

import { customerAccess } from '../../../../../src/plugin/shared/access/customer-access.js'
import { ownedRecordAccess } from '../../../../../src/plugin/shared/access/owned-record-access.js'
import { reservationAccess } from '../../../../../src/plugin/shared/access/reservation-access.js'
import { relationIdsForNonStaff } from '../../../../../src/plugin/shared/access/relation-ids-for-non-staff.js'
import { refuseDigestQueries } from '../../../../../src/plugin/shared/access/refuse-digest-queries.js'
import { readsLedger, withoutTokenDigest } from '../../../../../src/plugin/shared/access/reservation-events-access.js'
import { scheduleAccess } from '../../../../../src/plugin/shared/access/schedule-access.js'
import { buildCustomersCollection } from '../../../../../src/plugin/features/catalog/customers-collection.js'
import { buildResourcesCollection } from '../../../../../src/plugin/features/catalog/resources-collection.js'
import { buildSchedulesCollection } from '../../../../../src/plugin/features/catalog/schedules-collection.js'
import { buildServicesCollection } from '../../../../../src/plugin/features/catalog/services-collection.js'
import { buildReservationsCollection } from '../../../../../src/plugin/features/booking/reservations-collection.js'
import { resolveOptions } from '../../../../../src/plugin/resolve-options.js'

type User = { collection: string; id: number | string } & Record<string, unknown>

/** A request whose resources lookup returns `ownedResources` (the only query access makes). */
const request = (user: null | User, ownedResources: Array<number | string> = []) => {
  const find = vi.fn(async () => ({ docs: ownedResources.map((id) => ({ id })) }))
  // A site without tenancy: no collection carries a tenant field.
  return { find, req: { payload: { config: { collections: [] }, find }, user } as unknown as PayloadRequest }
}

const run = (access: Access | undefined, user: null | User, ownedResources?: Array<number | string>) => {
  if (!access) {
    throw new Error('access function missing')
  }
  return access({ req: request(user, ownedResources).req } as AccessArgs)
}

const admin: User = { collection: 'users', id: 1, role: 'admin' }
const staff: User = { collection: 'users', id: 2, role: 'staff' }
const customer: User = { collection: 'customers', id: 3 }
const ACTIVE = { active: { equals: true } }

describe('services and resources access', () => {
  const plain = ownedRecordAccess(resolveOptions({}))
  const owned = ownedRecordAccess(resolveOptions({ resourceOwnerMode: { adminRoles: ['admin'], ownerField: 'practitioner' } }))

  it('lets anyone read active records and privileged users read all', async () => {
    expect(await run(plain.read, null)).toEqual(ACTIVE)
    expect(await run(plain.read, customer)).toEqual(ACTIVE)
    expect(await run(plain.read, staff)).toBe(true)
  })

  it('lets only privileged users create, update and delete', async () => {
    for (const operation of [plain.create, plain.update, plain.delete]) {
      expect(await run(operation, null)).toBe(false)
      expect(await run(operation, customer)).toBe(false)
      expect(await run(operation, staff)).toBe(true)
    }
  })

  it('in owner mode limits non-admin staff to records whose owner field is them', async () => {
    expect(await run(owned.update, staff)).toEqual({ practitioner: { equals: 2 } })
    expect(await run(owned.delete, staff)).toEqual({ practitioner: { equals: 2 } })
    expect(await run(owned.read, staff)).toEqual({ or: [ACTIVE, { practitioner: { equals: 2 } }] })
    expect(await run(owned.create, staff)).toBe(true)
    expect(await run(owned.update, admin)).toBe(true)
    expect(await run(owned.update, customer)).toBe(false)
  })
})

describe('schedules access', () => {
  const plain = scheduleAccess(resolveOptions({}))
  const owned = scheduleAccess(resolveOptions({ resourceOwnerMode: { adminRoles: ['admin'] } }))

  it('lets anyone read active schedules and privileged users manage all', async () => {
    expect(await run(plain.read, null)).toEqual(ACTIVE)
    expect(await run(plain.update, null)).toBe(false)
    expect(await run(plain.update, customer)).toBe(false)
    expect(await run(plain.update, staff)).toBe(true)
  })

  it("in owner mode limits non-admin staff to their resources' schedules, looked up by owner", async () => {
    const { find, req } = request(staff, ['r1', 'r2'])
    expect(await owned.update!({ req } as AccessArgs)).toEqual({ resource: { in: ['r1', 'r2'] } })
    expect(find).toHaveBeenCalledWith(
      expect.objectContaining({ collection: 'resources', overrideAccess: true, where: { owner: { equals: 2 } } }),
    )
    expect(await run(owned.read, staff, ['r1'])).toEqual({ or: [ACTIVE, { resource: { in: ['r1'] } }] })
    expect(await run(owned.update, admin)).toBe(true)
  })

  it('matches nothing for staff who own no resource', async () => {
    expect(await run(owned.delete, staff, [])).toEqual({ id: { exists: false } })
  })
})

describe('customers access', () => {
  const access = customerAccess(resolveOptions({}))

  it('lets anyone sign up', async () => {
    expect(await run(access.create, null)).toBe(true)
  })

  it('lets a customer read and update only their own account', async () => {
    expect(await run(access.read, customer)).toEqual({ id: { equals: 3 } })
    expect(await run(access.update, customer)).toEqual({ id: { equals: 3 } })
    expect(await run(access.delete, customer)).toBe(false)
  })

  it('lets privileged users read and manage all customers, and nobody else', async () => {
    expect(await run(access.read, staff)).toBe(true)
    expect(await run(access.delete, admin)).toBe(true)
    expect(await run(access.read, null)).toBe(false)
    expect(await run(access.read, { collection: 'users', id: 9, role: 'customer' })).toBe(false)
  })
})

describe('reservations access', () => {
  const plain = reservationAccess(resolveOptions({}))
  const owned = reservationAccess(resolveOptions({ resourceOwnerMode: { adminRoles: ['admin'] } }))

  it('lets a customer read and update (move) only their own reservations and book, never delete', async () => {
    expect(await run(plain.read, customer)).toEqual({ customer: { equals: 3 } })
    expect(await run(plain.create, customer)).toBe(true)
    // Which fields a customer may change is the booking rule customer-moves-only's to say.
    expect(await run(plain.update, customer)).toEqual({ customer: { equals: 3 } })
    expect(await run(plain.delete, customer)).toBe(false)
  })

  it('lets anonymous callers book and nothing else', async () => {
    expect(await run(plain.create, null)).toBe(true)
    for (const operation of [plain.read, plain.update, plain.delete]) {
      expect(await run(operation, null)).toBe(false)
    }
  })

  it('keeps signed-in users who are neither staff nor customers out, even with a customer id', async () => {
    const outsider: User = { collection: 'users', id: 3, role: 'customer' }
    for (const operation of [plain.create, plain.read, plain.update, plain.delete]) {
      expect(await run(operation, outsider)).toBe(false)
    }
  })

  it('lets privileged staff manage all; in owner mode other staff the reservations of their resources', async () => {
    expect(await run(plain.update, staff)).toBe(true)
    const byResource = { or: [{ resource: { in: ['r1'] } }, { 'items.resource': { in: ['r1'] } }] }
    expect(await run(owned.read, staff, ['r1'])).toEqual(byResource)
    expect(await run(owned.delete, staff, ['r1'])).toEqual(byResource)
    expect(await run(owned.read, admin)).toBe(true)
  })
})

describe('reservation-events access', () => {
  it('lets only staff who see all records read the ledger', async () => {
    const owner = resolveOptions({ resourceOwnerMode: { adminRoles: ['admin'] } })
    const args = (user: null | User) => ({ req: request(user).req }) as AccessArgs
    expect(await readsLedger(resolveOptions({}))(args(staff))).toBe(true)
    expect(await readsLedger(owner)(args(staff))).toBe(false)
    expect(await readsLedger(owner)(args(admin))).toBe(true)
    expect(await readsLedger(owner)(args(customer))).toBe(false)
  })

  it('removes the guest token digest from event data it returns', () => {
    const doc = { data: { cancellationTokenHash: 'ab12', reservationId: 'r' }, type: 'ReservationBooked' }
    const read = withoutTokenDigest({ doc } as Parameters<typeof withoutTokenDigest>[0])
    expect(read).toEqual({ data: { reservationId: 'r' }, type: 'ReservationBooked' })
  })

  it('removes the digest at any depth, as voids of older versions hold it in restores', () => {
    const doc = {
      data: { reservationId: 'r', restores: { cancellationTokenHash: 'ab12', items: [{ cancellationTokenHash: 'cd' }], notes: null } },
      type: 'ReservationWriteVoided',
    }
    const read = withoutTokenDigest({ doc } as Parameters<typeof withoutTokenDigest>[0])
    expect(read).toEqual({ data: { reservationId: 'r', restores: { items: [{}], notes: null } }, type: 'ReservationWriteVoided' })
    expect(doc.data.restores.cancellationTokenHash).toBe('ab12')
    const clean = { data: { reservationId: 'r' }, type: 'ReservationBooked' }
    expect(withoutTokenDigest({ doc: clean } as Parameters<typeof withoutTokenDigest>[0])).toBe(clean)
  })

  it('refuses a filter, sort, selection or distinct read that reaches the digest at any depth', () => {
    const run = (operation: string, args: Record<string, unknown>) =>
      refuseDigestQueries({ args, operation } as unknown as Parameters<typeof refuseDigestQueries>[0])
    const refused = [
      { where: { 'data.restores.cancellationTokenHash': { like: 'a' } } },
      { where: { 'data.restores.cancellationtokenhash ': { exists: true } } },
      { where: { or: [{ stream: { exists: true } }, { and: [{ 'data.x.y.cancellationTokenHash': { equals: 'a' } }] }] } },
      { where: { 'data.restores': { like: 'ab' } } },
      { where: { data: { restores: { cancellationTokenHash: { like: 'a' } } } } },
      { where: { 'data.restores': { cancellationTokenHash: { like: 'a' } } } },
      { sort: '-data.restores.cancellationTokenHash' },
      { sort: ['stream', 'data.restores'] },
      { select: { data: { restores: { cancellationTokenHash: true } } } },
      { select: { data: { cancellationTokenHash: true } } },
    ]
    for (const args of refused) {
      expect(() => run('read', args), JSON.stringify(args)).toThrow(expect.objectContaining({ status: 400 }))
      expect(() => run('count', args), JSON.stringify(args)).toThrow(expect.objectContaining({ status: 400 }))
    }
    for (const field of ['data', 'data.restores', 'data.restores.cancellationTokenHash']) {
      expect(() => run('readDistinct', { field }), field).toThrow(expect.objectContaining({ status: 400 }))
    }
    const allowed = [
      { where: { 'data.restores.status': { equals: 'pending' }, stream: { like: 'reserve-' } } },
      { sort: '-data.restores.startTime' },
      { select: { data: true } },
      { select: { data: { restores: true } } },
    ]
    for (const args of allowed) {
      expect(run('read', args)).toBe(args)
    }
    expect(run('update', { where: { 'data.restores.cancellationTokenHash': { like: 'a' } } })).toBeDefined()
  })
})

describe('relation ids for non-staff readers', () => {
  const hook = relationIdsForNonStaff(resolveOptions({}), ['resource', 'services', 'items.resource'])
  const read = (user: null | User, payloadAPI: 'local' | 'REST' = 'REST') =>
    hook({ doc: populated, req: { payloadAPI, user } } as unknown as Parameters<typeof hook>[0])
  const populated = {
    id: 'r',
    items: [{ resource: { id: 7, name: 'Pool' }, startTime: null }],
    notes: 'hi',
    resource: { id: 5, owner: { email: 'staff@example.test', id: 2 } },
    services: [{ id: 1, name: 'Sauna' }, 4],
  }

  it('reduces populated relations, in arrays and hasMany lists too, to ids for customers and anonymous callers', () => {
    const expected = { id: 'r', items: [{ resource: 7, startTime: null }], notes: 'hi', resource: 5, services: [1, 4] }
    expect(read(customer)).toEqual(expected)
    expect(read(null)).toEqual(expected)
  })

  it('leaves documents alone for staff and for server code without a user', () => {
    expect(read(staff)).toBe(populated)
    expect(read(null, 'local')).toBe(populated)
  })
})

describe('access overrides', () => {
  const denyRead: Access = () => false
  const resolved = resolveOptions({
    access: {
      customers: { read: denyRead },
      reservations: { read: denyRead },
      resources: { read: denyRead },
      schedules: { read: denyRead },
      services: { read: denyRead },
    },
  })

  it('replace the default of the overridden operation and keep the other defaults', async () => {
    for (const collection of [
      buildServicesCollection(resolved),
      buildResourcesCollection(resolved),
      buildSchedulesCollection(resolved),
      buildCustomersCollection(resolved),
      buildReservationsCollection(resolved),
    ]) {
      expect(collection.access?.read).toBe(denyRead)
      expect(await run(collection.access?.update, staff)).toBe(true)
    }
  })
})
