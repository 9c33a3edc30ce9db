import { describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../helpers/databases.js'
import { login, restRequest } from '../helpers/payload.js'
import { postJson } from '../support/http.js'
import { usePayloadOn } from '../support/suite-payload.js'
import { ALWAYS_OPEN } from './plugin-http.js'

describe.each(testDatabaseKinds())('the ledger’s events spell out no guest token digest (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })

  const staffToken = async () => {
    const email = `digest-staff-${kind}@example.test`
    await site.payload.create({ collection: 'users', data: { email, password: 'digest-pass', role: 'admin' } })
    return login(site.payload, { email, password: 'digest-pass' })
  }

  const guestBooking = async () => {
    const service = await site.payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 30, name: 'Digest' } })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Digest', quantity: 5, services: [service.id] } })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const booked = await postJson(site.payload, '/api/reserve/book', {
      guest: { email: 'g@example.test', name: 'G' },
      resource: resource.id,
      service: service.id,
      startTime: '2031-07-01T09:00:00.000Z',
    })
    expect(booked.status).toBe(201)
    return String(booked.body.id)
  }

  it('refuses every filter, sort or selection that reaches the digest, over REST and the Local API', async () => {
    const id = await guestBooking()
    const token = await staffToken()
    const get = (query: string) => restRequest(site.payload, `/api/reservation-events?${query}`, { headers: { Authorization: `JWT ${token}` } })

    for (const query of [
      'where[data.cancellationTokenHash][like]=a',
      'where[data.cancellationTokenHash][exists]=true',
      'where[or][0][stream][exists]=true&where[or][1][and][0][data.cancellationTokenHash][like]=0',
      'where[data][like]=cancellationTokenHash',
      'sort=data.cancellationTokenHash',
      'sort=-data.cancellationTokenHash',
      'select[data][cancellationTokenHash]=true',
    ]) {
      const response = await get(query)
      expect({ query, status: response.status }).toEqual({ query, status: 400 })
    }

    // GraphQL's resolvers run the same find operation as the Local API, with its hooks.
    const user = (await site.payload.find({ collection: 'users', where: { email: { equals: `digest-staff-${kind}@example.test` } } })).docs[0]
    await expect(
      site.payload.find({ collection: 'reservation-events', overrideAccess: false, user, where: { 'data.cancellationTokenHash': { like: 'a' } } }),
    ).rejects.toMatchObject({ status: 400 })

    // What staff may ask stays open, and the digest is not in what they read.
    const allowed = await get(`where[stream][equals]=reserve-reservation-${id}`)
    expect(allowed.status).toBe(200)
    const { docs } = (await allowed.json()) as { docs: Array<{ data: Record<string, unknown> }> }
    expect(docs.length).toBeGreaterThan(0)
    expect(docs.every((doc) => !('cancellationTokenHash' in doc.data))).toBe(true)
  })
})
