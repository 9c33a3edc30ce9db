import { type APIRequestContext, request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ReservationRecord, ResourceRecord, SlotsResponse } from '../../src/contract/http.js'

import { wallTimeOf } from '../../src/admin/calendar/as-of-time.js'
import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { ADMIN, type Browser, openBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { TIMEZONE } from './support/rest.js'

const MINUTE = 60_000
const STAFF = { email: 'staff@example.com', password: 'demo1234' }

/**
 * Issue 34, defect 2: the past calendar showed an owner-mode staff member everyone's bookings,
 * with the guests' names. Jonas Keller (staff, owning only his own practitioner lane) looks at
 * a day as of an instant when both his lane and Anna Weber's held a booking: he sees his own,
 * as the live calendar shows him, and nothing of Anna's.
 */
describe('the past calendar of owner-mode staff', () => {
  let browser: Browser
  let admin: APIRequestContext

  beforeAll(async () => {
    browser = await openBrowser()
    admin = await request.newContext({ baseURL: browser.baseURL })
    expect((await admin.post('/api/users/login', { data: ADMIN })).ok()).toBe(true)
    const { page } = browser
    await page.goto('/admin/login')
    await page.locator('#field-email').fill(STAFF.email)
    await page.locator('#field-password').fill(STAFF.password)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL((url) => !url.pathname.endsWith('/login'))
  })

  afterAll(async () => {
    await admin?.dispose()
    await browser?.close()
  })

  const adminGet = async <T>(path: string): Promise<T> => {
    const response = await admin.get(`/api${path}`)
    expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200)
    return (await response.json()) as T
  }

  const adminSend = async (method: 'PATCH' | 'POST', path: string, data: unknown): Promise<ReservationRecord> => {
    const response = await admin.fetch(`/api${path}`, { data, method })
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
    return ((await response.json()) as { doc: ReservationRecord }).doc
  }

  /** A day ahead with a free consultation on both lanes, and those starts. */
  const dayFreeOnBoth = async (lanes: ResourceRecord[], service: number | string) => {
    const today = todayIn(TIMEZONE)
    for (let date = addCalendarDays(today, 30); date <= addCalendarDays(today, 60); date = addCalendarDays(date, 1)) {
      const starts = await Promise.all(
        lanes.map(async (lane) => (await adminGet<SlotsResponse>(`/reserve/slots?date=${date}&resource=${lane.id}&service=${service}`)).slots[0]?.start),
      )
      if (starts.every((start) => start !== undefined)) {
        return { date, starts: starts as string[] }
      }
    }
    throw new Error('no day with a free consultation on both lanes')
  }

  it("shows him his own lane's bookings as they were, and nothing of another practitioner's", async () => {
    const { page } = browser
    const { docs: resources } = await adminGet<{ docs: ResourceRecord[] }>('/resources?depth=0&limit=100')
    const { docs: services } = await adminGet<{ docs: { id: number | string; name: string }[] }>('/services?depth=0&limit=100')
    const anna = resources.find((resource) => resource.name === 'Anna Weber')!
    const jonas = resources.find((resource) => resource.name === 'Jonas Keller')!
    const consultation = services.find((service) => service.name === 'Consultation')!
    expect(anna && jonas && consultation).toBeTruthy()

    const { date, starts } = await dayFreeOnBoth([anna, jonas], consultation.id)
    const annas = await adminSend('POST', '/reservations', {
      guest: { email: 'greta.past@example.test', name: 'Greta Past' },
      resource: anna.id,
      service: consultation.id,
      startTime: starts[0],
    })
    const his = await adminSend('POST', '/reservations', {
      guest: { email: 'paul.past@example.test', name: 'Paul Past' },
      resource: jonas.id,
      service: consultation.id,
      startTime: starts[1],
    })
    // The control takes whole minutes: look from the next minute, and cancel only after it.
    const asOf = Math.ceil((Date.now() + 1) / MINUTE) * MINUTE
    await page.waitForTimeout(Math.max(0, asOf - Date.now() + 1_500))
    await adminSend('PATCH', `/reservations/${annas.id}`, { status: 'cancelled' })
    await adminSend('PATCH', `/reservations/${his.id}`, { status: 'cancelled' })

    // The live calendar shows him his own booking (cancelled now) and not Anna's.
    await openCalendar(page, { date, view: 'lanes' })
    await page.locator(`.rl-block[data-reservation-id="${his.id}"][data-status="cancelled"]`).waitFor()
    expect(await page.locator(`.rl-block[data-reservation-id="${annas.id}"]`).count()).toBe(0)

    await page.getByRole('button', { exact: true, name: 'View as of…' }).click()
    await page.locator('.rl-as-of__input').fill(wallTimeOf(asOf, TIMEZONE))
    await page.getByRole('button', { exact: true, name: 'Show' }).click()
    const banner = page.locator('.rl-as-of-banner')
    await banner.waitFor()
    expect(await banner.getAttribute('data-as-of')).toBe(new Date(asOf).toISOString())
    const then = page.locator(`.rl-calendar__body:not([data-loading]) .rl-grid__column[data-resource-id="${jonas.id}"] .rl-block[data-reservation-id="${his.id}"]`)
    await then.waitFor()
    expect(await then.getAttribute('data-status')).toBe('pending')
    expect(await page.locator(`.rl-block[data-reservation-id="${annas.id}"]`).count()).toBe(0)
    expect(await page.locator(`.rl-grid__column[data-resource-id="${anna.id}"] .rl-block`).count()).toBe(0)
    expect(await page.locator('.rl-calendar').textContent()).not.toContain('Greta')
    await then.scrollIntoViewIfNeeded()
    await browser.screenshot('calendar-as-of-owner-mode')
  })
})
