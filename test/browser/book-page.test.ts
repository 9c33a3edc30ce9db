import type { Locator, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { SlotsResponse } from '../../src/contract/http.js'

import { de } from '../../src/booking/texts/de.js'
import { en } from '../../src/booking/texts/en.js'
import {
  annaConsultation,
  annaFreeTimes,
  bookingOf,
  chooseDay,
  expectNoEnglish,
  fillDetails,
  fitsSideways,
  guestEmail as email,
  guestPage,
  slot,
  wallClock,
} from './support/booking-page.js'
import { type Browser, openBrowser, useLoggedInBrowser } from './support/browser.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

// The public booking page of the demo (`/book`), built from `payload-reserve-ledger/booking`:
// a guest without an account books the seeded Anna Weber's consultation.

describe('the public booking page', () => {
  const admin = useLoggedInBrowser()
  let api: Rest
  let anna: { id: number | string }
  let consultation: { id: number | string }

  beforeAll(() => {
    api = rest(admin().page)
  })

  /** Free, non-overlapping consultation times of Anna from `fromOffset` days ahead, and their day. */
  const freeTimes = async (fromOffset: number, count = 3) => {
    ;({ anna, consultation } = await annaConsultation(api))
    return annaFreeTimes(api, fromOffset, count)
  }

  it('a guest books: service, resource, day, time, details, the hold counting down, the booking and its calendar file', async () => {
    const { date, starts } = await freeTimes(3)
    const guest = await guestPage({ timezoneId: TIMEZONE })
    try {
      const { page } = guest
      await chooseDay(page, date)
      await slot(page, starts[0]).click()
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('rl-booking-details')
      // A visitor in the resource's zone sees its times only, not the same clock twice.
      await expect.poll(() => page.locator('.rl-booking__when').innerText()).toBe(
        `${new Intl.DateTimeFormat('en-u-ca-gregory', { day: 'numeric', month: 'long', weekday: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))}, ${wallClock(starts[0], TIMEZONE, 'en')} Europe/Berlin`,
      )

      // The details as the server's guest rules check them: a name, and an e-mail or phone.
      await page.getByRole('button', { name: en.holdTime }).click()
      await page.getByText(en.nameRequired).waitFor()
      await page.getByText(en.contactRequired).waitFor()
      await fillDetails(page, 'Greta Gast', email('greta.books'))
      await page.getByRole('button', { name: en.holdTime }).click()

      const timer = page.getByRole('timer')
      await timer.waitFor()
      const first = await timer.innerText()
      expect(first).toMatch(/^\d+:\d{2}$/)
      await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(first)
      await guest.screenshot('book-page-held', { fullPage: true })

      await page.getByRole('button', { name: en.bookNow }).click()
      const heading = page.getByRole('heading', { name: 'Thank you, Greta Gast: your booking is in.' })
      await heading.waitFor()
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('rl-booking-booked')
      await guest.screenshot('book-page-booked', { fullPage: true })

      const booking = await bookingOf(api, email('greta.books'))
      expect(booking).toMatchObject({ guest: { email: email('greta.books'), name: 'Greta Gast' }, startTime: starts[0] })
      expect(String(booking.resource)).toBe(String(anna.id))
      await page.getByText(`Booking reference: ${booking.id}`).waitFor()

      const ics = decodeURIComponent((await page.getByRole('link', { name: en.addToCalendar }).getAttribute('href'))!.split(',').slice(1).join(','))
      expect(ics).toContain(`UID:${booking.id}@payload-reserve-ledger`)
      expect(ics).toContain(`DTSTART:${starts[0].replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`)
      expect(ics).toContain('SUMMARY:Consultation with Anna Weber')
    } finally {
      await guest.close()
    }
  })

  it('another visitor takes the time first: the guest reads why, in the server’s words, gets the next free times and books one', async () => {
    const { date, starts } = await freeTimes(4)
    const guest = await guestPage()
    try {
      const { page } = guest
      await chooseDay(page, date)
      await slot(page, starts[0]).click()
      await fillDetails(page, 'Hanna Hinz', email('hanna.late'))

      // Another tab books that very time as a guest of its own.
      const other = await openBrowser()
      const taken = await other.page.request.post('/api/reserve/book', {
        data: { guest: { email: email('otto.first'), name: 'Otto Erst' }, resource: anna.id, service: consultation.id, startTime: starts[0] },
      })
      await other.close()
      expect(taken.status()).toBe(201)

      await page.getByRole('button', { name: en.holdTime }).click()
      const alert = page.locator('.rl-booking').getByRole('alert')
      await alert.getByText(en.taken).waitFor()
      // The server's own words follow; and the refusal is where the focus is.
      expect((await alert.innerText()).split('\n').filter(Boolean).length).toBe(2)
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('rl-booking-refusal')
      const next = page.locator('.rl-booking__alternatives .rl-booking__slot')
      await next.first().waitFor()
      const offered = await next.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-start')!))
      expect(offered.length).toBeGreaterThan(0)
      expect(offered.every((start) => Date.parse(start) > Date.parse(starts[0]))).toBe(true)
      expect(offered).not.toContain(starts[0])
      await guest.screenshot('book-page-taken', { fullPage: true })

      await next.first().click()
      await page.getByRole('timer').waitFor()
      await page.getByRole('button', { name: en.bookNow }).click()
      await page.getByRole('heading', { name: 'Thank you, Hanna Hinz: your booking is in.' }).waitFor()
      const booking = await bookingOf(api, email('hanna.late'))
      expect(booking.startTime).toBe(offered[0])
    } finally {
      await guest.close()
    }
  })

  it('lets the hold go when the guest chooses another time, and when they leave the page', async () => {
    const { date, starts } = await freeTimes(8)
    const free = async () =>
      (await api.get<SlotsResponse>('/reserve/slots', { date, resource: anna.id, service: consultation.id })).slots.map(({ start }) => start)
    const guest = await guestPage()
    try {
      const { page } = guest
      await chooseDay(page, date)
      await slot(page, starts[0]).click()
      await fillDetails(page, 'Lea Los', email('lea.leaves'))
      await page.getByRole('button', { name: en.holdTime }).click()
      await page.getByRole('timer').waitFor()
      expect(await free()).not.toContain(starts[0])

      await page.getByRole('button', { name: en.changeTime }).click()
      await slot(page, starts[0]).waitFor()
      await expect.poll(free).toContain(starts[0])

      await slot(page, starts[0]).click()
      await page.getByRole('button', { name: en.holdTime }).click()
      await page.getByRole('timer').waitFor()
      expect(await free()).not.toContain(starts[0])
      await page.goto('about:blank')
      await expect.poll(free).toContain(starts[0])
    } finally {
      await guest.close()
    }
  })

  it('a visitor in New York books a Berlin resource: both clocks are named, and the booking is at the instant picked', async () => {
    const { date, starts } = await freeTimes(5)
    const guest = await guestPage({ timezoneId: 'America/New_York' })
    try {
      const { page } = guest
      await chooseDay(page, date)
      await page.getByText('Times in Europe/Berlin, and in your time zone America/New_York').waitFor()
      const picked = slot(page, starts[1])
      // The button reads both clocks, e.g. "9:00 AM Europe/Berlin (3:00 AM America/New_York)".
      const both = `${wallClock(starts[1], TIMEZONE)} Europe/Berlin (${wallClock(starts[1], 'America/New_York')} America/New_York)`
      expect(await picked.getAttribute('aria-label')).toBe(both)
      expect(await picked.innerText()).toBe(`${wallClock(starts[1], TIMEZONE)}\n${wallClock(starts[1], 'America/New_York')}`)
      await picked.click()
      await fillDetails(page, 'Nora York', email('nora.ny'))
      await page.getByRole('button', { name: en.holdTime }).click()
      await page.getByRole('button', { name: en.bookNow }).click()
      await page.getByRole('heading', { name: 'Thank you, Nora York: your booking is in.' }).waitFor()
      expect(await page.locator('.rl-booking__when').innerText()).toContain(both)
      await guest.screenshot('book-page-new-york', { fullPage: true })
      const booking = await bookingOf(api, email('nora.ny'))
      expect(booking.startTime).toBe(starts[1])
    } finally {
      await guest.close()
    }
  })

  it('on a 390×844 phone, by keyboard only: the whole booking with Tab, Enter and Space, nothing cut off sideways', async () => {
    const { date, starts } = await freeTimes(6)
    const guest = await guestPage({ phone: true })
    try {
      const { page } = guest
      const { keyboard } = page
      /** Tabs forward until `target` has the focus. */
      const tabTo = async (target: Locator): Promise<void> => {
        for (let presses = 0; presses < 60; presses += 1) {
          if (await target.evaluate((element) => element === document.activeElement)) {
            return
          }
          await keyboard.press('Tab')
        }
        expect.fail(`Tab never reached ${target}`)
      }
      await page.getByLabel(en.chooseService, { exact: true }).waitFor()
      await tabTo(page.getByLabel(en.chooseService, { exact: true }))
      await keyboard.type('Consultation')
      await expect.poll(() => page.getByLabel(en.chooseResource, { exact: true }).count()).toBe(1)
      await tabTo(page.getByLabel(en.chooseResource, { exact: true }))
      await keyboard.type('Anna')
      await fitsSideways(page)

      // Day by day with the next-day button, to the day that has the free times.
      const nextDay = page.getByRole('button', { name: en.nextDay })
      await tabTo(nextDay)
      while ((await page.getByLabel(en.chooseDay, { exact: true }).inputValue()) < date) {
        await keyboard.press('Enter')
      }
      await slot(page, starts[0]).waitFor()
      await fitsSideways(page)
      await guest.screenshot('book-page-phone-times', { fullPage: true })
      await tabTo(slot(page, starts[0]))
      await keyboard.press('Space')

      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('rl-booking-details')
      await tabTo(page.locator('input[name="name"]'))
      await keyboard.type('Kai Keys')
      await keyboard.press('Tab')
      await keyboard.type(email('kai.keys'))
      await keyboard.press('Enter')
      await page.getByRole('timer').waitFor()
      await fitsSideways(page)
      await guest.screenshot('book-page-phone-held', { fullPage: true })
      await tabTo(page.getByRole('button', { name: en.bookNow }))
      await keyboard.press('Enter')
      await page.getByRole('heading', { name: 'Thank you, Kai Keys: your booking is in.' }).waitFor()
      await fitsSideways(page)
      await guest.screenshot('book-page-phone-booked', { fullPage: true })
      const booking = await bookingOf(api, email('kai.keys'))
      expect(booking.startTime).toBe(starts[0])
    } finally {
      await guest.close()
    }
  })

  describe('in German', () => {
    let german: Browser
    beforeAll(async () => {
      german = await guestPage({ locale: 'de-DE' })
    })
    afterAll(async () => {
      await german?.close()
    })

    const noEnglish = (page: Page, stage: string) => expectNoEnglish(page, de, stage)

    it('from the browser’s language: no English left, from the choice to the confirmation', async () => {
      const { date, starts } = await freeTimes(7)
      const { page } = german
      expect(await page.locator('html').getAttribute('lang')).toBe('de')
      await page.getByRole('heading', { name: de.title }).waitFor()
      await noEnglish(page, 'start')
      await chooseDay(page, date, de)
      await slot(page, starts[0]).waitFor()
      await noEnglish(page, 'free times')
      await slot(page, starts[0]).click()
      await page.getByRole('button', { name: de.holdTime }).click()
      await page.getByText(de.nameRequired).waitFor()
      await noEnglish(page, 'details refused')
      await fillDetails(page, 'Dora Deutsch', email('dora.de'))
      await page.getByRole('button', { name: de.holdTime }).click()
      await page.getByRole('timer').waitFor()
      await noEnglish(page, 'held')
      await german.screenshot('book-page-german-held', { fullPage: true })
      await page.getByRole('button', { name: de.bookNow }).click()
      await page.getByRole('heading', { name: 'Danke, Dora Deutsch: Ihre Buchung ist eingegangen.' }).waitFor()
      await noEnglish(page, 'booked')
      await german.screenshot('book-page-german-booked', { fullPage: true })
    })

    it('from ?lang=de in an English browser', async () => {
      const guest = await openBrowser()
      try {
        await guest.page.goto('/book?lang=de')
        await guest.page.getByRole('heading', { name: de.title }).waitFor()
        await guest.page.getByLabel(de.chooseService, { exact: true }).waitFor()
        expect(await guest.page.locator('.rl-booking').getAttribute('lang')).toBe('de')
        await noEnglish(guest.page, '?lang=de')
      } finally {
        await guest.close()
      }
    })
  })
})
