import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login, restRequest } from '../../helpers/payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

describe.each(testDatabaseKinds())('deleting a record bookings still refer to (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  let token: string

  const staff = async () => {
    if (!token) {
      const email = `delete-staff-${kind}@example.test`
      await site.payload.create({ collection: 'users', data: { email, password: 'delete-pass', role: 'admin' } })
      token = await login(site.payload, { email, password: 'delete-pass' })
    }
    return token
  }

  const del = async (path: string) => {
    const response = await restRequest(site.payload, path, { headers: { Authorization: `JWT ${await staff()}` }, method: 'DELETE' })
    return { body: JSON.stringify(await response.json()), status: response.status }
  }

  const seed = async () => {
    const pool = await site.payload.create({ collection: 'resources', data: { name: 'Pool', quantity: 3 } })
    const service = await site.payload.create({ collection: 'services', data: { duration: 60, name: 'Referenced', requiredResources: [pool.id] } })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Referenced', quantity: 2, services: [service.id] } })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    return { pool: pool.id, resource: resource.id, service: service.id }
  }

  it('answers 409 with the counts for a service, a resource or an item’s pool in use, and keeps them', async () => {
    const ids = await seed()
    await site.payload.create({ collection: 'reservations', data: { resource: ids.resource, service: ids.service, startTime: '2031-08-01T09:00:00.000Z' } })

    const service = await del(`/api/services/${ids.service}`)
    expect(service.status).toBe(409)
    expect(service.body).toMatch(/1 reservation refers/)
    expect(service.body).toMatch(/active: false/)
    const resource = await del(`/api/resources/${ids.resource}`)
    expect(resource.status).toBe(409)
    expect(resource.body).toMatch(/1 reservation and 1 schedule refer/)
    const pool = await del(`/api/resources/${ids.pool}`)
    expect(pool.status).toBe(409)
    const bulk = await del(`/api/services?where[id][equals]=${ids.service}`)
    expect(bulk.status).toBeLessThan(500)

    for (const [collection, id] of [['services', ids.service], ['resources', ids.resource], ['resources', ids.pool]] as const) {
      await expect(site.payload.findByID({ collection, id })).resolves.toMatchObject({ id })
    }
    await expect(site.payload.delete({ collection: 'services', id: ids.service })).rejects.toMatchObject({ status: 409 })
  })

  it('refuses to delete a customer with upcoming bookings, and lets one with only ended ones go, their reservations still working', async () => {
    const ids = await seed()
    const customer = await site.payload.create({ collection: 'users', data: { email: `customer-${kind}@example.test`, password: 'customer-pass', role: 'customer' } })
    const upcoming = await site.payload.create({
      collection: 'reservations',
      data: { customer: customer.id, resource: ids.resource, service: ids.service, startTime: '2031-08-02T09:00:00.000Z' },
    })
    const refused = await del(`/api/users/${customer.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatch(/1 upcoming booking still holds time/)

    await site.payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id: upcoming.id })
    const deleted = await del(`/api/users/${customer.id}`)
    expect(deleted.status).toBe(200)

    const kept = await site.payload.findByID({ collection: 'reservations', depth: 0, id: upcoming.id })
    expect(kept.customer ?? null).toBeNull()
    // A reservation of a deleted customer still changes and is still read.
    await expect(site.payload.update({ collection: 'reservations', data: { notes: 'after the customer left' }, id: upcoming.id })).resolves.toMatchObject({
      notes: 'after the customer left',
    })
    const history = await restRequest(site.payload, `/api/reserve/history?reservationId=${upcoming.id}`, { headers: { Authorization: `JWT ${await staff()}` } })
    expect(history.status).toBe(200)
  })

  it('lets a customer go whose only bookings are past but still confirmed, their reservations still read and change', async () => {
    const ids = await seed()
    const customer = await site.payload.create({ collection: 'users', data: { email: `past-${kind}@example.test`, password: 'customer-pass', role: 'customer' } })
    // Ended yesterday, never completed: staff may record (and leave) such a booking.
    const hour = 3_600_000
    const yesterday = new Date(Math.floor((Date.now() - 26 * hour) / hour) * hour).toISOString()
    const past = await site.payload.create({
      collection: 'reservations',
      data: { customer: customer.id, resource: ids.resource, service: ids.service, startTime: yesterday, status: 'confirmed' },
    })
    expect(past).toMatchObject({ status: 'confirmed' })
    expect(Date.parse(String(past.endTime))).toBeLessThan(Date.now())

    const deleted = await del(`/api/users/${customer.id}`)
    expect({ body: deleted.body, status: deleted.status }).toMatchObject({ status: 200 })
    await expect(site.payload.findByID({ collection: 'users', id: customer.id })).rejects.toMatchObject({ status: 404 })

    const headers = { Authorization: `JWT ${await staff()}` }
    const read = async (path: string) => {
      const response = await restRequest(site.payload, path, { headers })
      return { body: await response.json(), status: response.status }
    }
    // Read at Payload's default depth too, which would populate the customer.
    for (const path of [`/api/reservations/${past.id}`, `/api/reservations/${past.id}?depth=0`]) {
      const one = await read(path)
      expect({ path, status: one.status }).toEqual({ path, status: 200 })
      expect(one.body).toMatchObject({ customer: null, id: past.id, status: 'confirmed' })
    }
    for (const path of [`/api/reservations?where[id][equals]=${past.id}`, `/api/reservations?depth=0&where[resource][equals]=${ids.resource}`, '/api/reservations?limit=100']) {
      const list = await read(path)
      expect({ path, status: list.status }).toEqual({ path, status: 200 })
      expect(list.body.docs.map(({ id }: { id: unknown }) => id)).toContain(past.id)
    }

    const completed = await restRequest(site.payload, `/api/reservations/${past.id}`, {
      body: JSON.stringify({ status: 'completed' }),
      headers: { ...headers, 'Content-Type': 'application/json' },
      method: 'PATCH',
    })
    const completedBody = await completed.json()
    expect({ body: completedBody, status: completed.status }).toMatchObject({ body: { doc: { customer: null, status: 'completed' } }, status: 200 })
    await expect(site.payload.findByID({ collection: 'reservations', depth: 0, id: past.id })).resolves.toMatchObject({ customer: null, status: 'completed' })
    const history = await ledgerServices.of(site.payload).ledger.history(String(past.id))
    expect(history.map(({ type }) => type)).toEqual(['ReservationBooked', 'ReservationDetailsUpdated', 'ReservationStatusChanged'])
    expect(history[1]).toMatchObject({ data: { changes: { customer: null } }, metadata: { reason: 'customer deleted' } })
  })
})
