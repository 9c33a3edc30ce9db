import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { login, restRequest } from '../../helpers/payload.js'
import { postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

/** Reads a feed as a calendar client would: ical.js is Thunderbird's iCalendar parser. */
const eventsOf = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => {
    const start = vevent.getFirstProperty('dtstart')!
    return {
      sequence: vevent.getFirstPropertyValue('sequence'),
      start: String(start.getFirstValue()),
      startTzid: start.getParameter('tzid') ?? null,
      status: vevent.getFirstPropertyValue('status'),
      summary: vevent.getFirstPropertyValue('summary'),
      uid: vevent.getFirstPropertyValue('uid'),
    }
  })

describe.each(testDatabaseKinds())('calendar feeds of reservations (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true })
  const ids: Record<string, number | string> = {}
  const tokens: Record<'admin' | 'customer', string> = { admin: '', customer: '' }

  beforeAll(async () => {
    const { payload } = site
    const hour = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Massage' } })
    const day = await payload.create({ collection: 'services', data: { duration: 1440, durationType: 'full-day', name: 'Retreat' } })
    const room = await payload.create({ collection: 'resources', data: { name: 'Room A', services: [hour.id, day.id], timezone: 'Europe/Berlin' } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: room.id } })
    await payload.create({ collection: 'users', data: { email: 'feed-admin@example.test', password: 'pw-123456', role: 'admin' } })
    const customer = await payload.create({ collection: 'users', data: { email: 'feed-customer@example.test', name: 'Cora', password: 'pw-123456', role: 'customer' } })
    Object.assign(ids, { customer: customer.id, day: day.id, hour: hour.id, room: room.id })
    tokens.admin = await login(payload, { email: 'feed-admin@example.test', password: 'pw-123456' })
    tokens.customer = await login(payload, { email: 'feed-customer@example.test', password: 'pw-123456' })
  })

  const fetchFeed = (url: string, etag?: string) =>
    restRequest(site.payload, new URL(url, 'http://localhost').pathname, { headers: etag ? { 'If-None-Match': etag } : {} })

  it("a resource's feed lists its reservations with stable UIDs, statuses, its zone and full-day dates; a change bumps SEQUENCE", async () => {
    const key = await postJson(site.payload, '/api/reservation-feed-keys', { label: 'Room A', resource: ids.room }, tokens.admin)
    expect(key.status).toBe(201)
    const url = key.body.doc.url as string
    expect(key.body.doc.secretHash).toBeUndefined()

    const book = (startTime: string, extra: Record<string, unknown> = {}) =>
      site.payload.create({ collection: 'reservations', data: { resource: ids.room, service: ids.hour, startTime, ...extra } })
    const pending = await book('2031-03-17T09:00:00.000Z', { guest: { email: 'g@example.test', name: 'Gus' } })
    await book('2031-03-18T09:00:00.000Z', { customer: ids.customer, status: 'confirmed' })
    const cancelled = await book('2031-03-19T09:00:00.000Z')
    await site.payload.update({ collection: 'reservations', data: { status: 'cancelled' }, id: cancelled.id })
    await site.payload.create({ collection: 'reservations', data: { resource: ids.room, service: ids.day, startTime: '2031-03-20T00:00:00.000Z' } })

    const first = await fetchFeed(url)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toContain('text/calendar')
    const events = eventsOf(await first.text())
    expect(events.map(({ start, startTzid, status }) => [start, startTzid, status])).toEqual([
      ['2031-03-17T10:00:00', 'Europe/Berlin', 'TENTATIVE'],
      ['2031-03-18T10:00:00', 'Europe/Berlin', 'CONFIRMED'],
      ['2031-03-19T10:00:00', 'Europe/Berlin', 'CANCELLED'],
      ['2031-03-20', null, 'TENTATIVE'],
    ])
    expect(events[0]).toMatchObject({ summary: 'Massage – Gus', uid: `${pending.id}@payload-reserve-ledger` })
    expect(events[1].summary).toBe('Massage – Cora')

    const etag = first.headers.get('etag')!
    expect((await fetchFeed(url, etag)).status).toBe(304)
    await site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id: pending.id })
    const changed = await fetchFeed(url, etag)
    expect(changed.status).toBe(200)
    const again = eventsOf(await changed.text()).find(({ uid }) => uid === events[0].uid)!
    expect(again.status).toBe('CONFIRMED')
    expect(Number(again.sequence)).toBeGreaterThan(Number(events[0].sequence))
  })

  it("a customer opens a feed of their own bookings only, and deleting the key revokes it", async () => {
    const own = await postJson(site.payload, '/api/reservation-feed-keys', { customer: ids.customer }, tokens.customer)
    expect(own.status).toBe(201)
    const someoneElses = await postJson(site.payload, '/api/reservation-feed-keys', { resource: ids.room }, tokens.customer)
    expect(someoneElses.status).toBe(403)

    const feed = await fetchFeed(own.body.doc.url)
    const summaries = eventsOf(await feed.text()).map(({ summary }) => summary)
    expect(summaries).toEqual(['Massage – Room A'])

    const removed = await restRequest(site.payload, `/api/reservation-feed-keys/${own.body.doc.id}`, {
      headers: { Authorization: `JWT ${tokens.customer}` },
      method: 'DELETE',
    })
    expect(removed.status).toBe(200)
    const revoked = await fetchFeed(own.body.doc.url)
    expect(revoked.status).toBe(404)
    expect(await revoked.json()).toEqual({ error: 'Feed not found' })
  })
})

describe.each(testDatabaseKinds())('feeds in the site\'s own words (%s)', (kind) => {
  const site = usePayloadOn(kind, {
    feeds: { describe: ({ audience, serviceName }) => ({ description: 'Bring a towel', summary: `${serviceName} (${audience})` }) },
  })

  it('uses feeds.describe for summary and description', async () => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { duration: 60, name: 'Sauna' } })
    const room = await payload.create({ collection: 'resources', data: { name: 'Sauna room', services: [service.id] } })
    await payload.create({ collection: 'reservations', data: { resource: room.id, service: service.id, startTime: '2031-03-17T09:00:00.000Z' } })
    await payload.create({ collection: 'users', data: { email: 'words@example.test', password: 'pw-123456', role: 'admin' } })
    const token = await login(payload, { email: 'words@example.test', password: 'pw-123456' })
    const key = await postJson(payload, '/api/reservation-feed-keys', { resource: room.id }, token)
    const ics = await (await restRequest(payload, new URL(key.body.doc.url, 'http://localhost').pathname)).text()
    const [event] = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent')
    expect([event.getFirstPropertyValue('summary'), event.getFirstPropertyValue('description')]).toEqual(['Sauna (resource)', 'Bring a towel'])
  })
})
