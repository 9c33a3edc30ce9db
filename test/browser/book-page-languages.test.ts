import type { Page } from 'playwright-core'

import { beforeAll, describe, expect, it } from 'vitest'

import { ar } from '../../src/booking/texts/ar.js'
import { dateLabel } from '../../src/booking/zoned-time.js'
import { annaFreeTimes, bookingOf, chooseDay, expectNoEnglish, fillDetails, fitsSideways, guestEmail, guestPage, slot, wallClock } from './support/booking-page.js'
import { openBrowser, useLoggedInBrowser } from './support/browser.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

// The booking page right to left: Arabic, chosen by `?lang=ar` or by the browser's language.

/** The page's writing direction where it counts: the page around the kit, and the kit. */
const directions = (page: Page) =>
  page.evaluate(() => ({
    kit: document.querySelector('.rl-booking')?.getAttribute('dir'),
    main: getComputedStyle(document.querySelector('main')!).direction,
  }))

describe('the booking page in Arabic, right to left', () => {
  const admin = useLoggedInBrowser()
  let api: Rest

  beforeAll(() => {
    api = rest(admin().page)
  })

  it('from ?lang=ar on a 390×844 phone: the whole booking right to left, in Arabic only, nothing cut off sideways', async () => {
    const { date, starts } = await annaFreeTimes(api, 9)
    const guest = await guestPage({ phone: true, timezoneId: TIMEZONE }, '/book?lang=ar')
    try {
      const { page } = guest
      await page.getByRole('heading', { name: ar.title }).waitFor()
      expect(await directions(page)).toEqual({ kit: 'rtl', main: 'rtl' })
      await expectNoEnglish(page, ar, 'start')
      await chooseDay(page, date, ar)
      await slot(page, starts[0]).waitFor()

      // Mirrored: the previous day's button on the right, the next day's on the left.
      const previous = (await page.getByRole('button', { name: ar.previousDay }).boundingBox())!
      const next = (await page.getByRole('button', { name: ar.nextDay }).boundingBox())!
      expect(previous.x).toBeGreaterThan(next.x)
      // The times as Arabic writes them, and the day's name too.
      expect(await slot(page, starts[0]).innerText()).toBe(wallClock(starts[0], TIMEZONE, 'ar'))
      expect(await page.locator('.rl-booking__day-name').innerText()).toBe(dateLabel(date, 'ar'))
      await expectNoEnglish(page, ar, 'free times')
      await fitsSideways(page)
      await guest.screenshot('ar-book-page-times', { fullPage: true })

      await slot(page, starts[0]).click()
      await page.getByRole('button', { name: ar.holdTime }).click()
      await page.getByText(ar.nameRequired).waitFor()
      await expectNoEnglish(page, ar, 'details refused')
      await fitsSideways(page)
      await fillDetails(page, 'ليلى حداد', guestEmail('layla.ar'))
      await page.getByRole('button', { name: ar.holdTime }).click()
      await page.getByRole('timer').waitFor()
      await expectNoEnglish(page, ar, 'held')
      await fitsSideways(page)
      await guest.screenshot('ar-book-page-held', { fullPage: true })

      await page.getByRole('button', { name: ar.bookNow }).click()
      await page.getByRole('heading', { name: ar.booked.replace('{name}', 'ليلى حداد') }).waitFor()
      await expectNoEnglish(page, ar, 'booked')
      await fitsSideways(page)
      await guest.screenshot('ar-book-page-booked', { fullPage: true })
      const booking = await bookingOf(api, guestEmail('layla.ar'))
      expect(booking).toMatchObject({ guest: { name: 'ليلى حداد' }, startTime: starts[0] })
      await page.getByText(ar.bookedAs.replace('{id}', String(booking.id))).waitFor()
    } finally {
      await guest.close()
    }
  })

  it('from the browser’s language: the whole document right to left', async () => {
    const guest = await openBrowser({ locale: 'ar-EG' })
    try {
      const { page } = guest
      await page.goto('/book')
      await page.getByLabel(ar.chooseService, { exact: true }).waitFor()
      expect(await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }))).toEqual({ dir: 'rtl', lang: 'ar' })
      expect(await directions(page)).toEqual({ kit: 'rtl', main: 'rtl' })
      await expectNoEnglish(page, ar, 'Accept-Language: ar')
    } finally {
      await guest.close()
    }
  })
})
