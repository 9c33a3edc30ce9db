import type { Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localDateOf, startOfWeek } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { type Browser, logIn, openBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { waitForWidget } from './support/dashboard.js'
import { switchLanguage } from './support/language.js'
import { rest, TIMEZONE } from './support/rest.js'

const direction = (page: Page): Promise<string> => page.evaluate(() => document.documentElement.dir.toLowerCase())

/** The horizontal centres of elements, in document order. */
const centres = (page: Page, selector: string): Promise<number[]> =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { left, width } = element.getBoundingClientRect()
      return left + width / 2
    }),
  )

describe('admin languages', () => {
  let browser: Browser
  let page: Page
  let weekDate: string

  beforeAll(async () => {
    browser = await openBrowser()
    page = browser.page
    await logIn(page)
    const [next] = await rest(page).reservations({ startTime: { greater_than: new Date().toISOString() } })
    weekDate = localDateOf(Date.parse(next.startTime), TIMEZONE)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('lays the calendar, the widget and the overview out right to left in Arabic', async () => {
    const ar = translations.ar.reserveLedger
    await switchLanguage(page, 'العربية', 'ar')
    expect(await direction(page)).toBe('rtl')

    await page.goto('/admin')
    await page.locator('.rl-widget__title', { hasText: ar.widgetTitle }).waitFor()
    await waitForWidget(page)
    await browser.screenshot('ar-dashboard')

    await openCalendar(page, { date: weekDate, view: 'week' })
    expect(await page.locator('.rl-toolbar__mode[data-mode="week"]').textContent()).toBe(ar.mode_week)
    expect(await page.locator('.rl-legend').textContent()).toContain(ar.shadeTimeOff)
    // Monday is the rightmost day; each following day sits to its left.
    const days = await centres(page, '.rl-grid__column')
    expect(days).toHaveLength(7)
    expect([...days].sort((a, b) => b - a)).toEqual(days)
    expect(await page.locator('.rl-grid__column').first().getAttribute('data-date')).toBe(startOfWeek(weekDate))
    // The hour labels run down the right edge, before the first day.
    const [axis] = await centres(page, '.rl-grid__axis')
    expect(axis).toBeGreaterThan(days[0])
    await browser.screenshot('ar-calendar-week')

    await page.locator('.rl-calendar__body .rl-block').first().click()
    await page.locator('.rl-history__title', { hasText: ar.history }).waitFor()
    await page.locator('.rl-timeline__event').first().waitFor()
    await browser.screenshot('ar-reservation-drawer')

    await page.goto('/admin/reservation-availability')
    await page.locator('.rl-overview__table').waitFor()
    expect(await page.locator('.rl-overview__title').textContent()).toBe(ar.availabilityOverview)
    const columns = await centres(page, '.rl-overview__table thead th')
    expect([...columns].sort((a, b) => b - a)).toEqual(columns)
    await browser.screenshot('ar-availability-overview')
  })

  it('shows the calendar and the widget in German, left to right', async () => {
    const de = translations.de.reserveLedger
    await switchLanguage(page, 'Deutsch', 'de')
    expect(await direction(page)).toBe('ltr')

    await page.goto('/admin')
    await page.locator('.rl-widget__title', { hasText: de.widgetTitle }).waitFor()
    await waitForWidget(page)
    await browser.screenshot('de-dashboard')

    await openCalendar(page, { date: weekDate, view: 'lanes' })
    expect(await page.locator('.rl-toolbar__mode[data-mode="lanes"]').textContent()).toBe(de.mode_lanes)
    const lanes = await centres(page, '.rl-grid__column')
    expect([...lanes].sort((a, b) => a - b)).toEqual(lanes)
    await browser.screenshot('de-calendar-lanes')
  })
})

describe('dark theme', () => {
  it("draws the calendar and the widget with Payload's dark theme colours", async () => {
    const browser = await openBrowser({ colorScheme: 'dark' })
    try {
      await logIn(browser.page)
      await browser.page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
      await waitForWidget(browser.page)
      await browser.screenshot('dark-dashboard')
      await openCalendar(browser.page, { view: 'week' })
      const background = await browser.page
        .locator('.rl-toolbar__mode[aria-pressed="false"]')
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor)
      // A dark surface: every channel of the unpressed mode button is low.
      const channels = (background.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number)
      expect(Math.max(...channels)).toBeLessThan(80)
      await browser.screenshot('dark-calendar-week')
    } finally {
      await browser.close()
    }
  })
})
