import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { testDatabaseKinds } from '../../helpers/databases.js'
import { login } from '../../helpers/payload.js'
import { calendarServer } from '../../support/calendar-server.js'
import { getJson, postJson, sendJson, withQuery } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'

/** The fixture's team meeting on 2031-03-17, as resource-availability shows it to staff. */
const MEETING = { end: '2031-03-17T10:00:00.000Z', label: 'Team meeting', start: '2031-03-17T09:00:00.000Z' }
const ROUNDS = 4

/**
 * A feed saved through the REST API is read as soon as its save has committed, without waiting
 * for the periodic refresh (an hour here): on PostgreSQL the save's afterChange runs inside the
 * request's transaction, before the new address is visible to anyone else. Several rounds, a new
 * resource's feed and a changed address each, to catch the race.
 */
describe.each(testDatabaseKinds())('a calendar feed is read once its save commits (%s)', (kind) => {
  const calendar = calendarServer()
  const site = usePayloadOn(kind, { calendarFeeds: { allowPrivateNetworks: true, horizonDays: 3000, refreshMinutes: 60 } })
  let url: string
  let adminToken: string

  beforeAll(async () => {
    url = await calendar.start()
    await site.payload.create({ collection: 'users', data: { email: 'admin-feeds@example.test', password: 'pw-123456', role: 'admin' } })
    adminToken = await login(site.payload, { email: 'admin-feeds@example.test', password: 'pw-123456' })
  })
  afterAll(() => calendar.close())

  /** How long until resource-availability shows the feed's meeting (null: not within 5 s). */
  const msUntilBusy = async (resource: number | string, saved: number): Promise<null | number> => {
    const range = withQuery('/api/reserve/resource-availability', { end: '2031-03-18', resource: String(resource), start: '2031-03-17' })
    while (Date.now() - saved < 5_000) {
      const { body } = await getJson(site.payload, range, adminToken)
      const external = (body.external ?? []) as (typeof MEETING)[]
      if (external.some(({ end, label, start }) => end === MEETING.end && label === MEETING.label && start === MEETING.start)) {
        return Date.now() - saved
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return null
  }

  it('shows the busy time of a new feed within 2 s of the save, every time', async () => {
    const waited: (null | number)[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const created = await postJson(
        site.payload,
        '/api/resources',
        { calendarFeeds: [{ url: `${url}?new=${round}` }], name: `Room ${round}`, timezone: 'Europe/Berlin' },
        adminToken,
      )
      expect(created.status).toBe(201)
      waited.push(await msUntilBusy(created.body.doc.id, Date.now()))

      const plain = await postJson(site.payload, '/api/resources', { name: `Desk ${round}`, timezone: 'Europe/Berlin' }, adminToken)
      const changed = await sendJson(site.payload, 'PATCH', `/api/resources/${plain.body.doc.id}`, { calendarFeeds: [{ url: `${url}?changed=${round}` }] }, adminToken)
      expect(changed.status).toBe(200)
      waited.push(await msUntilBusy(plain.body.doc.id, Date.now()))
    }
    console.log(`feed busy time shown after ${waited.join(', ')} ms (${kind})`)
    for (const ms of waited) {
      expect(ms).not.toBeNull()
      expect(ms).toBeLessThan(2_000)
    }
  })
})
