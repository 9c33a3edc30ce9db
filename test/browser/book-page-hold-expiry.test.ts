import type { Page } from 'playwright-core'

import { beforeAll, describe, expect, it } from 'vitest'

import type { HoldResponse } from '../../src/contract/http.js'

import { en } from '../../src/booking/texts/en.js'
import { annaConsultation, annaFreeTimes, bookingOf, chooseDay, fillDetails, guestEmail, guestPage, slot } from './support/booking-page.js'
import { type Browser, openBrowser, useLoggedInBrowser } from './support/browser.js'
import { type Rest, rest } from './support/rest.js'

// The guest's hold runs out while they wait on the booking page. The page's clock is Playwright's
// (`page.clock`): moved past the hold's end at once, no real wait for the server's minutes.

describe('the booking page when the hold runs out', () => {
  const admin = useLoggedInBrowser()
  let api: Rest

  beforeAll(() => {
    api = rest(admin().page)
  })

  /** The guest holds `start` on `date` as `name`, on a page whose clock the test moves; the hold as the server placed it. */
  const holdOnFakeClock = async (date: string, start: string, name: string): Promise<{ guest: Browser; hold: HoldResponse }> => {
    const guest = await openBrowser()
    await guest.page.clock.install()
    await guest.page.goto('/book')
    const { page } = guest
    await chooseDay(page, date)
    await slot(page, start).click()
    await fillDetails(page, name, guestEmail(name.split(' ')[0].toLowerCase()))
    const placed = page.waitForResponse((response) => response.url().endsWith('/api/reserve/holds') && response.request().method() === 'POST')
    await page.getByRole('button', { name: en.holdTime }).click()
    const hold = (await (await placed).json()) as HoldResponse
    await page.getByRole('timer').waitFor()
    return { guest, hold }
  }

  /**
   * The page's clock a second past the hold's end: the countdown gives way to the notice and the
   * offer to hold again. Then the page's clock is back in step with the server's, whose minutes
   * did not pass (a new hold's countdown reads its end against it).
   */
  const outlast = async (page: Page, hold: HoldResponse): Promise<void> => {
    const now = await page.evaluate(() => Date.now())
    await page.clock.fastForward(Date.parse(hold.expiresAt) - now + 1_000)
    const ended = page.locator('.rl-booking__countdown--ended')
    await ended.getByText(en.holdExpired).waitFor()
    expect(await page.getByRole('timer').count()).toBe(0)
    await ended.getByRole('button', { name: en.holdAgain }).waitFor()
    await page.clock.setSystemTime(Date.now())
  }

  it('says the hold ended and offers to hold the time again; held again, the time is booked', async () => {
    const { date, starts } = await annaFreeTimes(api, 10, 1)
    const { guest, hold } = await holdOnFakeClock(date, starts[0], 'Erik Ende')
    try {
      const { page } = guest
      await outlast(page, hold)
      await guest.screenshot('book-page-hold-expired', { fullPage: true })
      await page.getByRole('button', { name: en.holdAgain }).click()
      await page.getByRole('timer').waitFor()
      await page.getByRole('button', { name: en.bookNow }).click()
      await page.getByRole('heading', { name: 'Thank you, Erik Ende: your booking is in.' }).waitFor()
      expect((await bookingOf(api, guestEmail('erik'))).startTime).toBe(starts[0])
    } finally {
      await guest.close()
    }
  })

  it('held again after someone else took the time: refused in the server’s words, with the next free times', async () => {
    const { date, starts } = await annaFreeTimes(api, 11, 1)
    const { anna, consultation } = await annaConsultation(api)
    const { guest, hold } = await holdOnFakeClock(date, starts[0], 'Tara Spät')
    try {
      const { page } = guest
      await outlast(page, hold)
      // On the server the hold ends too (here at once, by its token), and another guest books the time.
      const other = await guestPage()
      const released = await other.page.request.delete(`/api/reserve/holds/${hold.holdId}`, { data: { holdToken: hold.holdToken } })
      expect(released.status()).toBe(200)
      const taken = await other.page.request.post('/api/reserve/book', {
        data: { guest: { email: guestEmail('otto.quick'), name: 'Otto Quick' }, resource: anna.id, service: consultation.id, startTime: starts[0] },
      })
      await other.close()
      expect(taken.status()).toBe(201)

      await page.getByRole('button', { name: en.holdAgain }).click()
      const alert = page.locator('.rl-booking').getByRole('alert')
      await alert.getByText(en.taken).waitFor()
      // The server's own words follow the page's.
      expect((await alert.innerText()).split('\n').filter(Boolean)).toHaveLength(2)
      await page.locator('.rl-booking__alternatives .rl-booking__slot').first().waitFor()
    } finally {
      await guest.close()
    }
  })
})
