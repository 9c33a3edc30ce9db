import type { Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ReservationRecord, ResourceRecord } from '../../src/contract/http.js'

import { localDateOf, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { type Browser, logIn, openBrowser, STAFF } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { separateFreeTimes } from './support/free-times.js'
import { switchLanguage } from './support/language.js'
import { rest, type Rest, TIMEZONE } from './support/rest.js'

const DAY = 86_400_000
const en = translations.en.reserveLedger
const ar = translations.ar.reserveLedger

/** One run's guest: a surname no other file's data has, typed in part and in lower case. */
const TAG = Date.now().toString(36)
const GUEST = { email: `zelda.${TAG}@example.test`, name: `Zelda Quistorp${TAG}`, phone: '+49 170 5550123' }
const TYPED = `quistorp${TAG}`

/** Days from today (in the plugin's zone) to `date`, for the free-time search to start after it. */
const offsetOf = (date: string): number => Math.round((Date.parse(date) - Date.parse(todayIn(TIMEZONE))) / DAY)

/** The reservation ids the open search lists in a group (`ahead` or `behind`), in order. */
const listed = (page: Page, group: 'ahead' | 'behind'): Promise<string[]> =>
  page
    .locator(`.rl-search__group[data-group="${group}"] .rl-search__hit`)
    .evaluateAll((hits) => hits.map((hit) => hit.getAttribute('data-reservation-id') ?? ''))

/** Types into the calendar's search box as a person would, after reaching it with "/", and waits for the answer. */
const search = async (page: Page, text: string): Promise<void> => {
  // Somewhere on the page that takes no key itself (a click on the grid would book).
  await page.locator('.rl-calendar__heading').click()
  await page.keyboard.press('/')
  expect(await page.evaluate(() => document.activeElement?.classList.contains('rl-search__input'))).toBe(true)
  await page.keyboard.type(text)
  await page.locator('.rl-search__results:not([aria-busy="true"])').waitFor()
}

/**
 * Issue 34: a receptionist finds a customer's next booking from the calendar and jumps to it.
 * The guest Zelda has a cancelled booking with Jonas Keller soonest, then her next one with
 * Anna Weber, then a later one with Jonas again.
 */
describe('searching the calendar for a booking', () => {
  let browser: Browser
  let api: Rest
  let anna: ResourceRecord
  let jonas: ResourceRecord
  const booked: Record<'cancelled' | 'later' | 'next', ReservationRecord> = {} as never

  beforeAll(async () => {
    browser = await openBrowser()
    await logIn(browser.page)
    api = rest(browser.page)
    const resources = await api.resources()
    anna = resources.find((resource) => resource.name === 'Anna Weber')!
    jonas = resources.find((resource) => resource.name === 'Jonas Keller')!
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')!
    expect(anna && jonas && consultation, 'the seeded practitioners and their consultation').toBeTruthy()

    const book = async (resource: ResourceRecord, fromOffset: number) => {
      const { starts } = await separateFreeTimes(api, { count: 1, fromOffset, resource: resource.id, service: consultation.id })
      expect(starts.length, `a free consultation of ${resource.name}`).toBeGreaterThan(0)
      const response = await browser.page.request.post('/api/reservations', {
        data: { guest: GUEST, resource: resource.id, service: consultation.id, startTime: starts[0].start },
      })
      expect(response.status(), await response.text()).toBe(201)
      return ((await response.json()) as { doc: ReservationRecord }).doc
    }
    const day = (reservation: ReservationRecord) => localDateOf(Date.parse(reservation.startTime), TIMEZONE)
    booked.cancelled = await book(jonas, 1)
    booked.next = await book(anna, offsetOf(day(booked.cancelled)) + 1)
    booked.later = await book(jonas, offsetOf(day(booked.next)) + 1)
    const cancel = await browser.page.request.patch(`/api/reservations/${booked.cancelled.id}`, { data: { status: 'cancelled' } })
    expect(cancel.status(), await cancel.text()).toBe(200)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it("finds a guest's next booking first by part of her name, and jumping lands on its day with it ringed", async () => {
    const { page } = browser
    const today = todayIn(TIMEZONE)
    await openCalendar(page, { date: today, view: 'week' })
    await search(page, TYPED)

    expect(await listed(page, 'ahead')).toEqual([booked.next.id, booked.later.id])
    expect(await listed(page, 'behind')).toEqual([booked.cancelled.id])
    const first = page.locator('.rl-search__hit').first()
    const startsAt = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: TIMEZONE })
    expect(await first.innerText()).toContain(GUEST.name)
    expect(await first.innerText()).toContain(startsAt.format(new Date(booked.next.startTime)))
    expect(await first.innerText()).toContain('Anna Weber')
    expect(await page.locator('.rl-search__heading').allTextContents()).toEqual([en.searchAhead, en.searchBehind])
    await browser.screenshot('calendar-search')

    // Enter takes the next booking: the week of its day, the booking ringed and focused.
    await page.keyboard.press('Enter')
    const date = localDateOf(Date.parse(booked.next.startTime), TIMEZONE)
    await page.waitForURL((url) => url.searchParams.get('date') === date && url.searchParams.get('view') === 'week')
    const block = page.locator(`.rl-calendar__body:not([data-loading]) .rl-block[data-reservation-id="${booked.next.id}"][data-highlighted]`)
    await block.waitFor()
    expect(await block.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await page.locator('.rl-search__results').count()).toBe(0)
    expect(await block.isVisible()).toBe(true)
    await browser.screenshot('calendar-search-jumped')

    // Enter on the ringed booking opens it.
    await page.keyboard.press('Enter')
    await page.getByText(GUEST.email).first().waitFor()
  })

  it('finds a registered customer by part of the phone number on their account', async () => {
    const { page } = browser
    await openCalendar(page, { date: todayIn(TIMEZONE), view: 'day' })
    await search(page, '7654321')
    const hits = page.locator('.rl-search__hit')
    expect(await hits.count()).toBeGreaterThan(0)
    for (const text of await hits.allInnerTexts()) {
      expect(text).toContain('Lukas Fischer')
    }
  })

  it("does not find another practitioner's booking for owner-mode staff", async () => {
    const staff = await openBrowser()
    try {
      await logIn(staff.page, STAFF)
      await openCalendar(staff.page, { date: todayIn(TIMEZONE), view: 'week' })
      await search(staff.page, TYPED)
      // Jonas reads only his own lane's bookings: Zelda's with Anna is not there.
      expect(await listed(staff.page, 'ahead')).toEqual([booked.later.id])
      expect(await listed(staff.page, 'behind')).toEqual([booked.cancelled.id])
      expect(await staff.page.locator('.rl-search__results').innerText()).not.toContain('Anna Weber')
      await staff.screenshot('calendar-search-owner-mode')
    } finally {
      await staff.close()
    }
  })

  it('works in Arabic on a phone: the list fits the screen and a tap lands on the booking', async () => {
    const phone = await openBrowser({ phone: true })
    try {
      const { page } = phone
      await logIn(page)
      await switchLanguage(page, 'العربية', 'ar')
      await openCalendar(page, { date: todayIn(TIMEZONE), view: 'week' })
      const box = page.locator('.rl-search__input')
      expect(await box.getAttribute('placeholder')).toBe(ar.searchPlaceholder)
      await box.tap()
      await page.keyboard.type(TYPED)
      await page.locator('.rl-search__results:not([aria-busy="true"])').waitFor()
      expect(await listed(page, 'ahead')).toEqual([booked.next.id, booked.later.id])
      expect(await page.locator('.rl-search__heading').allTextContents()).toEqual([ar.searchAhead, ar.searchBehind])
      const list = (await page.locator('.rl-search__results').boundingBox())!
      expect(list.x).toBeGreaterThanOrEqual(0)
      expect(list.x + list.width).toBeLessThanOrEqual(390)
      await phone.screenshot('ar-calendar-search-phone')

      await page.locator(`.rl-search__hit[data-reservation-id="${booked.later.id}"]`).tap()
      const block = page.locator(`.rl-calendar__body:not([data-loading]) .rl-block[data-reservation-id="${booked.later.id}"][data-highlighted]`)
      await block.waitFor()
      expect(await block.isVisible()).toBe(true)
      await phone.screenshot('ar-calendar-search-phone-jumped')
      // The account's language back to English for the files after this one.
      await switchLanguage(page, 'English', 'en')
    } finally {
      await phone.close()
    }
  })
})
