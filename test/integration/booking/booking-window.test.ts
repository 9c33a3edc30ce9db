import { beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { getJson, postJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN, errorPaths } from '../support/plugin-http.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** A whole hour at least `ms` from now. */
const hourFromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / HOUR) * HOUR).toISOString()
const guest = { email: 'window@example.test', name: 'Win' }

describe.each(testDatabaseKinds())('the booking window (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true, bookingWindow: { maxAdvanceDays: 30, minNoticeMinutes: 120 } })
  const ids: Record<'lenient' | 'resource' | 'strict', number | string> = { lenient: '', resource: '', strict: '' }
  let adminToken: string

  beforeAll(async () => {
    const { payload } = site
    const strict = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Default window' } })
    const lenient = await payload.create({
      collection: 'services',
      data: { allowGuestBooking: 'enabled', duration: 60, maxAdvanceDays: 365, minNoticeMinutes: 0, name: 'Own window' },
    })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Window room', quantity: 10, services: [strict.id, lenient.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    Object.assign(ids, { lenient: lenient.id, resource: resource.id, strict: strict.id })
    await payload.create({ collection: 'users', data: { email: 'admin-window@example.test', password: 'pw-123456', role: 'admin' } })
    adminToken = await login(payload, { email: 'admin-window@example.test', password: 'pw-123456' })
  })

  const book = (service: number | string, startTime: string, token?: string) =>
    postJson(site.payload, '/api/reserve/book', { ...(token ? {} : { guest }), resource: ids.resource, service, startTime }, token)

  it('refuses a customer booking sooner than the notice or further ahead than the advance, on startTime', async () => {
    for (const startTime of [hourFromNow(0.5 * HOUR), hourFromNow(40 * DAY)]) {
      const refused = await book(ids.strict, startTime)
      expect(refused.status).toBe(400)
      expect(errorPaths(refused.body)).toEqual(['startTime'])
    }
    expect((await book(ids.strict, hourFromNow(3 * HOUR))).status).toBe(201)
  })

  it("a service's own window replaces the plugin's", async () => {
    expect((await book(ids.lenient, hourFromNow(0))).status).toBe(201)
    expect((await book(ids.lenient, hourFromNow(40 * DAY))).status).toBe(201)
  })

  it('privileged staff are exempt', async () => {
    expect((await book(ids.strict, hourFromNow(0.5 * HOUR), adminToken)).status).toBe(201)
    expect((await book(ids.strict, hourFromNow(40 * DAY), adminToken)).status).toBe(201)
  })

  it('offers customers only slots inside the window, staff all of them', async () => {
    const date = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10)
    const slots = (token?: string) =>
      getJson(site.payload, withQuery('/api/reserve/slots', { date, resource: String(ids.resource), service: String(ids.strict) }), token)
    expect((await slots()).body.slots).toEqual([])
    expect((await slots(adminToken)).body.slots.length).toBeGreaterThan(0)

    const soon = Date.now() + 2 * HOUR
    const today = new Date(Date.now() + HOUR).toISOString().slice(0, 10)
    const todays = (await getJson(site.payload, withQuery('/api/reserve/slots', { date: today, resource: String(ids.resource), service: String(ids.strict) }))).body.slots
    expect(todays.every((slot: { start: string }) => Date.parse(slot.start) >= soon - 60_000)).toBe(true)
  })
})
