import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { getJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, http } from '../support/plugin-http.js'

type Role = 'admin' | 'customer' | 'staff'
const roleOf = (user: unknown): Role | undefined => (user as { role?: Role } | null)?.role

describe.each(testDatabaseKinds())('collectionOverrides (%s)', (kind) => {
  const seen: string[] = []
  const site = usePayloadOn(kind, {
    collectionOverrides: {
      reservations: {
        // This site takes bookings at the front desk only, and only admins touch what the office holds or delete.
        access: {
          create: ({ req }) => roleOf(req.user) !== 'customer',
          delete: ({ req }) => roleOf(req.user) === 'admin',
          update: ({ req }) => roleOf(req.user) === 'admin' || { notes: { not_equals: 'office hold' } },
        },
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
        access: {
          create: () => true,
          delete: ({ req }) => roleOf(req.user) === 'admin',
          read: () => ({ name: { not_equals: 'Hidden' } }),
          update: () => ({ name: { not_equals: 'Locked' } }),
        },
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
    const booked = (await ledgerServices.of(site.payload).ledger.history(String(stamped.id)))[0]
    expect(booked.data).toMatchObject({ notes: 'stamped by the site' })

    const before = (await ledgerServices.of(site.payload).store.readAll({ limit: 10_000 })).length
    await expect(
      site.payload.create({ collection: 'reservations', data: { notes: 'refuse', ...ids, startTime: '2031-06-02T11:00:00.000Z' } }),
    ).rejects.toThrow('Refused by the site')
    expect((await ledgerServices.of(site.payload).store.readAll({ limit: 10_000 })).length).toBe(before)
    expect(seen.length).toBeGreaterThanOrEqual(2)
  })

  const tokens = async () => {
    const token = {} as Record<Role, string>
    for (const role of ['admin', 'customer', 'staff'] as const) {
      const credentials = { email: `override-${role}@example.test`, password: `pw-${role}-123` }
      await site.payload.create({ collection: 'users', data: { ...credentials, role } })
      token[role] = await login(site.payload, credentials)
    }
    return token
  }
  let token: Record<Role, string>
  const ledgerLength = async () => (await ledgerServices.of(site.payload).store.readAll({ limit: 10_000 })).length

  it("composes the site's create, update and delete access on services with the plugin's: both must allow", async () => {
    token ??= await tokens()
    const service = { duration: 30, name: 'Massage' }
    // The site lets anyone create; the plugin still keeps customers out.
    expect((await http(site.payload, '/api/services', { body: service, method: 'POST', token: token.customer })).status).toBe(403)
    const created = await http(site.payload, '/api/services', { body: service, method: 'POST', token: token.staff })
    expect(created.status).toBe(201)
    const locked = await site.payload.create({ collection: 'services', data: { duration: 30, name: 'Locked' } })
    const rename = (id: number | string) => http(site.payload, `/api/services/${id}`, { body: { duration: 45 }, method: 'PATCH', token: token.staff })
    expect((await rename(locked.id)).status).toBe(403)
    expect((await site.payload.findByID({ collection: 'services', id: locked.id })).duration).toBe(30)
    expect((await rename(created.body.doc.id)).status).toBe(200)
    // The plugin lets staff delete; the site keeps that to admins.
    const remove = (role: Role) => http(site.payload, `/api/services/${created.body.doc.id}`, { method: 'DELETE', token: token[role] })
    expect((await remove('staff')).status).toBe(403)
    expect((await remove('admin')).status).toBe(200)
  })

  it("composes the site's create, update and delete access on reservations with the plugin's; what either refuses appends nothing", async () => {
    token ??= await tokens()
    const ids = await bookable()
    const booking = { ...ids, notes: 'office hold', startTime: '2031-06-03T09:00:00.000Z' }
    const before = await ledgerLength()
    expect((await http(site.payload, '/api/reservations', { body: booking, method: 'POST', token: token.customer })).status).toBe(403)
    expect(await ledgerLength()).toBe(before)
    const held = await http(site.payload, '/api/reservations', { body: booking, method: 'POST', token: token.staff })
    expect(held.status).toBe(201)
    const id = held.body.doc.id

    const afterBooking = await ledgerLength()
    const confirm = (role: Role) => http(site.payload, `/api/reservations/${id}`, { body: { status: 'confirmed' }, method: 'PATCH', token: token[role] })
    // The site's constraint keeps staff off the held booking; the plugin never lets customers update.
    expect((await confirm('staff')).status).toBe(403)
    expect((await confirm('customer')).status).toBe(403)
    const remove = (role: Role) => http(site.payload, `/api/reservations/${id}`, { method: 'DELETE', token: token[role] })
    expect((await remove('staff')).status).toBe(403)
    expect(await ledgerLength()).toBe(afterBooking)
    expect((await site.payload.findByID({ collection: 'reservations', id })).status).toBe('pending')

    expect((await confirm('admin')).status).toBe(200)
    expect((await remove('admin')).status).toBe(200)
    expect(await ledgerLength()).toBeGreaterThan(afterBooking)
  })
})
