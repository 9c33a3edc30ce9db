import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localDateOf } from '../../src/admin/shared/calendar-dates.js'
import { relatedId } from '../../src/admin/shared/related.js'
import { type Browser, logIn, openBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { type DevApp, serveDevApp } from './support/dev-app.js'
import { rest, TIMEZONE } from './support/rest.js'

/**
 * `components: { reservationDetail: false }`: the same build, served with the dev config's
 * RESERVE_RESERVATION_DETAIL=form over a database of its own, so the shared app keeps the drawer.
 */
describe('the calendar with reservationDetail: false', () => {
  let app: DevApp
  let browser: Browser

  beforeAll(async () => {
    app = await serveDevApp({ RESERVE_RESERVATION_DETAIL: 'form' })
    browser = await openBrowser({ baseURL: app.baseURL })
    await logIn(browser.page)
  })

  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it("opens Payload's edit form of the reservation clicked, not the plugin's drawer", async () => {
    const { page } = browser
    const [reservation] = await rest(page).reservations({ startTime: { greater_than: new Date().toISOString() } })
    expect(reservation, 'a seeded reservation still to come').toBeDefined()
    const date = localDateOf(Date.parse(reservation.startTime), TIMEZONE)
    await openCalendar(page, { date, resource: String(relatedId(reservation.resource)), view: 'day' })
    await page.locator(`.rl-block[data-reservation-id="${reservation.id}"]`).click()

    await page.waitForURL((url) => url.pathname === `/admin/collections/reservations/${reservation.id}`)
    // The form of that reservation: its service and resource by name, its status.
    const api = rest(page)
    const service = (await api.services()).find(({ id }) => id === relatedId(reservation.service))
    const resource = (await api.resources()).find(({ id }) => id === relatedId(reservation.resource))
    await page.locator('#field-service', { hasText: service!.name }).waitFor()
    await page.locator('#field-resource', { hasText: String(resource!.name) }).waitFor()
    // The select shows the status by its label ("Pending" for `pending`).
    expect((await page.locator('#field-status').textContent())?.toLowerCase()).toContain(reservation.status)
    expect(await page.locator('#action-save').count()).toBe(1)
    expect(await page.locator('.rl-reservation-drawer').count()).toBe(0)
    await browser.screenshot('calendar-detail-form')
  })
})
