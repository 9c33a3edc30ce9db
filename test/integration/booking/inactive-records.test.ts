import { describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

const seed = async (payload: import('payload').Payload, name: string) => {
  const pool = await payload.create({ collection: 'resources', data: { name: `${name} pool`, quantity: 3 } })
  const service = await payload.create({
    collection: 'services',
    data: { allowGuestBooking: 'enabled', duration: 60, name, requiredResources: [pool.id] },
  })
  const resource = await payload.create({ collection: 'resources', data: { name, quantity: 3, services: [service.id] } })
  await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
  return { pool: pool.id, resource: resource.id, service: service.id }
}

const guest = { email: 'ada@example.test', name: 'Ada' }

describe.each(testDatabaseKinds())('active: false is enforced (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })

  it.each([
    ['the service', 'services', 'service', 'service'],
    ['the resource', 'resources', 'resource', 'resource'],
    ['a required pool', 'resources', 'pool', 'items.0.resource'],
  ] as const)('refuses a new booking on %s once inactive, offers no slots, and still lets existing bookings change', async (_name, collection, key, path) => {
    const ids = await seed(site.payload, `Inactive ${key} ${kind}`)
    const day = key === 'service' ? '2031-09-01' : key === 'resource' ? '2031-09-02' : '2031-09-03'
    const booking = (time: string) => ({ guest, resource: ids.resource, service: ids.service, startTime: `${day}T${time}:00.000Z` })
    const existing = await postJson(site.payload, '/api/reserve/book', booking('09:00'))
    expect(existing.status).toBe(201)

    await site.payload.update({ collection, data: { active: false }, id: ids[key] })
    const refused = await postJson(site.payload, '/api/reserve/book', booking('12:00'))
    expect(refused.status).toBe(400)
    expect(errorPaths(refused.body)).toEqual([path])
    await expect(
      site.payload.update({ collection: 'reservations', data: { startTime: `${day}T14:00:00.000Z` }, id: existing.body.id }),
    ).rejects.toMatchObject({ status: 400 })

    const slots = await getJson(site.payload, withQuery('/api/reserve/slots', { date: day, resource: ids.resource, service: ids.service }))
    expect(slots.status === 404 || (slots.status === 200 && slots.body.slots.length === 0)).toBe(true)

    await expect(site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: existing.body.id })).resolves.toMatchObject({
      status: 'confirmed',
    })
    await expect(site.payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id: existing.body.id })).resolves.toMatchObject({
      status: 'cancelled',
    })
  })
})

describe.each(testDatabaseKinds())('enforceActive: false (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true, enforceActive: false })

  it('books an inactive resource as before', async () => {
    const ids = await seed(site.payload, `Lenient ${kind}`)
    await site.payload.update({ collection: 'resources', data: { active: false }, id: ids.resource })
    const booked = await site.payload.create({
      collection: 'reservations',
      data: { resource: ids.resource, service: ids.service, startTime: '2031-09-04T09:00:00.000Z' },
    })
    expect(booked.status).toBe('pending')
  })
})
