import { describe, expect, it } from 'vitest'

import { isPrivileged } from '../../../../../src/contract/roles/is-privileged.js'
import { isStaff } from '../../../../../src/contract/roles/is-staff.js'
import { managesOwnRecords, seesAllRecords } from '../../../../../src/contract/roles/record-scope.js'
import { resolveOptions } from '../../../../../src/plugin/resolve-options.js'

/** A user as Payload hands it over: collection, id and whatever fields the collection has. */
const user = (fields: { collection: string; id: number } & Record<string, unknown>) => fields

describe('isPrivileged with a separate customers collection', () => {
  const resolved = resolveOptions({})

  it('grants staff and admins of the staff collection', () => {
    expect(isPrivileged(user({ collection: 'users', id: 1, role: 'admin' }), resolved)).toBe(true)
    expect(isPrivileged(user({ collection: 'users', id: 2, role: 'staff' }), resolved)).toBe(true)
  })

  it('reads a role field holding an array of roles', () => {
    expect(isPrivileged(user({ collection: 'users', id: 1, role: ['editor', 'staff'] }), resolved)).toBe(true)
    expect(isPrivileged(user({ collection: 'users', id: 1, role: ['editor'] }), resolved)).toBe(false)
  })

  it('refuses anonymous requests and users without a privileged role', () => {
    expect(isPrivileged(null, resolved)).toBe(false)
    expect(isPrivileged(undefined, resolved)).toBe(false)
    expect(isPrivileged(user({ collection: 'users', id: 3, role: 'customer' }), resolved)).toBe(false)
    expect(isPrivileged(user({ collection: 'users', id: 4 }), resolved)).toBe(false)
  })

  it('never grants a user of the customers collection, even one carrying an admin role', () => {
    expect(isPrivileged(user({ collection: 'customers', id: 5, role: 'admin' }), resolved)).toBe(false)
  })

  it('follows a custom role field and privileged list', () => {
    const custom = resolveOptions({ roles: { field: 'roles', privileged: ['manager'] } })
    expect(isPrivileged(user({ collection: 'users', id: 1, roles: ['manager'] }), custom)).toBe(true)
    expect(isPrivileged(user({ collection: 'users', id: 1, role: 'admin', roles: ['clerk'] }), custom)).toBe(false)
  })
})

describe('isPrivileged with one shared userCollection', () => {
  const resolved = resolveOptions({ userCollection: 'members' })

  it('tells staff from customers in the same collection by role', () => {
    expect(isPrivileged(user({ collection: 'members', id: 1, role: 'staff' }), resolved)).toBe(true)
    expect(isPrivileged(user({ collection: 'members', id: 2, role: 'customer' }), resolved)).toBe(false)
  })
})

describe('owner mode', () => {
  const resolved = resolveOptions({
    resourceOwnerMode: { adminRoles: ['owner-admin'] },
    staffProvisioning: { resourceType: 'practitioner', staffRoles: ['therapist'] },
  })
  const ownerAdmin = user({ collection: 'users', id: 1, role: 'owner-admin' })
  const staff = user({ collection: 'users', id: 2, role: 'staff' })
  const therapist = user({ collection: 'users', id: 3, role: 'therapist' })
  const customer = user({ collection: 'users', id: 4, role: 'customer' })

  it('counts an owner-mode admin role as privileged', () => {
    expect(isPrivileged(ownerAdmin, resolved)).toBe(true)
  })

  it('lets only admin roles see all records; other staff manage their own', () => {
    expect(seesAllRecords(ownerAdmin, resolved)).toBe(true)
    expect(seesAllRecords(staff, resolved)).toBe(false)
    expect(managesOwnRecords(staff, resolved)).toBe(true)
    expect(managesOwnRecords(ownerAdmin, resolved)).toBe(false)
  })

  it('treats holders of a provisioning staff role as staff who manage their own records', () => {
    expect(isPrivileged(therapist, resolved)).toBe(false)
    expect(isStaff(therapist, resolved)).toBe(true)
    expect(managesOwnRecords(therapist, resolved)).toBe(true)
  })

  it('gives customers and anonymous users no records to manage', () => {
    expect(isStaff(customer, resolved)).toBe(false)
    expect(managesOwnRecords(customer, resolved)).toBe(false)
    expect(managesOwnRecords(null, resolved)).toBe(false)
    expect(seesAllRecords(null, resolved)).toBe(false)
  })

  it('without owner mode, every privileged user sees all records', () => {
    const plain = resolveOptions({})
    expect(seesAllRecords(staff, plain)).toBe(true)
    expect(managesOwnRecords(staff, plain)).toBe(false)
  })
})
