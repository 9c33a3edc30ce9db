import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { calendarServer } from '../../support/calendar-server.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

const guest = { email: 'ext@example.test', name: 'Ext' }
const starts = async (payload: Payload, ids: { resource: unknown; service: unknown }, date: string) =>
  (await getJson(payload, withQuery('/api/reserve/slots', { date, resource: String(ids.resource), service: String(ids.service) }))).body.slots.map(
    (slot: { start: string }) => slot.start.slice(11, 16),
  )

describe.each(testDatabaseKinds())('busy time from outside (%s)', (kind) => {
  const calendar = calendarServer()
  const resolverCalls: string[] = []
  const site = usePayloadOn(kind, {
    allowGuestBooking: true,
    // The fixture's events are years ahead: a horizon that reaches them.
    calendarFeeds: { allowPrivateNetworks: true, horizonDays: 3000, refreshMinutes: 60 },
    getExternalBusy: ({ end, resourceId, start }) => {
      resolverCalls.push(String(resourceId))
      if (String(resourceId) === String(ids.flaky)) {
        throw new Error('The other booking system is down')
      }
      const held = { end: '2031-05-05T12:00:00.000Z', label: 'Booked in the other system', start: '2031-05-05T10:00:00.000Z' }
      const overlaps = Date.parse(held.start) < end.getTime() && start.getTime() < Date.parse(held.end)
      return String(resourceId) === String(ids.room) && overlaps ? [held] : []
    },
  })
  let url: string
  const ids: Record<'flaky' | 'practitioner' | 'room' | 'service', number | string> = { flaky: '', practitioner: '', room: '', service: '' }
  let adminToken: string

  beforeAll(async () => {
    url = await calendar.start()
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Consultation' } })
    ids.service = service.id
    for (const name of ['practitioner', 'room', 'flaky'] as const) {
      const resource = await payload.create({ collection: 'resources', data: { name, services: [service.id], timezone: 'Europe/Berlin' } })
      await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
      ids[name] = resource.id
    }
    await payload.update({ collection: 'resources', data: { calendarFeeds: [{ url }] }, id: ids.practitioner })
    await ledgerServices.of(payload).feedSync.run(String(ids.practitioner))
    await payload.create({ collection: 'users', data: { email: 'admin-ext@example.test', password: 'pw-123456', role: 'admin' } })
    adminToken = await login(payload, { email: 'admin-ext@example.test', password: 'pw-123456' })
  })

  afterAll(() => calendar.close())

  const practitioner = () => ({ resource: ids.practitioner, service: ids.service })

  it("a synced feed's events are not offered and cannot be booked, on either side of the change to summer time", async () => {
    const monday = await starts(site.payload, practitioner(), '2031-03-17')
    // The team meeting is 10:00-11:00 Berlin time (09:00 UTC in winter); an hour's slot
    // overlapping it in any way is not offered.
    expect(monday).toContain('07:45')
    expect(monday).not.toContain('08:15')
    expect(monday).not.toContain('09:00')
    expect(monday).toContain('10:00')
    const summer = await starts(site.payload, practitioner(), '2031-04-14')
    expect(summer).not.toContain('08:00')
    expect(summer).toContain('09:00')

    const taken = await postJson(site.payload, '/api/reserve/book', { guest, ...practitioner(), startTime: '2031-03-17T09:00:00.000Z' })
    expect(taken.status).toBe(409)
    expect(errorPaths(taken.body)).toEqual(['startTime'])
    const staff = await postJson(site.payload, '/api/reserve/book', { ...practitioner(), startTime: '2031-03-17T09:30:00.000Z' }, adminToken)
    expect(staff.status).toBe(409)
    expect((await postJson(site.payload, '/api/reserve/book', { guest, ...practitioner(), startTime: '2031-03-17T10:00:00.000Z' })).status).toBe(201)
  })

  it('shows the time in resource-availability, with what it is only to staff', async () => {
    const range = withQuery('/api/reserve/resource-availability', { end: '2031-03-18', resource: String(ids.practitioner), start: '2031-03-17' })
    const forStaff = (await getJson(site.payload, range, adminToken)).body.external
    const forPublic = (await getJson(site.payload, range)).body.external
    expect(forStaff).toEqual([{ end: '2031-03-17T10:00:00.000Z', label: 'Team meeting', start: '2031-03-17T09:00:00.000Z' }])
    expect(forPublic).toEqual([{ end: '2031-03-17T10:00:00.000Z', start: '2031-03-17T09:00:00.000Z' }])
  })

  it('asks the feed again with its ETag, and after repeated failures keeps its time but marks it stale', async () => {
    const feed = async () => (await site.payload.find({ collection: 'reservation-calendar-feeds', where: { resource: { equals: ids.practitioner } } })).docs[0]
    const firstSync = (await feed()).lastSyncedAt
    const conditional = calendar.seen.conditional
    await ledgerServices.of(site.payload).feedSync.run(String(ids.practitioner))
    expect(calendar.seen.conditional).toBe(conditional + 1)
    expect((await feed()).lastSyncedAt >= firstSync).toBe(true)

    calendar.goDown()
    const lastGood = (await feed()).lastSyncedAt
    for (let attempt = 0; attempt < 3; attempt++) {
      await ledgerServices.of(site.payload).feedSync.run(String(ids.practitioner))
    }
    expect(await feed()).toMatchObject({ failures: 3, lastError: 'the feed answered 503', lastSyncedAt: lastGood, stale: true })
    expect(await starts(site.payload, practitioner(), '2031-03-24')).not.toContain('09:00')
  })

  it("the site's resolver blocks time too; one that throws counts as free", async () => {
    const room = { resource: ids.room, service: ids.service }
    const starting = await starts(site.payload, room, '2031-05-05')
    expect(starting).not.toContain('10:00')
    expect(starting).not.toContain('11:00')
    expect(starting).toContain('12:00')
    expect((await postJson(site.payload, '/api/reserve/book', { guest, ...room, startTime: '2031-05-05T11:00:00.000Z' })).status).toBe(409)

    const flaky = { resource: ids.flaky, service: ids.service }
    expect(await starts(site.payload, flaky, '2031-05-05')).toContain('10:00')
    expect((await postJson(site.payload, '/api/reserve/book', { guest, ...flaky, startTime: '2031-05-05T10:00:00.000Z' })).status).toBe(201)
    expect(resolverCalls).toContain(String(ids.flaky))
  })
})

describe.each(testDatabaseKinds())('a feed on this machine without allowPrivateNetworks (%s)', (kind) => {
  const calendar = calendarServer()
  const site = usePayloadOn(kind, {})

  afterAll(() => calendar.close())

  it('is refused before any request reaches it', async () => {
    const url = await calendar.start()
    const resource = await site.payload.create({ collection: 'resources', data: { calendarFeeds: [{ url }], name: 'Guarded' } })
    await ledgerServices.of(site.payload).feedSync.run(String(resource.id))
    const { docs } = await site.payload.find({ collection: 'reservation-calendar-feeds', where: { resource: { equals: resource.id } } })
    expect(docs[0]).toMatchObject({ lastError: `127.0.0.1:${new URL(url).port} resolves to a private or local address` })
    expect(calendar.seen.requests).toBe(0)
  })
})
