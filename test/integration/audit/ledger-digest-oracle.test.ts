import type { CollectionConfig } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login, restRequest } from '../../helpers/payload.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { guestTokens } from '../../support/guest-tokens.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

describe.each(testDatabaseKinds())('the ledger’s events spell out no guest token digest (%s)', (kind) => {
  const { remember, tokens } = guestTokens()
  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    hooks: {
      afterBookingCreate: [remember],
    },
  })

  /** A site's own hook on the collection, after the plugin's: throws while `failing` is set. */
  let failing = false
  beforeAll(() => {
    const hooks = site.payload.collections.reservations.config.hooks as Required<NonNullable<CollectionConfig['hooks']>>
    hooks.afterChange.push(() => {
      if (failing) {
        throw new Error('injected host hook failure')
      }
    })
  })

  let staff: string | undefined
  const staffToken = async () => {
    const email = `digest-staff-${kind}@example.test`
    if (!staff) {
      await site.payload.create({ collection: 'users', data: { email, password: 'digest-pass', role: 'admin' } })
      staff = await login(site.payload, { email, password: 'digest-pass' })
    }
    return staff
  }

  const guestBooking = async (startTime = '2031-07-01T09:00:00.000Z') => {
    const service = await site.payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 30, name: 'Digest' } })
    const resource = await site.payload.create({ collection: 'resources', data: { name: 'Digest', quantity: 5, services: [service.id] } })
    await site.payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const booked = await postJson(site.payload, '/api/reserve/book', {
      guest: { email: 'g@example.test', name: 'G' },
      resource: resource.id,
      service: service.id,
      startTime,
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

  it('keeps the digest out of the void of a failed staff change: not stored, read, matched or in the history', async () => {
    const id = await guestBooking('2031-07-02T09:00:00.000Z')
    const token = await staffToken()
    const auth = { Authorization: `JWT ${token}` }
    const [booking] = await ledgerServices.of(site.payload).ledger.history(id)
    const digest = (booking?.data as { cancellationTokenHash?: string }).cancellationTokenHash
    expect(digest).toMatch(/^[0-9a-f]{64}$/)

    // A staff change whose request fails after the ledger appended it is voided.
    failing = true
    const patched = await restRequest(site.payload, `/api/reservations/${id}`, {
      body: JSON.stringify({ notes: 'moved to the terrace' }),
      headers: { ...auth, 'Content-Type': 'application/json' },
      method: 'PATCH',
    })
    failing = false
    expect(patched.status).toBeGreaterThanOrEqual(400)
    const stored = await ledgerServices.of(site.payload).ledger.history(id)
    const voided = stored.find((event) => event.type === 'ReservationWriteVoided')
    expect(voided?.data).toMatchObject({ restores: { id, notes: null } })

    // Not in the ledger's own rows: nothing below the hooks can spell it out either.
    expect(JSON.stringify(stored.filter((event) => event.type !== 'ReservationBooked'))).not.toContain(digest)

    // Not in what staff read of the events.
    const read = await restRequest(site.payload, `/api/reservation-events?where[stream][equals]=reserve-reservation-${id}&limit=100`, {
      headers: auth,
    })
    expect(read.status).toBe(200)
    const text = await read.text()
    expect(text).toContain('ReservationWriteVoided')
    expect(text).not.toContain(digest)
    expect(text).not.toContain('cancellationTokenHash')

    // Not matched by any filter on any path that could hold it, nor sorted or selected.
    for (const query of [
      `where[data.restores.cancellationTokenHash][like]=${digest!.slice(0, 1)}`,
      `where[data.restores.cancellationTokenHash][equals]=${digest}`,
      'where[data.restores.cancellationTokenHash][exists]=true',
      `where[data.restores][like]=${digest!.slice(0, 8)}`,
      `where[and][0][stream][exists]=true&where[and][1][data.restores.cancellationTokenHash][like]=${digest!.slice(0, 2)}`,
      'sort=data.restores.cancellationTokenHash',
      'sort=-data.restores',
      'select[data][restores][cancellationTokenHash]=true',
    ]) {
      const response = await restRequest(site.payload, `/api/reservation-events?${query}`, { headers: auth })
      expect({ query, status: response.status }).toEqual({ query, status: 400 })
    }
    const restored = await restRequest(
      site.payload,
      `/api/reservation-events?where[data.restores.id][equals]=${id}&select[data][restores]=true`,
      { headers: auth },
    )
    expect(restored.status).toBe(200)
    const restoredText = await restored.text()
    expect(restoredText).toContain(id)
    expect(restoredText).not.toContain(digest)

    // Not in the history.
    const history = await getJson(site.payload, withQuery('/api/reserve/history', { reservationId: id }), token)
    expect(history.status).toBe(200)
    expect(history.body.events.map((event: { type: string }) => event.type)).toContain('ReservationWriteVoided')
    expect(JSON.stringify(history.body)).not.toContain(digest)

    // The reservation keeps its token: the guest can still cancel with it.
    const cancelled = await postJson(site.payload, '/api/reserve/cancel', { reservationId: id, token: tokens.get(id) })
    expect(cancelled.status).toBe(200)
  })
})
