import type { Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ReservationRecord, ResourceRecord } from '../../src/contract/http.js'

import { addCalendarDays, startOfWeek } from '../../src/admin/shared/calendar-dates.js'
import { resourceColour } from '../../src/admin/shared/resource-colour.js'
import { translations } from '../../src/translations/index.js'
import { annaConsultations } from './support/anna-consultations.js'
import { type Browser, logIn, openBrowser, useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { sidewaysOverflow } from './support/phone.js'
import { rest } from './support/rest.js'

const en = translations.en.reserveLedger
const ar = translations.ar.reserveLedger

/** `rgb(31, 119, 180)`: a `#rrggbb` colour as the browser reports a computed one. */
const rgb = (hex: string): string =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`

/** The dates of the grid's columns, in order. */
const columnDates = (page: Page): Promise<(null | string)[]> =>
  page.locator('.rl-grid__column').evaluateAll((columns) => columns.map((column) => column.getAttribute('data-date')))

/** The colour key's entries: each resource's id, name and the colour of its dot. */
const colourKey = (page: Page) =>
  page.locator('.rl-resource-key__entry').evaluateAll((entries) =>
    entries.map((entry) => ({
      colour: getComputedStyle(entry.querySelector('.rl-resource-dot')!).backgroundColor,
      id: entry.getAttribute('data-resource-id'),
      name: (entry as HTMLElement).innerText.trim(),
    })),
  )

const expectedKey = (resources: ResourceRecord[]) =>
  resources.map((resource) => ({ colour: rgb(resourceColour(resource)!), id: String(resource.id), name: resource.name }))

/** The key sits above the grid: it never covers the time it explains. */
const expectKeyAboveGrid = async (page: Page) => {
  const key = (await page.locator('.rl-resource-key').boundingBox())!
  const grid = (await page.locator('.rl-grid').boundingBox())!
  expect(key.y + key.height).toBeLessThanOrEqual(grid.y)
}

describe('the calendar on a phone (390×844, touch)', () => {
  let phone: Browser | undefined
  const booked: string[] = []
  /** The day the second test booked on, which the Arabic test opens. */
  let bookedOn = ''
  beforeAll(async () => {
    phone = await openBrowser({ phone: true })
    await logIn(phone.page)
  })
  afterAll(async () => {
    // Later files look for free times: leave none of this file's bookings behind.
    for (const id of booked) {
      await phone?.page.request.post('/api/reserve/cancel', { data: { reservationId: id } })
    }
    await phone?.close()
  })

  it('shows three days from the date without scrolling sideways, pages by three, and keys each colour to its resource', async () => {
    const { page } = phone!
    const api = rest(page)
    const { date } = await annaConsultations(page, { count: 2, fromOffset: 3 })
    const resources = await api.resources()
    await openCalendar(page, { date, view: 'week' })
    expect(await columnDates(page)).toEqual([date, addCalendarDays(date, 1), addCalendarDays(date, 2)])
    expect(await page.locator('.rl-toolbar__mode[data-mode="week"]').innerText()).toBe(en.mode_threeDays)
    expect(await page.locator('.rl-toolbar__mode[data-mode="week"]').getAttribute('aria-pressed')).toBe('true')
    expect(await sidewaysOverflow(page)).toEqual({ grid: 0, page: 0 })
    // Each day's column is wide enough to read a booking in.
    const column = (await page.locator('.rl-grid__column').first().boundingBox())!
    expect(column.width).toBeGreaterThan(80)
    expect(await page.locator('.rl-resource-key').getAttribute('aria-label')).toBe(en.resourceColours)
    expect(await colourKey(page)).toEqual(expectedKey(resources))
    await expectKeyAboveGrid(page)
    await phone!.screenshot('phone-calendar-3-days')

    await page.getByRole('button', { exact: true, name: en.next }).click()
    await expect.poll(() => columnDates(page)).toEqual([3, 4, 5].map((days) => addCalendarDays(date, days)))
    expect(new URL(page.url()).searchParams.get('date')).toBe(addCalendarDays(date, 3))
    await page.getByRole('button', { exact: true, name: en.previous }).click()
    await expect.poll(() => columnDates(page)).toEqual([0, 1, 2].map((days) => addCalendarDays(date, days)))
  })

  it('books a free time with quick-create, shows another user’s booking live, and opens a booking from the three days', async () => {
    const { page } = phone!
    const api = rest(page)
    const { anna, consultation, date, starts } = await annaConsultations(page, { count: 2, fromOffset: 3 })
    bookedOn = date
    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    expect(await colourKey(page)).toEqual(expectedKey([anna]))
    const column = page.locator(`.rl-grid__column[data-date="${date}"]`)

    // Quick-create from a free time of the three days, inside the phone's screen.
    const cell = column.locator(`.rl-grid__cell[data-start="${starts[0].start}"]`)
    await cell.scrollIntoViewIfNeeded()
    await cell.click()
    const quick = page.locator('.rl-quick[data-placed]')
    await quick.waitFor()
    const box = (await quick.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await quick.locator('select').selectOption({ label: 'Consultation' })
    await quick.locator('.rl-customer-field__input').fill('Mia')
    await quick.locator('.rl-customer-field__hit', { hasText: 'Mia Schneider' }).click()
    await quick.getByRole('button', { exact: true, name: en.quickBook }).click()
    await page.locator('.rl-quick').waitFor({ state: 'detached', timeout: 20_000 })
    const [mine] = await api.reservations({ and: [{ resource: { equals: anna.id } }, { startTime: { equals: starts[0].start } }] })
    expect(mine, 'the booking quick-create made').toBeTruthy()
    booked.push(mine.id)
    await column.locator(`.rl-block[data-reservation-id="${mine.id}"]`).waitFor({ timeout: 20_000 })

    // Another user's booking appears without a reload.
    const response = await page.request.post('/api/reservations', {
      data: { guest: { email: 'phone@example.com', name: 'Phone Live' }, resource: anna.id, service: consultation.id, startTime: starts[1].start },
    })
    expect(response.status()).toBe(201)
    const theirs = ((await response.json()) as { doc: ReservationRecord }).doc
    booked.push(theirs.id)
    const block = column.locator(`.rl-block[data-reservation-id="${theirs.id}"]`)
    await block.waitFor({ timeout: 5_000 })
    expect(await sidewaysOverflow(page)).toEqual({ grid: 0, page: 0 })
    await phone!.screenshot('phone-calendar-3-days-booked')

    await block.scrollIntoViewIfNeeded()
    await block.click()
    const drawer = page.locator('.rl-reservation-drawer')
    await drawer.waitFor()
    await expect.poll(() => drawer.innerText()).toContain('Phone Live')
    await phone!.screenshot('phone-calendar-booking-open')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
  })

  it('in Arabic, right to left: three days, no sideways scroll, the colour key named in Arabic, and a booking opens', async () => {
    const { page } = phone!
    const api = rest(page)
    const date = bookedOn
    const resources = await api.resources()
    // The booking the earlier test made on this day.
    const shown = booked[1]
    expect(shown, 'a booking of the earlier test').toBeDefined()
    await switchLanguage(page, 'العربية', 'ar')
    try {
      await openCalendar(page, { date, view: 'week' })
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.rl-grid')!).direction)).toBe('rtl')
      expect(await columnDates(page)).toEqual([date, addCalendarDays(date, 1), addCalendarDays(date, 2)])
      expect(await page.locator('.rl-toolbar__mode[data-mode="week"]').innerText()).toBe(ar.mode_threeDays)
      expect(await sidewaysOverflow(page)).toEqual({ grid: 0, page: 0 })
      expect(await page.locator('.rl-resource-key').getAttribute('aria-label')).toBe(ar.resourceColours)
      expect(await colourKey(page)).toEqual(expectedKey(resources))
      await expectKeyAboveGrid(page)
      // The first of the three days is at the right, where Arabic starts reading.
      const [first, last] = await Promise.all([
        page.locator(`.rl-grid__column[data-date="${date}"]`).boundingBox(),
        page.locator(`.rl-grid__column[data-date="${addCalendarDays(date, 2)}"]`).boundingBox(),
      ])
      expect(first!.x).toBeGreaterThan(last!.x)
      await phone!.screenshot('ar-phone-calendar-3-days')
      const block = page.locator(`.rl-grid__column[data-date="${date}"] .rl-block[data-reservation-id="${shown}"]`)
      await block.scrollIntoViewIfNeeded()
      await block.click()
      await page.locator('.rl-reservation-drawer').waitFor()
      await phone!.screenshot('ar-phone-calendar-booking-open')
      await page.keyboard.press('Escape')
    } finally {
      await switchLanguage(page, 'English', 'en')
    }
  })
})

describe('the calendar on a desktop, unchanged but for the colour key', () => {
  const browser = useLoggedInBrowser()

  it('shows the whole week from its first day, with the colour key above the grid', async () => {
    const { page } = browser()
    const api = rest(page)
    const { date } = await annaConsultations(page, { count: 2, fromOffset: 3 })
    const resources = await api.resources()
    await openCalendar(page, { date, view: 'week' })
    const first = startOfWeek(date)
    expect(await columnDates(page)).toEqual([0, 1, 2, 3, 4, 5, 6].map((days) => addCalendarDays(first, days)))
    expect(await page.locator('.rl-toolbar__mode[data-mode="week"]').innerText()).toBe(en.mode_week)
    expect(await colourKey(page)).toEqual(expectedKey(resources))
    await expectKeyAboveGrid(page)
    await page.getByRole('button', { exact: true, name: en.next }).click()
    await expect.poll(() => columnDates(page)).toEqual([7, 8, 9, 10, 11, 12, 13].map((days) => addCalendarDays(first, days)))
    await page.getByRole('button', { exact: true, name: en.previous }).click()
    await expect.poll(() => columnDates(page)).toEqual([0, 1, 2, 3, 4, 5, 6].map((days) => addCalendarDays(first, days)))
    await browser().screenshot('calendar-week-resource-key')
  })
})
