import type { Locator } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { ReservationRecord } from '../../src/contract/http.js'

import { addCalendarDays, dayBounds, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { rest, TIMEZONE } from './support/rest.js'

const PURPLE = '#8e44ad'
const PURPLE_RGB = 'rgb(142, 68, 173)'

const colourOf = (dot: Locator): Promise<string> => dot.evaluate((element) => getComputedStyle(element).backgroundColor)

describe('a colour per resource', () => {
  const browser = useLoggedInBrowser()

  it("marks a resource's lane and bookings with its colour in the lanes, week, month and pending views", async () => {
    const { page } = browser()
    const api = rest(page)
    const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
    expect(anna).toBeTruthy()
    const patched = await page.request.patch(`/api/resources/${anna!.id}`, { data: { color: PURPLE } })
    expect(patched.status()).toBe(200)
    const refused = await page.request.patch(`/api/resources/${anna!.id}`, { data: { color: 'purple' } })
    expect(refused.status()).toBe(400)

    // A booking of Anna's of its own, on a day weeks ahead that the suite's other files leave
    // quiet: on a crowded day the month view folds entries into "+ more".
    const services = await api.services()
    let hers: ReservationRecord | undefined
    let date = ''
    search: for (let days = 75; days < 120; days++) {
      date = addCalendarDays(todayIn(TIMEZONE), days)
      for (const service of services) {
        const startTime = new Date(dayBounds(date, TIMEZONE).start + 10 * 3_600_000).toISOString()
        const response = await page.request.post('/api/reservations', {
          data: { guest: { email: 'colour@example.com', name: 'Colour Check' }, resource: anna!.id, service: service.id, startTime },
        })
        if (response.status() === 201) {
          hers = ((await response.json()) as { doc: ReservationRecord }).doc
          break search
        }
      }
    }
    expect(hers, 'a booking of Anna\'s').toBeTruthy()

    await openCalendar(page, { date, view: 'lanes' })
    const lane = page.locator(`.rl-grid__head .rl-resource-dot[data-resource-id="${anna!.id}"]`)
    expect(await colourOf(lane)).toBe(PURPLE_RGB)
    const block = page.locator(`.rl-block[data-reservation-id="${hers!.id}"] .rl-resource-dot`).first()
    expect(await colourOf(block)).toBe(PURPLE_RGB)
    await browser().screenshot('resource-colour-lanes')

    for (const view of ['week', 'month'] as const) {
      await openCalendar(page, { date, view })
      const dot = page.locator(`.rl-block[data-reservation-id="${hers!.id}"] .rl-resource-dot`).first()
      expect(await colourOf(dot), view).toBe(PURPLE_RGB)
    }
    await browser().screenshot('resource-colour-month')

    // A resource without a colour of its own gets one from the palette, the same in every view.
    const chair = (await api.resources()).find((resource) => resource.name === 'Treatment chair')
    await openCalendar(page, { date, view: 'lanes' })
    const chairLane = page.locator(`.rl-grid__head .rl-resource-dot[data-resource-id="${chair!.id}"]`)
    expect(await colourOf(chairLane)).toMatch(/^rgb\(/)
    expect(await colourOf(chairLane)).not.toBe(PURPLE_RGB)

    await page.goto(`/admin/collections/resources/${anna!.id}`)
    // A colour off the palette shows in the browser's picker, no swatch pressed.
    const other = page.locator('.rl-colour-field__other')
    await expect.poll(() => other.inputValue(), { timeout: 15_000 }).toBe(PURPLE)
    expect(await page.locator('.rl-colour-field__swatch[aria-pressed="true"]').count()).toBe(0)
    await browser().screenshot('resource-colour-field')
    await page.request.patch(`/api/resources/${anna!.id}`, { data: { color: null } })
    await page.request.post('/api/reserve/cancel', { data: { reservationId: hers!.id } })
  })
})
