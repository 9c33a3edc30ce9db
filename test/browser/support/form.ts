import type { Page } from 'playwright-core'

/** Picks `option` in a Payload relationship field (a react-select). */
export const choose = async (page: Page, field: string, option: string): Promise<void> => {
  await page.locator(`#field-${field} .rs__control`).click()
  await page.locator('.rs__option', { hasText: option }).first().click()
}
