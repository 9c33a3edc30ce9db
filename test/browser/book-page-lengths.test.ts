import type { Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { fillIn } from '../../src/booking/texts/booking-texts.js'
import { en } from '../../src/booking/texts/en.js'
import { localDateOf } from '../../src/time/local-time.js'
import { bookingOf, fillDetails, guestEmail as email, guestPage, slot, wallClock } from './support/booking-page.js'
import { useLoggedInBrowser } from './support/browser.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

// The booking page follows a flexible service's lengths and a service's booking window. The demo
// seeds no flexible service: the test makes one (30 minutes up to 90, in steps of 30), offered by
// the seeded Anna Weber (weekdays 09:00–17:00), and gives her list of services back afterwards.

const RUN = Date.now().toString(36)
const WORKSHOP = `Workshop ${RUN}`
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

describe('lengths and the booking window on the public booking page', () => {
  const admin = useLoggedInBrowser()
  let api: Rest
  let anna: { id: number | string; services?: unknown[] | null }
  let workshop: { id: number | string }

  const patch = async (path: string, data: Record<string, unknown>) => {
    const response = await admin().page.request.patch(`/api${path}`, { data })
    expect(response.status(), await response.text()).toBe(200)
  }

  beforeAll(async () => {
    api = rest(admin().page)
    anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')!
    expect(anna, 'the seeded Anna Weber').toBeTruthy()
    const created = await admin().page.request.post('/api/services', {
      data: { duration: 30, durationType: 'flexible', maxFlexibleDuration: 90, name: WORKSHOP, slotInterval: 30 },
    })
    expect(created.status(), await created.text()).toBe(201)
    workshop = ((await created.json()) as { doc: { id: number | string } }).doc
    await patch(`/resources/${anna.id}`, { services: [...(anna.services ?? []), workshop.id] })
  })

  afterAll(async () => {
    await patch(`/resources/${anna.id}`, { services: anna.services ?? [] })
    await patch(`/services/${workshop.id}`, { active: false })
  })

  const starts = async (date: string, duration: number): Promise<string[]> =>
    (await api.get<SlotsResponse>('/reserve/slots', { date, duration, resource: anna.id, service: workshop.id })).slots.map(({ start }) => start)

  /** The starts the page offers, once they have loaded. */
  const offered = (page: Page): Promise<(null | string)[]> =>
    page.locator('.rl-booking__slot').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-start')))

  const chooseWorkshop = async (page: Page) => {
    await page.getByLabel(en.chooseService, { exact: true }).selectOption({ label: WORKSHOP })
    await page.getByLabel(en.chooseResource, { exact: true }).selectOption({ label: 'Anna Weber' })
  }

  it('a guest picks a length: the free times follow it, and the booking ends that long after its start', async () => {
    // A weekday ahead whose 90-minute times are fewer than its 30-minute ones (the day's last starts fall away).
    let date = ''
    let short: string[] = []
    let long: string[] = []
    for (let offset = 3; offset <= 28 && !(long.length > 0 && long.length < short.length); offset += 1) {
      date = addCalendarDays(todayIn(TIMEZONE), offset)
      ;[short, long] = await Promise.all([starts(date, 30), starts(date, 90)])
    }
    expect(long.length, 'a day with free 90-minute times').toBeGreaterThan(0)

    const guest = await guestPage({ timezoneId: TIMEZONE })
    try {
      const { page } = guest
      await chooseWorkshop(page)
      await page.getByLabel(en.chooseDay, { exact: true }).fill(date)
      const length = page.getByLabel(en.length, { exact: true })
      // The server's lengths, in the visitor's language; the shortest first.
      expect(await length.locator('option').allInnerTexts()).toEqual(['30 min', '1 hr', '1 hr 30 min'])
      await expect.poll(() => offered(page)).toEqual(short)

      // By keyboard: the choice is a labelled select.
      await length.focus()
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      await expect.poll(() => length.inputValue()).toBe('90')
      await expect.poll(() => offered(page)).toEqual(long)
      await guest.screenshot('book-page-lengths', { fullPage: true })

      const start = long[0]
      const end = new Date(Date.parse(start) + 90 * MINUTE_MS).toISOString()
      await slot(page, start).click()
      // The time is shown from its start to its end.
      await expect.poll(() => page.locator('.rl-booking__when').innerText()).toContain(`${wallClock(start, TIMEZONE, 'en')}–${wallClock(end, TIMEZONE, 'en')}`)
      await fillDetails(page, 'Lena Lang', email('lena.long'))
      await page.getByRole('button', { name: en.holdTime }).click()
      await page.getByRole('button', { name: en.bookNow }).click()
      await page.getByRole('heading', { name: fillIn(en.booked, { name: 'Lena Lang' }) }).waitFor()
      await expect.poll(() => page.locator('.rl-booking__when').innerText()).toContain(`${wallClock(start, TIMEZONE, 'en')}–${wallClock(end, TIMEZONE, 'en')}`)

      const booking = await bookingOf(api, email('lena.long'))
      expect({ endTime: booking.endTime, resource: String(booking.resource), startTime: booking.startTime }).toEqual({
        endTime: end,
        resource: String(anna.id),
        startTime: start,
      })
    } finally {
      await guest.close()
    }
  })

  it('the day navigator stops at the last day a service may be booked, and says how far ahead', async () => {
    await patch(`/services/${workshop.id}`, { maxAdvanceDays: 3 })
    const guest = await guestPage({ timezoneId: TIMEZONE })
    try {
      const { page } = guest
      await chooseWorkshop(page)
      const last = localDateOf(Date.now() + 3 * DAY_MS, TIMEZONE)
      const day = page.getByLabel(en.chooseDay, { exact: true })
      expect(await day.getAttribute('max')).toBe(last)
      const next = page.getByRole('button', { name: en.nextDay })
      const note = page.getByText(fillIn(en.bookingWindowEnd, { days: 3 }))
      for (let shown = todayIn(TIMEZONE); shown < last; shown = addCalendarDays(shown, 1)) {
        expect(await note.count(), `no note on ${shown}`).toBe(0)
        await next.click()
        await expect.poll(() => day.inputValue()).toBe(addCalendarDays(shown, 1))
      }
      expect(await next.isDisabled()).toBe(true)
      await note.waitFor()

      // A date typed past the window is the last day open.
      await day.fill(addCalendarDays(last, 10))
      await expect.poll(() => day.inputValue()).toBe(last)
      await guest.screenshot('book-page-window-end', { fullPage: true })
    } finally {
      await guest.close()
      await patch(`/services/${workshop.id}`, { maxAdvanceDays: null })
    }
  })
})
