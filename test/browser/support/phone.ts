import type { Page } from 'playwright-core'

/** How far the page and the grid reach past their width: 0 when nothing scrolls sideways. */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const grid = document.querySelector('.rl-grid')!
    return {
      grid: grid.scrollWidth - grid.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }
  })
