import type { Page } from 'playwright-core'

import { beforeAll, describe, expect, it } from 'vitest'

import type {
  ExternalBusy,
  RecordId,
  ResourceAvailability,
  ResourceRecord,
  SlotsResponse,
  TimeRange,
} from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { type Browser, logIn, openBrowser, useLoggedInBrowser } from './support/browser.js'
import { openCalendar, undrawn } from './support/calendar.js'
import { rest, TIMEZONE } from './support/rest.js'

/**
 * Time a resource is busy elsewhere comes from a calendar feed or the site's resolver, which the
 * dev app has neither of (and a local feed would be refused as a private address). So the test
 * adds it to the resource-availability answers on their way to the page, as the endpoint sends it.
 */
const addExternal = async (page: Page, resource: RecordId, external: ExternalBusy[]): Promise<void> => {
  await page.route(
    (url) => url.pathname === '/api/reserve/resource-availability',
    async (route) => {
      try {
        const url = new URL(route.request().url())
        const response = await route.fetch()
        const body = (await response.json()) as ResourceAvailability
        if (url.searchParams.get('resource') === String(resource)) {
          const [from, to] = ['start', 'end'].map((name) => Date.parse(url.searchParams.get(name) ?? ''))
          const shown = external.filter((range) => Date.parse(range.start) < to && Date.parse(range.end) > from)
          body.external = [...body.external, ...shown]
        }
        await route.fulfill({ json: body, response })
      } catch {
        // The page moved on and dropped the request.
        await route.abort().catch(() => undefined)
      }
    },
  )
}

/** Whether a click at the middle of the element reaches it, rather than what lies under it. */
const takesClicks = (page: Page, selector: string): Promise<boolean> =>
  page.locator(selector).evaluate((element) => {
    element.scrollIntoView({ block: 'center' })
    const { height, left, top, width } = element.getBoundingClientRect()
    const hit = document.elementFromPoint(left + width / 2, top + height / 2)
    return hit !== null && (hit === element || element.contains(hit))
  })

const MEETING = 'Team meeting'

describe('time busy elsewhere on the calendar', () => {
  const browser = useLoggedInBrowser()
  let anna: ResourceRecord
  let date = ''
  /** Two free stretches of Anna's on `date`: the first labelled, the second not. */
  let free: TimeRange[] = []

  beforeAll(async () => {
    const api = rest(browser().page)
    anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')!
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')!
    for (let offset = 1; offset <= 14 && free.length < 2; offset += 1) {
      date = addCalendarDays(todayIn(TIMEZONE), offset)
      const { slots } = await api.get<SlotsResponse>('/reserve/slots', {
        date,
        resource: anna.id,
        service: consultation.id,
      })
      const open = await undrawn(api, anna.id, date, slots)
      const later = open.find((slot) => open[0] && Date.parse(slot.start) >= Date.parse(open[0].end) + 3_600_000)
      free = open[0] && later ? [open[0], later] : []
    }
    expect(free, 'two free stretches of Anna Weber an hour apart').toHaveLength(2)
    await addExternal(browser().page, anna.id, [{ ...free[0], label: MEETING }, free[1]])
  })

  it('draws it hatched and named in the week, over the booking cells, and a click there books nothing', async () => {
    const { page } = browser()
    await openCalendar(page, { date, resource: String(anna.id), view: 'week' })
    const column = `.rl-grid__column[data-date="${date}"]`
    const meeting = page.locator(column).getByRole('img', { exact: true, name: `Busy elsewhere: ${MEETING}` })
    expect(await meeting.textContent()).toBe(MEETING)
    expect(await meeting.getAttribute('data-start')).toBe(free[0].start)
    expect(await page.locator(column).getByRole('img', { exact: true, name: 'Busy elsewhere' }).count()).toBe(1)
    // Nowhere else that week.
    expect(await page.locator('.rl-external').count()).toBe(2)

    const style = await meeting.evaluate((element) => {
      const { backgroundImage, cursor } = getComputedStyle(element)
      return { backgroundImage, cursor }
    })
    expect(style.backgroundImage).toContain('repeating-linear-gradient')
    expect(style.cursor).toBe('not-allowed')
    // The shading under it counts the time as taken.
    expect(await page.locator(`${column} .rl-shade[data-shade="full"]`).count()).toBeGreaterThan(0)

    // A click lands on the block, not on the booking cell beneath, and opens no drawer.
    const block = `${column} .rl-external[data-start="${free[0].start}"]`
    expect(await takesClicks(page, block)).toBe(true)
    expect(await takesClicks(page, `${column} .rl-grid__cell[data-start="${free[0].start}"]`)).toBe(false)
    const before = page.url()
    await page.locator(block).click()
    await page.waitForTimeout(1_000)
    expect(await page.locator('.doc-drawer:visible').count()).toBe(0)
    expect(page.url()).toBe(before)
    expect(await page.locator('.rl-legend').textContent()).toContain('Busy elsewhere')
    await browser().screenshot('calendar-week-external')
  })

  it("shows it in the resource's own lane only", async () => {
    const { page } = browser()
    await openCalendar(page, { date, view: 'lanes' })
    const lane = page.locator(`.rl-grid__column[data-resource-id="${anna.id}"]`)
    expect(await lane.locator('.rl-external').count()).toBe(2)
    expect(await page.locator('.rl-external').count()).toBe(2)
    await browser().screenshot('calendar-lanes-external')
  })

  it('marks the day in the month', async () => {
    const { page } = browser()
    await openCalendar(page, { date, view: 'month' })
    const marker = page.locator(`.rl-month__day[data-date="${date}"] .rl-month__external`)
    expect(await marker.getAttribute('aria-label')).toBe(`Busy elsewhere: ${MEETING}`)
    expect(await page.locator('.rl-month__external').count()).toBe(1)
    await browser().screenshot('calendar-month-external')
  })

  it("draws it with Payload's dark theme colours", async () => {
    const dark: Browser = await openBrowser({ colorScheme: 'dark' })
    try {
      await logIn(dark.page)
      await dark.page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
      await addExternal(dark.page, anna.id, [{ ...free[0], label: MEETING }, free[1]])
      await openCalendar(dark.page, { date, resource: String(anna.id), view: 'week' })
      const block = dark.page.locator(`.rl-external[data-start="${free[0].start}"]`)
      await block.scrollIntoViewIfNeeded()
      expect(await block.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(
        'repeating-linear-gradient',
      )
      await dark.screenshot('dark-calendar-week-external')
    } finally {
      await dark.close()
    }
  })
})
