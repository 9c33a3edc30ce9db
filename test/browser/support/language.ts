import type { Page } from 'playwright-core'

/** Switches the admin language on the account page, as a person would. */
export const switchLanguage = async (page: Page, label: string, code: string): Promise<void> => {
  await page.goto('/admin/account')
  await page.locator('#language-select').click()
  await page.locator('.rs__option', { hasText: label }).click()
  await page.waitForFunction((lang) => document.documentElement.lang === lang, code)
}
