import type { Page } from 'playwright-core'

import { beforeAll, describe, expect, it } from 'vitest'

import type { SlotsResponse } from '../../src/contract/http.js'

import { ar } from '../../src/booking/texts/ar.js'
import { de } from '../../src/booking/texts/de.js'
import { en } from '../../src/booking/texts/en.js'
import { annaConsultation, annaFreeTimes, bookingOf, chooseDay, expectNoEnglish, fillDetails, fitsSideways, guestEmail, guestPage, slot, wallClock } from './support/booking-page.js'
import { type Browser, openBrowser, useLoggedInBrowser } from './support/browser.js'
import { manageLinkFor } from './support/manage-link.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

// The demo's "manage my booking" page (`/book/manage`), built from `payload-reserve-ledger/booking`:
// a guest books on /book, and opens the link of their booking e-mail (the dev app's mail catcher).

const address = guestEmail('gina.manages')

/** A time as the kit writes it in English. */
const clock = (iso: string, timeZone: string): string => wallClock(iso, timeZone, 'en')

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id)

describe('a guest manages their booking from the link of their e-mail', () => {
  const admin = useLoggedInBrowser()
  let api: Rest

  beforeAll(() => {
    api = rest(admin().page)
  })

  it('books on /book, opens the link on a phone elsewhere, moves the booking (the old time free again), cancels it; a wrong token is refused', async () => {
    const { anna, consultation } = await annaConsultation(api)
    const {
      date,
      starts: [first, second],
    } = await annaFreeTimes(api, 5, 2)
    const free = async () =>
      (await api.get<SlotsResponse>('/reserve/slots', { date, resource: anna.id, service: consultation.id })).slots.map(({ start }) => start)
    const stored = () => bookingOf(api, address)

    // The guest books on the booking page.
    const booker = await guestPage()
    try {
      const { page } = booker
      await chooseDay(page, date)
      await slot(page, first).click()
      await fillDetails(page, 'Gina Gast', address)
      await page.getByRole('button', { name: en.holdTime }).click()
      await page.getByRole('button', { name: en.bookNow }).click()
      await page.getByRole('heading', { name: 'Thank you, Gina Gast: your booking is in.' }).waitFor()
    } finally {
      await booker.close()
    }
    const booking = await stored()
    expect(booking.startTime).toBe(first)
    await expect.poll(() => manageLinkFor(api, address).then(String, () => null), { timeout: 15_000 }).not.toBeNull()
    const link = await manageLinkFor(api, address)
    expect(link.searchParams.get('reservation')).toBe(String(booking.id))
    const linkPath = `${link.pathname}${link.search}`

    // On a phone, in New York: the booking with Berlin's time and the visitor's own beside it.
    const guest: Browser = await openBrowser({ phone: true, timezoneId: 'America/New_York' })
    try {
      const { page } = guest
      await page.goto(linkPath)
      await page.getByRole('heading', { name: en.manageTitle }).waitFor()
      // The page's address holds the token: nothing it loads is told it.
      expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer')
      await page.getByRole('heading', { name: 'Consultation with Anna Weber' }).waitFor()
      const when = page.locator('.rl-booking__managed .rl-booking__when')
      await expect.poll(() => when.innerText()).toContain(`${clock(first, TIMEZONE)} Europe/Berlin (${clock(first, 'America/New_York')} America/New_York)`)
      await page.getByText(`Booking reference: ${booking.id}`).waitFor()
      await page.getByText(/^You can move or cancel it until /).waitFor()
      await fitsSideways(page)
      await guest.screenshot('manage-booking', { fullPage: true })

      // Moves it, by keyboard from the button on: the new day's times, one picked, the move confirmed.
      await page.getByRole('button', { name: en.moveBooking }).click()
      await expect.poll(() => focusedId(page)).toBe('rl-booking-new-time')
      await page.getByLabel(en.chooseDay, { exact: true }).fill(date)
      await slot(page, second).focus()
      await page.keyboard.press('Enter')
      const move = page.getByRole('button', { name: /^Move to / })
      await move.focus()
      await page.keyboard.press('Enter')
      const status = page.getByRole('status')
      await expect.poll(() => status.innerText()).toMatch(/^Your booking is moved to .*Europe\/Berlin/)
      await expect.poll(() => when.innerText()).toContain(`${clock(second, TIMEZONE)} Europe/Berlin`)
      await fitsSideways(page)
      await guest.screenshot('manage-booking-moved', { fullPage: true })
      expect((await stored()).startTime).toBe(second)
      await expect.poll(free).toContain(first)
      expect(await free()).not.toContain(second)

      // In German, all of it: what it is, until when, what may be done.
      await page.goto(`${linkPath}&lang=de`)
      await page.getByRole('button', { name: de.moveBooking }).waitFor()
      await page.getByText(/^Sie können sie bis .* verschieben oder stornieren\.$/).waitFor()
      await expectNoEnglish(page, de, 'the booking in German')
      await page.goto(linkPath)

      // Cancels it, after saying so once more.
      await page.getByRole('button', { name: en.cancelBooking }).click()
      await expect.poll(() => focusedId(page)).toBe('rl-booking-confirm-cancel')
      await page.getByRole('heading', { name: en.confirmCancel }).waitFor()
      await page.getByRole('button', { name: en.confirmCancelYes }).click()
      await expect.poll(() => status.innerText()).toBe(en.cancelled)
      expect(await page.getByRole('button', { name: en.cancelBooking }).count()).toBe(0)
      expect(await page.getByRole('button', { name: en.moveBooking }).count()).toBe(0)
      expect((await stored()).status).toBe('cancelled')
      await expect.poll(free).toContain(second)

      // Opened again, in Arabic, right to left: the booking is said to be cancelled, and nothing is offered.
      await page.goto(`${linkPath}&lang=ar`)
      await page.getByText(ar.isCancelled).waitFor()
      expect(await page.locator('main').getAttribute('dir')).toBe('rtl')
      expect(await page.getByRole('button').count()).toBe(0)
      await expectNoEnglish(page, ar, 'the cancelled booking in Arabic')
      await fitsSideways(page)

      // A link whose token is wrong opens nothing, and says so with the server's word.
      await page.goto(`/book/manage?reservation=${booking.id}&token=wrong`)
      const alert = page.locator('.rl-booking').getByRole('alert')
      await alert.getByText(en.manageRefused).waitFor()
      await alert.getByText('Forbidden', { exact: true }).waitFor()
      await fitsSideways(page)
    } finally {
      await guest.close()
    }
  })
})
