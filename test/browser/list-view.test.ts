import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { rest } from './support/rest.js'

const en = translations.en.reserveLedger
const de = translations.de.reserveLedger

/** Spaces normalised: the cells' texts as a person reads them. */
const plain = (text: string): string => text.replace(/\s+/g, ' ').trim()

/**
 * Every text the list's body cells showed from the page's first paint on, and the layout shifts
 * that moved the page's header, toolbar or Payload's list controls: recorded in the page before
 * any of its scripts.
 */
const watchList = (page: Page) =>
  page.addInitScript(() => {
    const seen = new Set<string>()
    const jumps: string[] = []
    new MutationObserver(() =>
      document.querySelectorAll('.table tbody td').forEach((cell) => seen.add((cell.textContent ?? '').trim())),
    ).observe(document, { characterData: true, childList: true, subtree: true })
    new PerformanceObserver((list) => {
      type Source = { currentRect: DOMRectReadOnly; node?: Node; previousRect: DOMRectReadOnly }
      const at = ({ x, y }: DOMRectReadOnly) => `${Math.round(x)},${Math.round(y)}`
      const elementOf = (node?: Node) => (node instanceof Element ? node : node?.parentElement)
      for (const entry of list.getEntries() as unknown as { sources: Source[]; startTime: number; value: number }[]) {
        const watchedMoved = entry.sources.some(({ node }) =>
          elementOf(node)?.closest('.rl-calendar__header, .rl-toolbar, .list-header, .list-controls'),
        )
        if (watchedMoved) {
          // Everything the shift moved, from where to where: the entry's value is theirs together.
          const moved = entry.sources.map(
            ({ currentRect, node, previousRect }) => `${elementOf(node)?.className} ${at(previousRect)} → ${at(currentRect)}`,
          )
          jumps.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`)
        }
      }
    }).observe({ buffered: true, type: 'layout-shift' })
    ;(window as unknown as { listWatch: () => { jumps: string[]; seen: string[] } }).listWatch = () => ({
      jumps,
      seen: [...seen],
    })
  })

const watched = (page: Page) =>
  page.evaluate(() => (window as unknown as { listWatch: () => { jumps: string[]; seen: string[] } }).listWatch())

/** The list's rows' cells of one column, by the column's header text. */
const column = async (page: Page, header: string): Promise<string[]> => {
  const headers = (await page.locator('.table thead th').allInnerTexts()).map(plain)
  const index = headers.findIndex((text) => text === header)
  expect(index, `a "${header}" column among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0)
  return (await page.locator(`.table tbody tr td:nth-child(${index + 1})`).allInnerTexts()).map(plain)
}

/** Where the mode switch is on the page, to the pixel. */
const modesBox = async (page: Page) => {
  const box = (await page.locator('.rl-toolbar__modes').boundingBox())!
  return [box.x, box.y, box.width, box.height].map(Math.round)
}

describe('the reservations list, as a receptionist uses it', () => {
  const browser = useLoggedInBrowser()

  it('keeps a search made after the Pending view in the address: a reload shows the list with it', async () => {
    const { page } = browser()
    await openCalendar(page, { view: 'pending' })
    const pendingModes = await modesBox(page)
    await page.getByRole('button', { exact: true, name: en.mode_list }).click()
    await page.locator('.table tbody tr').first().waitFor()
    expect(await modesBox(page), 'the mode switch where it was over the pending queue').toEqual(pendingModes)
    const search = page.locator('#search-filter-input')
    expect(await search.getAttribute('placeholder')).toBe(en.listSearchPlaceholder)
    await search.fill('Mia')
    await page.waitForURL((url) => url.searchParams.get('search') === 'Mia')
    expect(new URL(page.url()).searchParams.get('view')).toBe('list')
    await page.locator('.table tbody tr').first().waitFor()

    await page.reload()
    await page.locator('.rl-calendar[data-mode="list"] .table tbody tr').first().waitFor()
    expect(await page.locator('#search-filter-input').inputValue()).toBe('Mia')
    await expect.poll(async () => (await column(page, en.customer)).every((cell) => cell === 'Mia Schneider'), { timeout: 15_000 }).toBe(true)
    await browser().screenshot('reservations-list-search-reloaded')
  })

  it('switching between the week and the list moves neither the header nor the toolbar, on a desktop and a phone', async ({ onTestFinished }) => {
    const { page } = browser()
    // The next tests run on a desktop, also after a failure here.
    onTestFinished(() => page.setViewportSize({ height: 1050, width: 1680 }))
    for (const viewport of [{ height: 1050, width: 1680 }, { height: 844, width: 390 }]) {
      await page.setViewportSize(viewport)
      await openCalendar(page, { view: 'week' })
      const week = await modesBox(page)
      await page.getByRole('button', { exact: true, name: en.mode_list }).click()
      await page.locator('.table tbody tr').first().waitFor()
      expect(await modesBox(page), `${viewport.width} px wide`).toEqual(week)
      await expect.poll(() => page.locator('.rl-related-cell__loading').count(), { timeout: 15_000 }).toBe(0)
      await browser().screenshot(viewport.width < 500 ? 'reservations-list-mobile' : 'reservations-list')
      // A phone shows three days where a desktop shows the week.
      await page.getByRole('button', { exact: true, name: viewport.width < 500 ? en.mode_threeDays : en.mode_week }).click()
      await page.locator('.rl-calendar__body:not([data-loading])').waitFor()
      expect(await modesBox(page), `${viewport.width} px wide, back`).toEqual(week)
    }
  })

  it('names registered customers by name, resources and services at once in German, and the toolbar stays put', async () => {
    const { page } = browser()
    const api = rest(page)
    await switchLanguage(page, 'Deutsch', 'de')
    await watchList(page)
    await page.goto('/admin/collections/reservations?view=list')
    await page.locator('.table tbody tr').first().waitFor()
    const customers = await column(page, de.customer)
    await expect.poll(async () => (await column(page, de.resource)).every((cell) => cell !== ''), { timeout: 15_000 }).toBe(true)
    await expect.poll(async () => (await column(page, de.customer)).every((cell) => cell !== ''), { timeout: 15_000 }).toBe(true)
    const names = new Set((await api.get<{ docs: { email: string; name: string }[] }>('/customers', { limit: 100 })).docs.map((c) => c.name))
    const shown = await column(page, de.customer)
    expect(shown.filter((cell) => cell.includes('@')), 'customers shown by e-mail').toEqual([])
    expect(shown.some((cell) => names.has(cell)), 'a registered customer by name').toBe(true)
    expect(customers.length).toBeGreaterThan(5)
    expect(await page.locator('#search-filter-input').getAttribute('placeholder')).toBe(de.listSearchPlaceholder)

    const { jumps, seen } = await watched(page)
    // Payload's "<Kein Ressource>" while its cells had not yet asked: never, not even for a moment.
    expect(seen.filter((text) => /^<.*>$/.test(text))).toEqual([])
    expect(jumps, 'layout shifts of the header, the toolbar or the list controls').toEqual([])
    await browser().screenshot('de-reservation-list')
    await switchLanguage(page, 'English', 'en')
  })
})
