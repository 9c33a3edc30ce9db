import type { Locator, Page } from 'playwright-core'

import { expect } from 'vitest'

import type { ReservationRecord } from '../../../src/contract/http.js'
import type { Rest } from './rest.js'

import { type BookingTexts, en } from '../../../src/booking/texts/en.js'
import { type Browser, openBrowser } from './browser.js'
import { separateFreeTimes } from './free-times.js'

// The demo's public booking page (`/book`), built from `payload-reserve-ledger/booking`, as a
// guest without an account uses it.

/** Each run's guests are its own, so a repeated run against one database finds only its bookings. */
const RUN = Date.now().toString(36)
export const guestEmail = (name: string): string => `${name}.${RUN}@example.com`

/** `9:00 AM` (or `09:00`, `٩:٠٠ ص`): a start on the wall clock of `timeZone`, as `locale` writes it. */
export const wallClock = (iso: string, timeZone: string, locale = 'en-US'): string =>
  new Intl.DateTimeFormat(`${locale}-u-ca-gregory`, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso))

/** The guest's booking page (at `path`), a fresh browser without a session. */
export const guestPage = async (options: Parameters<typeof openBrowser>[0] = {}, path = '/book'): Promise<Browser> => {
  const browser = await openBrowser(options)
  await browser.page.goto(path)
  return browser
}

/** The one booking of the guest with `address`, as the admin reads it. */
export const bookingOf = async (api: Rest, address: string): Promise<ReservationRecord> => {
  const bookings = await api.reservations({ 'guest.email': { equals: address } })
  expect(bookings, `the bookings of ${address}`).toHaveLength(1)
  return bookings[0]
}

/** The seeded Anna Weber and her consultation. */
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

/** Service, resource and day chosen with the mouse, the labels in `texts`' language. */
export const chooseDay = async (page: Page, date: string, texts: BookingTexts = en, choice = { resource: 'Anna Weber', service: 'Consultation' }) => {
  await page.getByLabel(texts.chooseService, { exact: true }).selectOption({ label: choice.service })
  await page.getByLabel(texts.chooseResource, { exact: true }).selectOption({ label: choice.resource })
  await page.getByLabel(texts.chooseDay, { exact: true }).fill(date)
}

/** The free time starting at `start` among the day's. */
export const slot = (page: Page, start: string): Locator => page.locator(`.rl-booking__slot[data-start="${start}"]`)

export const fillDetails = async (page: Page, name: string, email: string) => {
  await page.locator('input[name="name"]').fill(name)
  await page.locator('input[name="email"]').fill(email)
}

/** Nothing on the page reaches past the viewport's right or left edge. */
export const fitsSideways = async (page: Page): Promise<void> => {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const wide = [...document.querySelectorAll('.rl-booking *')].filter((element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)
    })
    return { scroll: document.documentElement.scrollWidth - width, wide: wide.map((element) => element.outerHTML.slice(0, 80)) }
  })
  expect(overflow).toEqual({ scroll: 0, wide: [] })
}

const ENGLISH_DATE_WORDS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'January', 'February', 'March', 'April', 'June', 'July', 'October', 'December', 'AM', 'PM']

/**
 * The page (its `main`) holds none of the kit's English that `texts` writes otherwise (each
 * piece of a text around its `{values}`), and no English day, month or AM/PM.
 */
export const expectNoEnglish = async (page: Page, texts: BookingTexts, stage: string): Promise<void> => {
  const english = Object.entries(en)
    .filter(([key, text]) => texts[key as keyof BookingTexts] !== text)
    .flatMap(([, text]) => text.split(/\{\w+\}/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 2)
  const text = await page.locator('main').innerText()
  expect(
    english.filter((piece) => text.includes(piece)),
    `English left on the page (${stage})`,
  ).toEqual([])
  for (const word of ENGLISH_DATE_WORDS) {
    expect(text, `${word} on the page (${stage})`).not.toMatch(new RegExp(`\\b${word}\\b`))
  }
}
