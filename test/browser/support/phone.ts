import type { Locator, Page } from 'playwright-core'

import { expect } from 'vitest'

/** The phone `openBrowser({ phone: true })` opens: 390×844 CSS pixels. */
export const PHONE = { height: 844, width: 390 }

/** How far the page and the grid reach past their width: 0 when nothing scrolls sideways. */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const grid = document.querySelector('.rl-grid')!
    return {
      grid: grid.scrollWidth - grid.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }
  })

/** Fails unless the element lies wholly on the phone's screen: nothing of it cut off. */
export const expectOnScreen = async (element: Locator, what: string): Promise<void> => {
  const box = await element.boundingBox()
  expect(box, `${what} is shown`).toBeTruthy()
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0)
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE.width + 0.5)
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(PHONE.height + 0.5)
}
