import type { Locator, Page } from 'playwright-core'

import { expect } from 'vitest'

import type { Rest } from './rest.js'

import { type BookingTexts, en } from '../../../src/booking/texts/en.js'
import { openBrowser, type Browser } from './browser.js'
import { separateFreeTimes } from './free-times.js'

// The demo's public booking page (`/book`) as a visitor uses it, booking the seeded Anna Weber's consultation.

/** A fresh browser without a session on the booking page. */
export const bookingPage = async (options: Parameters<typeof openBrowser>[0] = {}): Promise<Browser> => {
  const browser = await openBrowser(options)
  await browser.page.goto('/book')
  return browser
}

/** The seeded Anna Weber and her consultation, as the REST API names them. */
export const annaConsultation = async (api: Rest): Promise<{ anna: { id: number | string }; consultation: { id: number | string } }> => {
  const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
  const consultation = (await api.services()).find((service) => service.name === 'Consultation')
  expect(anna && consultation, 'the seeded Anna Weber and her consultation').toBeTruthy()
  return { anna: anna!, consultation: consultation! }
}

/** Free, non-overlapping consultation times of Anna from `fromOffset` days ahead, and their day. */
export const annaFreeTimes = async (api: Rest, fromOffset: number, count = 3): Promise<{ date: string; starts: string[] }> => {
  const { anna, consultation } = await annaConsultation(api)
  const found = await separateFreeTimes(api, { count, fromOffset, resource: anna.id, service: consultation.id })
  expect(found.starts.length, `${count} free consultations of Anna within four weeks`).toBeGreaterThanOrEqual(count)
  return { date: found.date, starts: found.starts.slice(0, count).map(({ start }) => start) }
}

/** Service, resource and day chosen with the mouse. */
export const chooseDay = async (page: Page, date: string, texts: BookingTexts = en): Promise<void> => {
  await page.getByLabel(texts.chooseService, { exact: true }).selectOption({ label: 'Consultation' })
  await page.getByLabel(texts.chooseResource, { exact: true }).selectOption({ label: 'Anna Weber' })
  await page.getByLabel(texts.chooseDay, { exact: true }).fill(date)
}

/** The free time starting at `start`, as its button. */
export const slot = (page: Page, start: string): Locator => page.locator(`.rl-booking__slot[data-start="${start}"]`)

export const fillDetails = async (page: Page, name: string, email: string): Promise<void> => {
  await page.locator('input[name="name"]').fill(name)
  await page.locator('input[name="email"]').fill(email)
}
