import { describe, expect, it } from 'vitest'

import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { weeklyFreeTimes } from './support/free-times.js'
import { switchLanguage } from './support/language.js'
import { chooseMia, fill, openAt, plain, seeded } from './support/quick-create.js'
import { rest } from './support/rest.js'

const en = translations.en.reserveLedger

describe('quick-create "Repeats…": a weekly series with one time taken', () => {
  const browser = useLoggedInBrowser()

  it('lists the occurrences, marks the taken one, follows the options, books the free ones and shows them on the calendar', async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    const weeks = await weeklyFreeTimes(api, { fromOffset: 2, resource: seed.anna.id, service: seed.consultation.id, weeks: 4 })
    // Someone else takes the third week's time.
    const other = { guest: { email: 'repeats-taken@example.com', name: 'Rena Tacke' }, resource: seed.anna.id, service: seed.consultation.id, startTime: weeks[2].start }
    expect((await page.request.post('/api/reserve/book', { data: other })).status()).toBe(201)

    const quick = await openAt(page, seed.anna, weeks[0].date, weeks[0].start)
    await quick.locator('select').first().selectOption({ label: seed.consultation.name })
    await chooseMia(page)
    await quick.getByRole('button', { exact: true, name: en.repeatsOpen }).click()

    // Opened, it repeats weekly on the clicked weekday, four times.
    const summary = quick.locator('.rl-repeats__summary')
    const occurrences = quick.locator('.rl-repeats__occurrence')
    await expect.poll(async () => plain(await summary.innerText()), { timeout: 20_000 }).toBe(fill(en.repeatsFree, { free: 3, total: 4 }))
    expect(await occurrences.evaluateAll((items) => items.map((item) => [item.getAttribute('data-start'), item.getAttribute('data-free')]))).toEqual(
      weeks.map(({ start }, week) => [start, week === 2 ? 'false' : 'true']),
    )
    expect(plain(await occurrences.nth(2).innerText())).toContain(en.repeatsTaken)
    expect(plain(await occurrences.nth(0).innerText())).not.toContain(en.repeatsTaken)
    const book = quick.locator('button[type="submit"]')
    expect(plain(await book.innerText())).toBe(fill(en.quickBookFree, { count: 3 }))
    await browser().screenshot('quick-create-repeats')

    // Twice only: both free, and the preview follows.
    await quick.getByLabel(en.repeatsCount).fill('2')
    await expect.poll(async () => plain(await summary.innerText()), { timeout: 20_000 }).toBe(fill(en.repeatsFree, { free: 2, total: 2 }))
    expect(await occurrences.count()).toBe(2)
    expect(plain(await book.innerText())).toBe(fill(en.quickBookSeries, { count: 2 }))

    await quick.getByLabel(en.repeatsCount).fill('4')
    await expect.poll(async () => plain(await book.innerText()), { timeout: 20_000 }).toBe(fill(en.quickBookFree, { count: 3 }))
    await book.click()
    await page.locator('.rl-quick').waitFor({ state: 'detached', timeout: 20_000 })
    const toast = page.locator('.toast-success, [data-type="success"]').filter({ hasText: 'Mia Schneider' }).first()
    await toast.waitFor({ timeout: 20_000 })
    expect(plain(await toast.innerText())).toContain(fill(en.quickBookedSeries, { booking: 'Mia Schneider', count: 3, total: 4 }))

    // The free weeks are booked for Mia as one series; the taken week keeps only the other booking.
    const booked = await api.reservations({
      and: [
        { resource: { equals: seed.anna.id } },
        { or: weeks.map(({ start }) => ({ startTime: { equals: start } })) },
        { status: { not_equals: 'cancelled' } },
      ],
    })
    const mine = booked.filter((reservation) => reservation.seriesId)
    expect(mine.map((reservation) => reservation.startTime)).toEqual([weeks[0].start, weeks[1].start, weeks[3].start])
    expect(new Set(mine.map((reservation) => reservation.seriesId)).size).toBe(1)
    expect(booked.filter((reservation) => reservation.startTime === weeks[2].start)).toHaveLength(1)

    // Each occurrence is on the calendar, in its week.
    await page.locator(`.rl-grid__column[data-date="${weeks[0].date}"] .rl-block[data-reservation-id="${mine[0].id}"]`).waitFor({ timeout: 20_000 })
    for (const [index, reservation] of mine.entries()) {
      const { date } = weeks.find(({ start }) => start === reservation.startTime)!
      if (index > 0) {
        await openCalendar(page, { date, resource: seed.anna.id, view: 'week' })
      }
      await page.locator(`.rl-grid__column[data-date="${date}"] .rl-block[data-reservation-id="${reservation.id}"]`).waitFor({ timeout: 20_000 })
    }
  })

  it.each([
    ['de', 'Deutsch'],
    ['ar', 'العربية'],
  ] as const)('speaks %s: the options and the preview', async (language, name) => {
    const { page } = browser()
    const own = translations[language].reserveLedger
    const api = rest(page)
    const seed = await seeded(api)
    const weeks = await weeklyFreeTimes(api, { fromOffset: 2, resource: seed.anna.id, service: seed.consultation.id, weeks: 2 })
    await switchLanguage(page, name, language)
    try {
      const quick = await openAt(page, seed.anna, weeks[0].date, weeks[0].start)
      await quick.locator('select').first().selectOption({ label: seed.consultation.name })
      await quick.getByRole('button', { exact: true, name: own.repeatsOpen }).click()
      expect(await quick.getByLabel(own.repeats, { exact: true }).inputValue()).toBe('weekly')
      await quick.getByLabel(own.repeatsCount).fill('2')
      await expect
        .poll(async () => plain(await quick.locator('.rl-repeats__summary').innerText()), { timeout: 20_000 })
        .toBe(fill(own.repeatsFree, { free: 2, total: 2 }))
      const text = plain(await quick.innerText())
      for (const label of [own.repeatsEvery, own.repeatsEveryWeeks, own.repeatsOn, own.repeatsEnds, own.repeatsEndsCount]) {
        expect(text).toContain(label)
      }
      expect(plain(await quick.locator('button[type="submit"]').innerText())).toBe(fill(own.quickBookSeries, { count: 2 }))
      await browser().screenshot(`${language}-quick-create-repeats`)
    } finally {
      await switchLanguage(page, 'English', 'en')
    }
  })
})
