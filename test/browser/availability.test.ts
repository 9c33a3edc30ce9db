import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ResourceAvailability } from '../../src/contract/http.js'

import { addCalendarDays, datesFrom, dayBounds, startOfWeek, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { type Browser, logIn, openBrowser } from './support/browser.js'
import { sampledLoad } from './support/capacity-oracle.js'
import { rest, TIMEZONE } from './support/rest.js'

describe('availability overview', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await openBrowser()
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('sends visitors who are not logged in to the login page', async () => {
    await browser.page.goto('/admin/reservation-availability')
    await browser.page.waitForURL((url) => url.pathname === '/admin/login')
  })

  it('shows free and booked capacity of every resource on each of fourteen days, as the availability has it', async () => {
    const { page } = browser
    await logIn(page)
    const api = rest(page)
    // Reached from the admin navigation.
    await page.goto('/admin')
    await page.locator('#nav-reservation-availability').click()
    await page.waitForURL((url) => url.pathname === '/admin/reservation-availability')
    await page.locator('.rl-overview__table').waitFor()
    expect(await page.locator('.rl-overview__table tbody td').first().getAttribute('data-date')).toBe(todayIn(TIMEZONE))

    // From next Monday: two weeks that hold the vacation the seed gives Anna Weber two weeks
    // after this week's Monday.
    const first = addCalendarDays(startOfWeek(todayIn(TIMEZONE)), 7)
    await page.goto(`/admin/reservation-availability?date=${first}`)
    await page.locator('.rl-overview__table').waitFor()
    const dates = datesFrom(first, 14)
    const resources = await api.resources()
    expect(await page.locator('.rl-overview__table tbody tr').count()).toBe(resources.length)
    expect(await page.locator('.rl-overview__table thead th').count()).toBe(1 + dates.length)

    let timeOffCells = 0
    for (const resource of resources) {
      const row = page.locator(`.rl-overview__table tr[data-resource-id="${resource.id}"]`)
      const answer = await api.get<ResourceAvailability>('/reserve/resource-availability', {
        end: new Date(dayBounds(dates[dates.length - 1], TIMEZONE).end).toISOString(),
        resource: resource.id,
        start: new Date(dayBounds(dates[0], TIMEZONE).start).toISOString(),
      })
      for (const date of dates) {
        const day = dayBounds(date, TIMEZONE)
        const expected = sampledLoad(answer, day.start, day.end)
        const cell = row.locator(`td[data-date="${date}"]`)
        if (expected.capacity === 0) {
          const off = answer.days.some((entry) =>
            entry.timeOff.some((range) => Date.parse(range.start) < day.end && Date.parse(range.end) > day.start),
          )
          expect(
            await cell.locator(`.rl-overview__state--${off ? 'time-off' : 'closed'}`).count(),
            `${resource.name} ${date}`,
          ).toBe(1)
          timeOffCells += off ? 1 : 0
        } else {
          const load = cell.locator('.rl-overview__load')
          expect(Number(await load.getAttribute('data-capacity')), `${resource.name} ${date}`).toBeCloseTo(
            expected.capacity,
            6,
          )
          expect(Number(await load.getAttribute('data-used')), `${resource.name} ${date}`).toBeCloseTo(expected.used, 6)
        }
      }
    }
    expect(timeOffCells).toBe(5)
    await browser.screenshot('availability-overview', { fullPage: true })

    // A day of a resource opens that day's lanes in the calendar.
    const open = page.locator('.rl-overview__load').first()
    const date = await open.evaluate((link) => link.closest('td')?.getAttribute('data-date'))
    await open.click()
    await page.waitForURL((url) => url.searchParams.get('view') === 'lanes' && url.searchParams.get('date') === date)
    await page.locator('.rl-grid').waitFor()
  })
})
