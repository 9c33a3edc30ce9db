import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { Page as Docs, ReservationRecord, SlotsResponse } from '../../src/contract/http.js'

import { wallTimeOf } from '../../src/admin/calendar/as-of-time.js'
import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { ADMIN, useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

const MINUTE = 60_000

/** How the history writes an instant in English: weekday, day, month and time in the plugin's zone. */
const spoken = (iso: string): string =>
  new Intl.DateTimeFormat('en-u-ca-gregory', {
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    month: 'short',
    timeZone: TIMEZONE,
    weekday: 'short',
  }).format(new Date(iso))

/** The first free consultation start of a resource from the day after `after` on, and its date. */
const freeStart = async (api: Rest, resource: number | string, service: number | string, after: string) => {
  for (let date = addCalendarDays(after, 1); date <= addCalendarDays(after, 21); date = addCalendarDays(date, 1)) {
    const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource, service })
    if (slots[0]) {
      return { date, start: slots[0].start }
    }
  }
  throw new Error(`no free consultation of resource ${resource} after ${after}`)
}

const send = async (page: Page, token: string, method: 'PATCH' | 'POST', path: string, data: unknown) => {
  const response = await page.request.fetch(`/api${path}`, { data, headers: { Authorization: `JWT ${token}` }, method })
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
  return (await response.json()) as { doc: ReservationRecord }
}

describe('audit: what changed, and the calendar as it was', () => {
  const browser = useLoggedInBrowser()

  it('tells a move in words in the drawer, and shows a since-cancelled booking as of before its cancel', async () => {
    const { page } = browser()
    const api = rest(page)
    const token = ((await (await page.request.post('/api/users/login', { data: ADMIN })).json()) as { token: string }).token
    const resources = await api.resources()
    const anna = resources.find((resource) => resource.name === 'Anna Weber')!
    const jonas = resources.find((resource) => resource.name === 'Jonas Keller')!
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')!
    const customerNamed = async (name: string) =>
      (await api.get<Docs<{ id: number | string }>>('/customers', { where: { name: { equals: name } } })).docs[0]
    const [customer, mia] = [await customerNamed('Lukas Fischer'), await customerNamed('Mia Schneider')]
    expect(anna && jonas && consultation && customer && mia).toBeTruthy()

    const first = await freeStart(api, anna.id, consultation.id, todayIn(TIMEZONE))
    const second = await freeStart(api, jonas.id, consultation.id, first.date)
    const { doc } = await send(page, token, 'POST', '/reservations', {
      customer: customer.id,
      resource: anna.id,
      service: consultation.id,
      startTime: first.start,
    })
    await send(page, token, 'PATCH', `/reservations/${doc.id}`, { guestCount: 2, resource: jonas.id, startTime: second.start })
    await send(page, token, 'PATCH', `/reservations/${doc.id}`, { customer: mia.id, notes: 'Prefers mornings (browser test)' })
    // The control takes whole minutes: look from the next minute, and cancel only after it.
    const asOf = Math.ceil((Date.now() + 1) / MINUTE) * MINUTE
    await page.waitForTimeout(Math.max(0, asOf - Date.now() + 1_500))

    await openCalendar(page, { date: second.date, view: 'lanes' })
    await page.locator(`.rl-block[data-reservation-id="${doc.id}"]`).click()
    const drawer = page.locator('.rl-reservation-drawer')
    const moved = drawer.locator('.rl-timeline__event[data-event-type="ReservationRescheduled"]')
    await moved.waitFor()
    await moved.locator('.rl-timeline__what', { hasText: 'Jonas Keller' }).waitFor()
    // Node's and Chromium's ICU may space "10:00 AM" differently.
    const plain = (text: null | string) => (text ?? '').replace(/\s/g, ' ')
    expect(plain(await moved.locator('.rl-timeline__what').textContent())).toBe(
      plain(`Moved from ${spoken(first.start)} to ${spoken(second.start)} (Anna Weber → Jonas Keller)`),
    )
    expect(await moved.locator('.rl-timeline__changes').textContent()).toBe('Guests 1 → 2')
    // Issue 13, defect 10: a details change says which details, not "Details changed".
    const details = drawer.locator('.rl-timeline__event[data-event-type="ReservationDetailsUpdated"]')
    await details.locator('.rl-timeline__what', { hasText: 'Mia Schneider' }).waitFor()
    expect(await details.locator('.rl-timeline__what').textContent()).toBe('Customer: Lukas Fischer → Mia Schneider')
    expect(await details.locator('.rl-timeline__changes').textContent()).toBe('Notes changed')

    await drawer.getByRole('button', { exact: true, name: 'Cancel' }).click()
    await drawer.locator('.rl-status-actions__reason').fill('Lukas moved away (browser test)')
    await drawer.getByRole('button', { exact: true, name: 'Cancel reservation' }).click()
    await drawer.locator('.rl-timeline__event', { hasText: 'Pending → Cancelled' }).waitFor()
    await browser().screenshot('reservation-history-moved')
    expect((await api.reservation(doc.id)).status).toBe('cancelled')

    await openCalendar(page, { date: second.date, view: 'lanes' })
    await page.getByRole('button', { exact: true, name: 'View as of…' }).click()
    const field = page.locator('.rl-as-of__input')
    expect(await page.locator('.rl-as-of__label').textContent()).toBe(`As of (${TIMEZONE})`)
    await field.fill(wallTimeOf(asOf, TIMEZONE))
    await page.getByRole('button', { exact: true, name: 'Show' }).click()
    const banner = page.locator('.rl-as-of-banner')
    await banner.waitFor()
    expect(await banner.getAttribute('data-as-of')).toBe(new Date(asOf).toISOString())
    expect(await banner.textContent()).toContain('— read-only')
    const then = page.locator(`.rl-calendar__body:not([data-loading]) .rl-block[data-reservation-id="${doc.id}"]`)
    await then.waitFor()
    expect(await then.getAttribute('data-status')).toBe('pending')
    expect(await page.locator(`.rl-grid__column[data-resource-id="${jonas.id}"] .rl-block[data-reservation-id="${doc.id}"]`).count()).toBe(1)
    // Read-only: no free time to click into, no create button, and a block opens nothing.
    expect(await page.locator('.rl-grid__cell').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'New reservation' }).count()).toBe(0)
    await then.click()
    await page.waitForTimeout(500)
    expect(await page.locator('.rl-reservation-drawer__content').count()).toBe(0)
    await browser().screenshot('calendar-as-of')

    await banner.getByRole('button', { name: 'Back to now' }).click()
    await banner.waitFor({ state: 'detached' })
    await page.locator(`.rl-block[data-reservation-id="${doc.id}"][data-status="cancelled"]`).waitFor()
  })
})
