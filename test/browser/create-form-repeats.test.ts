import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { Seeded } from './support/quick-create.js'

import { todayIn } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { choose } from './support/form.js'
import { weeklyFreeTimes } from './support/free-times.js'
import { switchLanguage } from './support/language.js'
import { fill, plain, seeded } from './support/quick-create.js'
import { rest, TIMEZONE } from './support/rest.js'

const en = translations.en.reserveLedger
type Labels = typeof en

/** A new reservation's form with Anna, the Consultation and the start `start` on `date` picked from the free times. */
const fillCreateForm = async (page: Page, seed: Seeded, labels: Labels, date: string, start: string) => {
  await page.goto('/admin/collections/reservations/create')
  const picker = page.locator('.rl-slot-picker__panel')
  await picker.waitFor()
  await choose(page, 'resource', seed.anna.name!)
  await choose(page, 'service', seed.consultation.name)
  const days = Math.round((Date.parse(date) - Date.parse(todayIn(TIMEZONE))) / 86_400_000)
  for (let day = 0; day < days; day += 1) {
    await picker.getByRole('button', { exact: true, name: labels.nextDay }).click()
  }
  await picker.locator(`.rl-slot-picker__slot[data-start="${start}"]`).click()
  await picker.locator(`.rl-slot-picker__slot[data-start="${start}"][aria-pressed="true"]`).waitFor()
  await page.locator('.rl-customer-field__input').fill('Mia')
  await page.locator('.rl-customer-field__hit', { hasText: 'Mia Schneider' }).click()
  await page.locator('.rl-customer-field__chosen', { hasText: 'mia@example.com' }).waitFor()
  return page.locator('.rl-repeats-form')
}

describe('the create form\'s "Repeats…": a weekly series with one time taken, saved by Payload\'s Save', () => {
  const browser = useLoggedInBrowser()

  it('lists the occurrences, crosses out the taken one, saves only the free ones and shows them on the calendar', async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    const weeks = await weeklyFreeTimes(api, { fromOffset: 3, resource: seed.anna.id, service: seed.consultation.id, weeks: 4 })
    // Someone else takes the third week's time.
    const other = { guest: { email: 'form-repeats-taken@example.com', name: 'Theo Besetzt' }, resource: seed.anna.id, service: seed.consultation.id, startTime: weeks[2].start }
    expect((await page.request.post('/api/reserve/book', { data: other })).status()).toBe(201)

    const repeats = await fillCreateForm(page, seed, en, weeks[0].date, weeks[0].start)
    await repeats.getByRole('button', { exact: true, name: en.repeatsOpen }).click()
    const summary = repeats.locator('.rl-repeats__summary')
    const occurrences = repeats.locator('.rl-repeats__occurrence')
    await expect.poll(async () => plain(await summary.innerText()), { timeout: 20_000 }).toBe(fill(en.repeatsFree, { free: 3, total: 4 }))
    expect(await occurrences.evaluateAll((items) => items.map((item) => [item.getAttribute('data-start'), item.getAttribute('data-free')]))).toEqual(
      weeks.map(({ start }, week) => [start, week === 2 ? 'false' : 'true']),
    )
    expect(plain(await occurrences.nth(2).innerText())).toContain(en.repeatsTaken)
    expect(await occurrences.nth(2).locator('time').evaluate((time) => getComputedStyle(time).textDecorationLine)).toBe('line-through')
    expect(await occurrences.nth(0).locator('time').evaluate((time) => getComputedStyle(time).textDecorationLine)).toBe('none')
    // Booking only the free ones is offered, and chosen.
    const onlyFree = repeats.getByLabel(en.repeatsPartial)
    expect(await onlyFree.isChecked()).toBe(true)
    await browser().screenshot('create-form-repeats', { fullPage: true })

    await page.locator('#action-save').click()
    await page.waitForURL((url) => /\/collections\/reservations\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/create'), { timeout: 30_000 })
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
    const saved = await api.reservation(id)
    expect(saved.startTime).toBe(weeks[0].start)
    expect(typeof saved.seriesId).toBe('string')
    const series = await api.reservations({ seriesId: { equals: saved.seriesId } })
    expect(series.map((reservation) => reservation.startTime)).toEqual([weeks[0].start, weeks[1].start, weeks[3].start])
    // A saved booking does not repeat: the control is for new ones only.
    await page.locator('#field-notes').waitFor()
    expect(await page.locator('.rl-repeats-form').count()).toBe(0)

    // Each occurrence is on the calendar, in its week.
    for (const reservation of series) {
      const { date } = weeks.find(({ start }) => start === reservation.startTime)!
      await openCalendar(page, { date, resource: seed.anna.id, view: 'week' })
      await page.locator(`.rl-grid__column[data-date="${date}"] .rl-block[data-reservation-id="${reservation.id}"]`).waitFor({ timeout: 20_000 })
    }
  })

  it.each([
    ['de', 'Deutsch'],
    ['ar', 'العربية'],
  ] as const)('speaks %s: the options, the preview and the choice of the free ones', async (language, name) => {
    const { page } = browser()
    const own = translations[language].reserveLedger
    const api = rest(page)
    const seed = await seeded(api)
    const weeks = await weeklyFreeTimes(api, { fromOffset: 3, resource: seed.anna.id, service: seed.consultation.id, weeks: 2 })
    const other = { guest: { email: `form-repeats-${language}@example.com`, name: 'Theo Besetzt' }, resource: seed.anna.id, service: seed.consultation.id, startTime: weeks[1].start }
    expect((await page.request.post('/api/reserve/book', { data: other })).status()).toBe(201)
    await switchLanguage(page, name, language)
    try {
      const repeats = await fillCreateForm(page, seed, own, weeks[0].date, weeks[0].start)
      await repeats.getByRole('button', { exact: true, name: own.repeatsOpen }).click()
      await repeats.getByLabel(own.repeatsCount).fill('2')
      await expect
        .poll(async () => plain(await repeats.locator('.rl-repeats__summary').innerText()), { timeout: 20_000 })
        .toBe(fill(own.repeatsFree, { free: 1, total: 2 }))
      const text = plain(await repeats.innerText())
      for (const label of [own.repeatsEvery, own.repeatsEveryWeeks, own.repeatsOn, own.repeatsEnds, own.repeatsEndsCount, own.repeatsTaken, own.repeatsPartial]) {
        expect(text).toContain(label)
      }
      await browser().screenshot(`${language}-create-form-repeats`, { fullPage: true })
    } finally {
      await switchLanguage(page, 'English', 'en')
    }
  })
})
