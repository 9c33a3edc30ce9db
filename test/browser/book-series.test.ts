import type { Page } from 'playwright-core'

import { beforeAll, describe, expect, it } from 'vitest'

import { en } from '../../src/booking/texts/en.js'
import { fillIn } from '../../src/booking/texts/booking-texts.js'
import { openBrowser, useLoggedInBrowser } from './support/browser.js'
import { weeklyFreeTimes } from './support/free-times.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

// The demo's /book offers every service as a weekly series (`repeat="all"`): a guest books a
// course of appointments from the time they picked, whole or, when some are taken, the free ones.

const RUN = Date.now().toString(36)
const email = (name: string): string => `${name}.${RUN}@example.com`

describe('a weekly series on the public booking page', () => {
  const admin = useLoggedInBrowser()
  let api: Rest
  let anna: { id: number | string }
  let consultation: { id: number | string }

  beforeAll(async () => {
    api = rest(admin().page)
    anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')!
    consultation = (await api.services()).find((service) => service.name === 'Consultation')!
    expect(anna && consultation, 'the seeded Anna Weber and her consultation').toBeTruthy()
  })

  /** The guest's choices up to their details, with `count` weekly appointments from `start`. */
  const askForSeries = async (page: Page, date: string, start: string, count: number) => {
    await page.goto('/book')
    await page.getByLabel(en.chooseService, { exact: true }).selectOption({ label: 'Consultation' })
    await page.getByLabel(en.chooseResource, { exact: true }).selectOption({ label: 'Anna Weber' })
    await page.getByLabel(en.chooseDay, { exact: true }).fill(date)
    await page.locator(`.rl-booking__slot[data-start="${start}"]`).click()
    await page.getByLabel(en.repeat, { exact: true }).selectOption({ label: en.repeatWeekly })
    await page.getByLabel(en.repeatCount, { exact: true }).selectOption(String(count))
  }

  const bookingsOf = (address: string) => api.reservations({ 'guest.email': { equals: address } })

  it('books every week at the time picked, one series with one calendar file', async () => {
    const weeks = await weeklyFreeTimes(api, { fromOffset: 9, resource: anna.id, service: consultation.id, weeks: 3 })
    const guest = await openBrowser({ timezoneId: TIMEZONE })
    try {
      const { page } = guest
      await askForSeries(page, weeks[0].date, weeks[0].start, 3)
      await page.locator('input[name="name"]').fill('Sven Serie')
      await page.locator('input[name="email"]').fill(email('sven'))
      await page.getByRole('button', { name: fillIn(en.bookSeries, { count: 3 }) }).click()
      await page.getByRole('heading', { name: fillIn(en.seriesBooked, { count: 3, name: 'Sven Serie' }) }).waitFor()
      await guest.screenshot('book-series-booked', { fullPage: true })

      const booked = await bookingsOf(email('sven'))
      expect(booked.map(({ startTime }) => startTime)).toEqual(weeks.map(({ start }) => start))
      expect(new Set(booked.map(({ seriesId }) => seriesId)).size).toBe(1)
      expect(booked[0].seriesId).toBeTruthy()
      await page.getByText(`Booking reference: ${booked[0].seriesId}`).waitFor()
      const ics = decodeURIComponent((await page.getByRole('link', { name: en.addToCalendar }).getAttribute('href'))!.split(',').slice(1).join(','))
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3)
      for (const { id } of booked) {
        expect(ics).toContain(`UID:${id}@payload-reserve-ledger`)
      }
    } finally {
      await guest.close()
    }
  })

  it('a taken week refuses the series in the server’s words, and the guest books the free weeks', async () => {
    const weeks = await weeklyFreeTimes(api, { fromOffset: 10, resource: anna.id, service: consultation.id, weeks: 3 })
    // Someone else books the second week first.
    const taken = await admin().page.request.post('/api/reserve/book', {
      data: { guest: { email: email('first'), name: 'Erika Erste' }, resource: anna.id, service: consultation.id, startTime: weeks[1].start },
    })
    expect(taken.status(), await taken.text()).toBe(201)

    const guest = await openBrowser({ timezoneId: TIMEZONE })
    try {
      const { page } = guest
      await askForSeries(page, weeks[0].date, weeks[0].start, 3)
      await page.locator('input[name="name"]').fill('Tina Teilweise')
      await page.locator('input[name="email"]').fill(email('tina'))
      await page.getByRole('button', { name: fillIn(en.bookSeries, { count: 3 }) }).click()

      const alert = page.locator('.rl-booking [role="alert"]')
      await alert.waitFor()
      // The server's words: the series is refused, and the one week taken is named by its date.
      await expect.poll(() => alert.innerText()).toContain(weeks[1].date)
      // The series' refusal as the server words it, then each refused week once.
      expect(await page.locator('#rl-booking-series-refusal').innerText()).toBe(`The series cannot be booked: the time is taken on ${weeks[1].date}`)
      expect(await alert.locator('li').allInnerTexts()).toEqual([expect.stringMatching(new RegExp(`^${weeks[1].date}: `))])
      expect(await bookingsOf(email('tina'))).toEqual([])
      await guest.screenshot('book-series-refused', { fullPage: true })

      await page.getByRole('button', { name: fillIn(en.bookTheFree, { count: 2 }) }).click()
      await page.getByRole('heading', { name: fillIn(en.seriesBooked, { count: 2, name: 'Tina Teilweise' }) }).waitFor()
      await page.getByText(en.seriesSkipped).waitFor()
      await expect.poll(() => page.locator('.rl-booking__series--skipped').innerText()).toContain(weeks[1].date)
      const booked = await bookingsOf(email('tina'))
      expect(booked.map(({ startTime }) => startTime)).toEqual([weeks[0].start, weeks[2].start])
    } finally {
      await guest.close()
    }
  })
})
