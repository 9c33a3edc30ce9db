import type { Locator, Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { Page as Docs, ResourceAvailability, ResourceRecord, SlotsResponse } from '../../src/contract/http.js'

import { translations } from '../../src/translations/index.js'
import { annaConsultations } from './support/anna-consultations.js'
import { useLoggedInBrowser } from './support/browser.js'
import { chooseQuickCustomer, openCalendar } from './support/calendar.js'
import { clock } from './support/clock.js'
import { switchLanguage } from './support/language.js'
import { expectOnScreen, sidewaysOverflow } from './support/phone.js'
import { plain } from './support/quick-create.js'
import { type Rest } from './support/rest.js'

const en = translations.en.reserveLedger

/** The hold drawn at `start` in a day's column. */
const holdAt = (page: Page, date: string, start: string): Locator =>
  page.locator(`.rl-grid__column[data-date="${date}"] .rl-hold[data-start="${new Date(start).toISOString()}"]`)

/** The holds of a resource over a day, as the calendar reads them. */
const heldOn = async (api: Rest, resource: ResourceRecord, date: string, start: string) => {
  const day = Date.parse(start)
  const answer = await api.get<ResourceAvailability>('/reserve/resource-availability', {
    end: new Date(day + 86_400_000).toISOString(),
    resource: resource.id,
    start: new Date(day - 86_400_000).toISOString(),
  })
  return answer.busy.filter((busy) => busy.hold && busy.start === new Date(start).toISOString())
}

/** A guest's hold of Anna's consultation at `start`, placed as a shop's checkout would. */
const placeGuestHold = async (page: Page, { anna, consultation, start }: { anna: ResourceRecord; consultation: { id: number | string }; start: string }) => {
  const response = await page.request.post('/api/reserve/holds', {
    data: { guest: { email: 'phone@example.com', name: 'On The Phone' }, resource: anna.id, service: consultation.id, startTime: start },
  })
  expect(response.status(), await response.text()).toBe(201)
}

describe('holds placed, released and booked from the calendar', () => {
  const browser = useLoggedInBrowser()

  it('holds a time from the quick-create popover, shows until when, books one hold and releases another', async () => {
    const { page } = browser()
    const { anna, api, consultation, date, starts } = await annaConsultations(page, { count: 2, fromOffset: 4 })
    const mia = (await api.get<Docs<{ id: number | string }>>('/customers', { where: { name: { equals: 'Mia Schneider' } } })).docs[0]
    expect(mia, 'the seeded customer').toBeTruthy()
    const [first, second] = starts.map((slot) => slot.start)

    // Hold the first time for Mia, as a receptionist on the phone would.
    const placeHold = async (start: string) => {
      await openCalendar(page, { date, resource: anna.id, view: 'week' })
      await page.locator(`.rl-grid__column[data-date="${date}"] .rl-grid__cell[data-start="${start}"]`).click()
      const quick = page.locator('.rl-quick[data-placed]')
      await quick.waitFor()
      await quick.locator('select').selectOption({ label: 'Consultation' })
      await chooseQuickCustomer(page, 'Mia Schneider', 'mia@example.com')
      const before = Date.now()
      await quick.getByRole('button', { exact: true, name: en.quickHold }).click()
      await page.locator('.rl-quick').waitFor({ state: 'detached', timeout: 20_000 })
      return before
    }
    const heldAt = await placeHold(first)
    const [held] = await heldOn(api, anna, date, first)
    expect(held, 'a hold at the time clicked').toBeTruthy()
    expect(held.mine).toBe(true)
    // The plugin's ten minutes, from the click.
    expect(Date.parse(held.expiresAt!) - heldAt).toBeGreaterThan(9 * 60_000)
    expect(Date.parse(held.expiresAt!) - heldAt).toBeLessThan(11 * 60_000)
    const until = clock(held.expiresAt!)
    const toast = page.locator('.toast-success, [data-type="success"]').filter({ hasText: 'Mia Schneider' }).first()
    await toast.waitFor({ timeout: 20_000 })
    expect(plain(await toast.innerText())).toContain(`Held until ${until}`)
    // Held, not booked.
    expect(await api.reservations({ and: [{ startTime: { equals: first } }, { status: { not_equals: 'cancelled' } }] })).toEqual([])

    // The calendar shows the hold with its expiry.
    const block = holdAt(page, date, first)
    await block.waitFor({ timeout: 20_000 })
    expect(plain(await block.locator('.rl-hold__label').innerText())).toBe(`${en.heldAtCheckout} · until ${until}`)
    await block.scrollIntoViewIfNeeded()
    await browser().screenshot('calendar-hold-expiry')

    // Its menu books it: Mia's consultation, at the held time, under the hold's id.
    await block.getByRole('button').click()
    const menu = page.locator('.rl-hold-menu[data-placed]')
    await menu.waitFor()
    expect(plain(await menu.innerText())).toContain(`Held until ${until}`)
    expect(plain(await menu.innerText())).toContain('Anna Weber')
    await browser().screenshot('calendar-hold-menu')
    await menu.getByRole('button', { exact: true, name: en.quickBook }).click()
    await page.locator('.rl-hold-menu').waitFor({ state: 'detached', timeout: 20_000 })
    const booked = await api.reservation(held.holdId!)
    expect(booked.startTime).toBe(new Date(first).toISOString())
    expect(String(booked.customer)).toBe(String(mia.id))
    expect(String(booked.service)).toBe(String(consultation.id))
    await page.locator(`.rl-grid__column[data-date="${date}"] .rl-block[data-reservation-id="${held.holdId}"]`).waitFor({ timeout: 20_000 })
    await expect.poll(() => block.count(), { timeout: 20_000 }).toBe(0)

    // The second hold is released: gone from the calendar, and the time is free again.
    await placeHold(second)
    const other = holdAt(page, date, second)
    await other.waitFor({ timeout: 20_000 })
    await other.getByRole('button').click()
    await menu.getByRole('button', { exact: true, name: en.holdRelease }).click()
    await expect.poll(() => other.count(), { timeout: 20_000 }).toBe(0)
    expect(await heldOn(api, anna, date, second)).toEqual([])
    const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource: anna.id, service: consultation.id })
    expect(slots.map((slot) => slot.start)).toContain(second)

    // Cancel the booking made here: later files look for free times.
    expect((await page.request.post('/api/reserve/cancel', { data: { reservationId: held.holdId } })).status()).toBe(200)
  })

  it('says it in German and Arabic, and releases from the menu there', async () => {
    const { page } = browser()
    const { anna, consultation, date, starts } = await annaConsultations(page, { count: 1, fromOffset: 5 })
    const start = starts[0].start
    await placeGuestHold(page, { anna, consultation, start })

    for (const [label, code] of [['Deutsch', 'de'], ['العربية', 'ar']] as const) {
      const words = translations[code].reserveLedger
      await switchLanguage(page, label, code)
      await openCalendar(page, { date, resource: anna.id, view: 'week' })
      const block = holdAt(page, date, start)
      await block.waitFor({ timeout: 20_000 })
      const prefix = words.heldUntil.split('{{time}}')[0]
      expect(await block.locator('.rl-hold__label').innerText()).toContain(`${words.heldAtCheckout} · ${prefix}`)
      await block.getByRole('button').click()
      const menu = page.locator('.rl-hold-menu[data-placed]')
      await menu.waitFor()
      expect(await menu.getByRole('heading').innerText()).toBe(words.holdMenuTitle)
      expect(await menu.innerText()).toContain(words.holdUntil.split('{{time}}')[0].trim())
      await block.scrollIntoViewIfNeeded()
      await browser().screenshot(`${code}-calendar-hold-menu`)
      if (code === 'ar') {
        await menu.getByRole('button', { exact: true, name: words.holdRelease }).click()
        await expect.poll(() => block.count(), { timeout: 20_000 }).toBe(0)
      } else {
        await page.keyboard.press('Escape')
        await page.locator('.rl-hold-menu').waitFor({ state: 'detached' })
      }
    }
    await switchLanguage(page, 'English', 'en')
  })
})

