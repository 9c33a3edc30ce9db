import type { Locator, Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { rest, TIMEZONE } from './support/rest.js'

/** Where each of `blocks` is on the page, rounded to pixels. */
const boxes = async (blocks: Locator) =>
  Promise.all(
    (await blocks.all()).map(async (block) => {
      const box = (await block.boundingBox())!
      return { left: Math.round(box.x), right: Math.round(box.x + box.width), top: Math.round(box.y) }
    }),
  )

/** Whether the first letter of a label's text is inside its box: not cut off by its ellipsis. */
const startShown = (label: Locator): Promise<boolean> =>
  label.evaluate((element) => {
    // The admin may act on these holds: the name is in the label's button.
    const host = element.querySelector('.rl-hold__open') ?? element
    const text = [...host.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!
    const range = document.createRange()
    range.setStart(text, 0)
    range.setEnd(text, 1)
    const [letter, box] = [range.getBoundingClientRect(), element.getBoundingClientRect()]
    return letter.left >= box.left - 0.5 && letter.right <= box.right + 0.5
  })

/** A hold's label without its expiry (` · until 10:42`), which the admin sees on the holds it may act on. */
const withoutExpiry = (label: string, language: 'ar' | 'en'): string =>
  label.split(` · ${translations[language].reserveLedger.heldUntil.split('{{time}}')[0]}`)[0]

/** The holds a day's column of the week shows. */
const holdsOn = (page: Page, date: string): Locator => page.locator(`.rl-grid__column[data-date="${date}"] .rl-hold`)

describe('holds in the week of all resources', () => {
  const browser = useLoggedInBrowser()

  it("shows every resource's holds, named by their resource and side by side, as the lanes show them", async () => {
    const { page } = browser()
    const api = rest(page)
    const resources = await api.resources()
    const anna = resources.find((resource) => resource.name === 'Anna Weber')!
    const jonas = resources.find((resource) => resource.name === 'Jonas Keller')!
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')!
    expect(anna && jonas && consultation).toBeTruthy()
    // A day ahead on which both have the same consultation time free.
    let date = ''
    let start: string | undefined
    for (let offset = 3; offset <= 28 && start === undefined; offset += 1) {
      date = addCalendarDays(todayIn(TIMEZONE), offset)
      const free = async (resource: number | string) =>
        (await api.get<SlotsResponse>('/reserve/slots', { date, resource, service: consultation.id })).slots.map((slot) => slot.start)
      const jonasFree = new Set(await free(jonas.id))
      start = (await free(anna.id)).find((time) => jonasFree.has(time))
    }
    expect(start, 'a consultation time both Anna and Jonas have free').toBeDefined()

    const holdIds: string[] = []
    for (const resource of [anna, jonas]) {
      const response = await page.request.post('/api/reserve/holds', {
        data: { guest: { email: 'basket@example.com', name: 'At Checkout' }, resource: resource.id, service: consultation.id, startTime: start },
      })
      expect(response.status(), await response.text()).toBe(201)
      holdIds.push(((await response.json()) as { holdId: string }).holdId)
    }

    await openCalendar(page, { date, view: 'week' })
    const held = holdsOn(page, date)
    await expect.poll(() => held.count()).toBe(2)
    const labels = (await held.locator('.rl-hold__label').allTextContents()).map((label) => withoutExpiry(label, 'en'))
    expect(labels.sort()).toEqual(['Anna Weber · Held at checkout', 'Jonas Keller · Held at checkout'])
    for (const label of await held.locator('.rl-hold__label').all()) {
      expect(await startShown(label)).toBe(true)
    }
    for (const block of await held.all()) {
      expect(await block.getAttribute('data-start')).toBe(new Date(start!).toISOString())
      expect(await block.getAttribute('title')).toMatch(/^\d{1,2}:\d{2}\s[AP]M–\d{1,2}:\d{2}\s[AP]M · .+ · Held at checkout · until \d{1,2}:\d{2}\s[AP]M$/)
    }
    // At the same time: side by side, the same height, neither over the other.
    const [first, second] = await boxes(held)
    expect(first.top).toBe(second.top)
    expect(first.right <= second.left || second.right <= first.left, JSON.stringify([first, second])).toBe(true)
    await held.first().scrollIntoViewIfNeeded()
    await browser().screenshot('calendar-week-holds')

    // The lanes show each in its resource's lane, unnamed there: the lane says whose it is.
    await openCalendar(page, { date, view: 'lanes' })
    for (const resource of [anna, jonas]) {
      const lane = page.locator(`.rl-grid__column[data-resource-id="${resource.id}"] .rl-hold`)
      await expect.poll(() => lane.count()).toBe(1)
      expect(withoutExpiry((await lane.locator('.rl-hold__label').textContent())!, 'en')).toBe('Held at checkout')
    }
    // Narrowed to one resource, the week shows that one's hold only.
    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    await expect.poll(() => held.count()).toBe(1)
    expect(withoutExpiry((await held.locator('.rl-hold__label').textContent())!, 'en')).toBe('Held at checkout')

    // In Arabic, right to left: named and side by side all the same.
    await switchLanguage(page, 'العربية', 'ar')
    await openCalendar(page, { date, view: 'week' })
    await expect.poll(() => held.count()).toBe(2)
    const heldAr = translations.ar.reserveLedger.heldAtCheckout
    expect((await held.locator('.rl-hold__label').allTextContents()).map((label) => withoutExpiry(label, 'ar')).sort()).toEqual(
      [`Anna Weber · ${heldAr}`, `Jonas Keller · ${heldAr}`].sort(),
    )
    const [one, other] = await boxes(held)
    expect(one.right <= other.left || other.right <= one.left).toBe(true)
    // The names read from their start, cut (if at all) at their end.
    for (const label of await held.locator('.rl-hold__label').all()) {
      expect(await startShown(label), (await label.textContent()) ?? '').toBe(true)
    }
    await held.first().scrollIntoViewIfNeeded()
    await browser().screenshot('ar-calendar-week-holds')

    // Released, they are gone from the week: later files look for free times.
    for (const holdId of holdIds) {
      expect((await page.request.delete(`/api/reserve/holds/${holdId}`, { data: {} })).status()).toBe(200)
    }
    await openCalendar(page, { date, view: 'week' })
    expect(await held.count()).toBe(0)
  })
})
