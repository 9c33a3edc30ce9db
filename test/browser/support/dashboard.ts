import type { Page } from 'playwright-core'

/** Waits until the dashboard widget shows all it loads: counts, utilisation and the next bookings. */
export const waitForWidget = async (page: Page): Promise<void> => {
  const widget = page.locator('.rl-widget')
  await widget.locator('[data-status-count="total"]').waitFor()
  await widget.locator('.rl-widget__utilisation, .rl-widget__panel:nth-child(2) .rl-widget__muted').first().waitFor()
  await widget.locator('.rl-widget__upcoming, .rl-widget__panel--wide .rl-widget__muted').first().waitFor()
}