describe('a hold’s menu on a phone (390×844, touch; browser in New York, plugin in Berlin)', () => {
  const phone = useLoggedInBrowser(undefined, { phone: true })

  it('opens inside the screen with Release, Book and close in reach, and releases the hold by touch', async () => {
    const { page } = phone()
    const { anna, api, consultation, date, starts } = await annaConsultations(page, { count: 1, fromOffset: 7 })
    const mia = (await api.get<Docs<{ id: number | string }>>('/customers', { where: { name: { equals: 'Mia Schneider' } } })).docs[0]
    const start = starts[0].start
    // Staff hold it for Mia, so the menu offers Book as well as Release.
    const response = await page.request.post('/api/reserve/holds', { data: { customer: mia.id, resource: anna.id, service: consultation.id, startTime: start } })
    expect(response.status(), await response.text()).toBe(201)

    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    const block = holdAt(page, date, start)
    await block.waitFor({ timeout: 20_000 })
    await block.getByRole('button').tap()
    const menu = page.locator('.rl-hold-menu[data-placed]')
    await menu.waitFor()
    await expectOnScreen(menu, 'the hold menu')
    expect(await menu.evaluate((element) => element.scrollWidth - element.clientWidth), 'nothing in the menu cut off sideways').toBe(0)
    expect(plain(await menu.innerText())).toContain('Anna Weber')
    const release = menu.getByRole('button', { exact: true, name: en.holdRelease })
    await expectOnScreen(release, 'Release')
    await expectOnScreen(menu.getByRole('button', { exact: true, name: en.quickBook }), 'Book')
    await expectOnScreen(menu.getByRole('button', { name: en.quickClose }), 'the close button')
    expect(await sidewaysOverflow(page)).toEqual({ grid: 0, page: 0 })
    await phone().screenshot('phone-calendar-hold-menu')

    await release.tap()
    await expect.poll(() => block.count(), { timeout: 20_000 }).toBe(0)
    expect(await heldOn(api, anna, date, start)).toEqual([])
  })
})
