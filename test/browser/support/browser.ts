import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

/** Debian's chromium; playwright-core drives it and downloads no browser of its own. */
const CHROMIUM = process.env.RESERVE_CHROMIUM_PATH ?? '/usr/bin/chromium'

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots')

export const ADMIN = { email: 'admin@example.com', password: 'demo1234' }
/** The seeded receptionist: staff, not admin; in the dev app's owner mode, the practitioner Jonas Keller. */
export const STAFF = { email: 'staff@example.com', password: 'demo1234' }

type Account = typeof ADMIN

export interface Browser {
  baseURL: string
  close(): Promise<void>
  context: BrowserContext
  page: Page
  /** Saves the page (or its whole length) as `test/screenshots/<name>.png`. */
  screenshot(name: string, options?: { fullPage?: boolean }): Promise<void>
}

/**
 * A fresh chromium with an empty profile, on the suite's app unless `baseURL` names another.
 * The browser's own time zone is deliberately not the plugin's (Europe/Berlin in the dev app):
 * days and times must follow the plugin's zone. `locale` and `timezoneId` set another visitor.
 */
export const openBrowser = async (
  options: { baseURL?: string; colorScheme?: 'dark' | 'light'; locale?: string; phone?: boolean; timezoneId?: string } = {},
): Promise<Browser> => {
  const baseURL = options.baseURL ?? inject('baseURL')
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'reserve-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    args: CHROMIUM_ARGS,
    baseURL,
    colorScheme: options.colorScheme ?? 'light',
    executablePath: CHROMIUM,
    // A phone: a touch screen the size of a common one.
    hasTouch: options.phone ?? false,
    isMobile: options.phone ?? false,
    locale: options.locale ?? 'en-US',
    timezoneId: options.timezoneId ?? 'America/New_York',
    // Wide enough for Payload to keep its navigation open beside the page.
    viewport: options.phone ? { height: 844, width: 390 } : { height: 1050, width: 1680 },
  })
  context.setDefaultTimeout(30_000)
  const page = context.pages()[0] ?? (await context.newPage())
  fs.mkdirSync(screenshotDir, { recursive: true })
  return {
    baseURL,
    close: async () => {
      await context.close()
      fs.rmSync(profile, { force: true, recursive: true })
    },
    context,
    page,
    screenshot: async (name, { fullPage = false } = {}) => {
      await page.screenshot({ fullPage, path: path.join(screenshotDir, `${name}.png`) })
    },
  }
}

/** Logs in through the admin's login form, as a person would. */
export const logIn = async (page: Page, account: Account = ADMIN): Promise<void> => {
  await page.goto('/admin/login')
  await page.locator('#field-email').fill(account.email)
  await page.locator('#field-password').fill(account.password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.endsWith('/login'))
}

/**
 * A browser, logged in as `account` (ADMIN unless told), for the calling describe block: opened
 * before its tests and closed after them; a 390×844 touch phone with `phone`. Call the getter
 * inside the tests.
 */
export const useLoggedInBrowser = (account: Account = ADMIN, { phone = false }: { phone?: boolean } = {}): (() => Browser) => {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await openBrowser({ phone })
    await logIn(browser.page, account)
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) {
      throw new Error('useLoggedInBrowser: read outside a test, or the browser did not open')
    }
    return browser
  }
}
