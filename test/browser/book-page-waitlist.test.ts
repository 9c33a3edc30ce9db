import { beforeAll, describe, expect, it } from 'vitest'

import type { SlotsResponse, WaitlistListResponse } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { en } from '../../src/booking/texts/en.js'
import { dateLabel } from '../../src/booking/zoned-time.js'
import { zonedEpoch } from '../../src/time/local-time.js'
import { chooseDay, fillDetails, fitsSideways, guestEmail, guestPage } from './support/booking-page.js'
import { useLoggedInBrowser } from './support/browser.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

// A day with no free time on the public booking page: the guest waits for one on the waitlist.

const ROOM = { resource: 'Seminar room', service: 'Seminar room, full day' }

describe('the booking page’s waitlist on a full day', () => {
  const admin = useLoggedInBrowser()
  let api: Rest

  beforeAll(() => {
    api = rest(admin().page)
  })

  it('the guest sees no free time, joins the waitlist with their details (a refusal in the server’s words first), the admin sees the entry, the guest leaves it', async () => {
    const room = (await api.resources()).find(({ name }) => name === ROOM.resource)!
    const roomDay = (await api.services()).find(({ name }) => name === ROOM.service)!
    expect(room && roomDay, 'the seeded seminar room and its full-day service').toBeTruthy()

    // A free day of the room beyond the weeks other files book it in, filled by one booking of all 8 seats.
    let date = ''
    let free: SlotsResponse['slots'] = []
    for (let offset = 29; offset <= 60 && free.length === 0; offset += 1) {
      date = addCalendarDays(todayIn(TIMEZONE), offset)
      free = (await api.get<SlotsResponse>('/reserve/slots', { date, resource: room.id, service: roomDay.id })).slots
    }
    expect(free.length, 'a free day of the seminar room').toBeGreaterThan(0)
    const filled = await admin().page.request.post('/api/reserve/book', {
      data: { guest: { email: guestEmail('fiona.full'), name: 'Fiona Voll' }, guestCount: 8, resource: room.id, service: roomDay.id, startTime: free[0].start },
    })
    expect(filled.status(), await filled.text()).toBe(201)
    expect((await api.get<SlotsResponse>('/reserve/slots', { date, resource: room.id, service: roomDay.id })).slots).toEqual([])

    const guest = await guestPage({ phone: true })
    try {
      const { page } = guest
      await chooseDay(page, date, en, ROOM)
      await page.getByText(en.noFreeTimes).waitFor()
      const waitlist = page.getByRole('region', { name: en.waitlist })
      await waitlist.getByText(en.waitlistOffer).waitFor()
      await waitlist.getByRole('button', { name: en.waitlistJoin }).click()
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')
      await waitlist.getByRole('button', { name: en.waitlistJoin }).click()
      await waitlist.getByText(en.nameRequired).waitFor()

      // This e-mail waits for five times already, the most one contact may: the server refuses a sixth.
      const busy = guestEmail('rita.refused')
      const join = () =>
        guest.page.request.post('/api/reserve/waitlist', {
          data: { from: free[0].start, guest: { email: busy, name: 'Rita' }, resource: room.id, service: roomDay.id, to: free[0].end },
        })
      for (let count = 0; count < 5; count += 1) {
        expect((await join()).status()).toBe(201)
      }
      const refused = await join()
      expect(refused.status()).toBe(429)
      const { errors } = (await refused.json()) as { errors: { message: string }[] }
      await fillDetails(page, 'Rita Reich', busy)
      await waitlist.getByRole('button', { name: en.waitlistJoin }).click()
      expect(await waitlist.getByRole('alert').innerText()).toBe(errors[0].message)

      await fillDetails(page, 'Wanda Wartend', guestEmail('wanda.waits'))
      await waitlist.getByRole('button', { name: en.waitlistJoin }).click()
      const joined = waitlist.getByRole('status')
      await joined.waitFor()
      expect(await joined.innerText()).toBe(en.waitlistJoined.replace('{day}', dateLabel(date, 'en')))
      await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('rl-booking__waitlist-outcome')
      await fitsSideways(page)
      await guest.screenshot('book-page-waitlist-joined', { fullPage: true })

      // The admin sees the entry: the guest's name, for the room's whole day.
      const entriesOfDay = async () =>
        (
          await api.get<WaitlistListResponse>('/reserve/waitlist', {
            end: new Date(zonedEpoch(addCalendarDays(date, 1), 0, TIMEZONE)).toISOString(),
            start: new Date(zonedEpoch(date, 0, TIMEZONE)).toISOString(),
          })
        ).entries.filter((entry) => entry.guestName === 'Wanda Wartend')
      const [entry] = await entriesOfDay()
      expect(entry).toMatchObject({
        from: new Date(zonedEpoch(date, 0, TIMEZONE)).toISOString(),
        resource: String(room.id),
        service: String(roomDay.id),
        status: 'waiting',
        to: new Date(zonedEpoch(addCalendarDays(date, 1), 0, TIMEZONE)).toISOString(),
      })

      await waitlist.getByRole('button', { name: en.waitlistLeave }).click()
      await waitlist.getByText(en.waitlistLeft.replace('{day}', dateLabel(date, 'en'))).waitFor()
      expect((await entriesOfDay()).map(({ status }) => status)).toEqual(['left'])
      expect(await waitlist.getByRole('button').count()).toBe(0)
    } finally {
      await guest.close()
    }
  })
})
