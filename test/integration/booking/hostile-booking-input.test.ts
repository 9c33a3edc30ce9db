import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'
import { restRequest } from '../../helpers/payload.js'

describe.each(testDatabaseKinds())('hostile booking input is refused with a 4xx before the ledger (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })

  const events = async () => (await ledgerServices.of(site.payload).store.readAll({ limit: 100_000 })).length

  const seed = async () => {
    const pool = await site.payload.create({ collection: 'resources', data: { name: 'Chair pool', quantity: 2 } })
    const elsewhere = await site.payload.create({ collection: 'resources', data: { name: 'Other pool', quantity: 500 } })
    const service = await site.payload.create({
      collection: 'services',
      data: { allowGuestBooking: 'enabled', duration: 60, name: 'Treatment', requiredResources: [pool.id] },
    })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Practitioner', quantity: 1, services: [service.id] } })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    return { elsewhere: elsewhere.id, pool: pool.id, resource: resource.id, service: service.id }
  }

  const guest = { email: 'ada@example.test', name: 'Ada' }

  it('lets a guest name only the resources the service requires, at the booking’s own time', async () => {
    const ids = await seed()
    const base = { guest, resource: ids.resource, service: ids.service, startTime: '2031-04-01T09:00:00.000Z' }
    const before = await events()
    const cases: Array<[unknown[], string]> = [
      [[{ resource: ids.elsewhere }], 'items.0.resource'],
      [[{ resource: ids.pool }, { resource: ids.pool }], 'items.1.resource'],
      [[{ resource: ids.pool, startTime: '2020-01-01T09:00:00.000Z' }], 'items.0.startTime'],
      [Array.from({ length: 500 }, () => ({ resource: ids.elsewhere, startTime: '2031-05-01T09:00:00.000Z' })), 'items'],
    ]
    for (const [items, path] of cases) {
      const response = await postJson(site.payload, '/api/reserve/book', { ...base, items })
      expect({ path, status: response.status }).toEqual({ path, status: 400 })
      expect(errorPaths(response.body)).toEqual([path])
    }
    expect(await events()).toBe(before)
    const booked = await postJson(site.payload, '/api/reserve/book', { ...base, items: [{ resource: ids.pool }] })
    expect(booked.status).toBe(201)
  })

  it('refuses ids no record could have, and item lists beyond the limit, for staff too', async () => {
    const ids = await seed()
    const base = { resource: ids.resource, service: ids.service, startTime: '2031-04-02T09:00:00.000Z' }
    const before = await events()
    for (const bad of [{ resource: 'abc' }, { service: 'abc' }, { items: [{ resource: 'abc' }] }, { items: Array.from({ length: 21 }, () => ({ resource: ids.pool })) }]) {
      await expect(site.payload.create({ collection: 'reservations', data: { ...base, ...bad } })).rejects.toMatchObject({ status: 400 })
    }
    expect(await events()).toBe(before)
  })

  it('answers 400 to a staff PATCH whose times are not dates, and changes nothing', async () => {
    const ids = await seed()
    await site.payload.create({ collection: 'users', data: { email: `staff-${kind}@example.test`, password: 'staff-pass', role: 'admin' } })
    const token = await login(site.payload, { email: `staff-${kind}@example.test`, password: 'staff-pass' })
    const booked = await site.payload.create({ collection: 'reservations', data: { ...{ resource: ids.resource, service: ids.service }, startTime: '2031-04-03T09:00:00.000Z' } })
    const before = await events()
    for (const value of ['garbage', {}, 1e21]) {
      for (const field of ['startTime', 'endTime']) {
        const response = await restRequest(site.payload, `/api/reservations/${booked.id}`, {
          body: JSON.stringify({ [field]: value }),
          headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
          method: 'PATCH',
        })
        expect({ field, status: response.status, value }).toEqual({ field, status: 400, value })
      }
    }
    expect(await events()).toBe(before)
  })

  it('refuses a NUL character in any text it would store, with a 400 on the field', async () => {
    const ids = await seed()
    const base = { resource: ids.resource, service: ids.service, startTime: '2031-04-04T09:00:00.000Z' }
    const before = await events()
    for (const [bad, path] of [
      [{ notes: 'a\u0000b' }, 'notes'],
      [{ guest: { email: 'a@example.test', name: 'x\u0000' } }, 'guest.name'],
      [{ idempotencyKey: 'k\u0000' }, 'idempotencyKey'],
    ] as const) {
      await expect(site.payload.create({ collection: 'reservations', data: { ...base, ...bad } })).rejects.toMatchObject({
        data: { errors: [expect.objectContaining({ path })] },
        status: 400,
      })
    }
    expect(await events()).toBe(before)
  })
})
