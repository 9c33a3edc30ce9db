import type { CollectionConfig, Field, FieldAccess, FieldAccessArgs, JoinField } from 'payload'

import { describe, expect, it } from 'vitest'

import { buildCustomersCollection, injectCustomerFields } from '../../../../../src/plugin/features/catalog/customers-collection.js'
import { resolveOptions } from '../../../../../src/plugin/resolve-options.js'

const named = (fields: Field[], name: string): Field | undefined =>
  fields.find((field) => 'name' in field && field.name === name)

describe('buildCustomersCollection', () => {
  const resolved = resolveOptions({ adminGroup: 'Bookings', slugs: { reservations: 'appointments' } })
  const collection = buildCustomersCollection(resolved)

  it('is a standalone auth collection in the admin group', () => {
    expect(collection.slug).toBe('customers')
    expect(collection.auth).toBe(true)
    expect(collection.admin?.group).toBe('Bookings')
  })

  it('has name, phone, notes and a bookings join on the reservations customer field', () => {
    expect(named(collection.fields, 'name')).toMatchObject({ type: 'text' })
    expect(named(collection.fields, 'phone')).toMatchObject({ type: 'text' })
    expect(named(collection.fields, 'notes')).toMatchObject({ type: 'textarea' })
    expect(named(collection.fields, 'bookings')).toMatchObject({
      type: 'join',
      collection: 'appointments',
      on: 'customer',
    } satisfies Partial<JoinField>)
  })

  it('shows customer notes to privileged staff only', async () => {
    const notes = named(collection.fields, 'notes') as { access: { read: FieldAccess } }
    const readAs = (user: Record<string, unknown> | null) =>
      notes.access.read({ req: { user } } as unknown as FieldAccessArgs)
    expect(await readAs({ collection: 'customers', id: 1 })).toBe(false)
    expect(await readAs({ collection: 'users', id: 2, role: 'staff' })).toBe(true)
  })
})

describe('injectCustomerFields', () => {
  const resolved = resolveOptions({ userCollection: 'members' })

  it('adds name, phone, notes and bookings to a collection that has none of them', () => {
    const members: CollectionConfig = { slug: 'members', auth: true, fields: [{ name: 'role', type: 'text' }] }
    const injected = injectCustomerFields(members, resolved)
    expect(injected.fields.map((field) => ('name' in field ? field.name : field.type))).toEqual([
      'role',
      'name',
      'phone',
      'notes',
      'bookings',
    ])
    expect(injected.slug).toBe('members')
    expect(injected.auth).toBe(true)
  })

  it('keeps existing same-named fields untouched, including ones inside rows and unnamed tabs', () => {
    const hostName: Field = { name: 'name', type: 'text', maxLength: 80, required: true }
    const hostPhone: Field = { name: 'phone', type: 'number' }
    const members: CollectionConfig = {
      slug: 'members',
      auth: true,
      fields: [
        { type: 'row', fields: [hostName] },
        { type: 'tabs', tabs: [{ fields: [hostPhone], label: 'Contact' }] },
      ],
    }
    const injected = injectCustomerFields(members, resolved)
    expect(injected.fields.slice(0, 2)).toEqual(members.fields)
    expect(injected.fields.slice(2).map((field) => ('name' in field ? field.name : field.type))).toEqual([
      'notes',
      'bookings',
    ])
  })

  it('still adds a field whose name is only used inside a named group or tab (different data path)', () => {
    const members: CollectionConfig = {
      slug: 'members',
      auth: true,
      fields: [
        { name: 'profile', type: 'group', fields: [{ name: 'name', type: 'text' }] },
        { type: 'tabs', tabs: [{ name: 'contact', fields: [{ name: 'phone', type: 'text' }] }] },
      ],
    }
    const injected = injectCustomerFields(members, resolved)
    expect(named(injected.fields, 'name')).toMatchObject({ type: 'text' })
    expect(named(injected.fields, 'phone')).toMatchObject({ type: 'text' })
  })

  it('does not modify the host collection object', () => {
    const fields: Field[] = [{ name: 'role', type: 'text' }]
    injectCustomerFields({ slug: 'members', auth: true, fields }, resolved)
    expect(fields).toHaveLength(1)
  })
})
