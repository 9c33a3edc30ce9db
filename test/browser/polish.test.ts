import type { Locator, Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import { localDateOf, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { rest, TIMEZONE } from './support/rest.js'

/** Whether an element shows all of its text: nothing cut off to the side or below. */
const unclipped = (locator: Locator): Promise<boolean[]> =>
  locator.evaluateAll((elements) =>
    elements.map((element) => element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1),
  )

/** Fills an input until the value holds: a fill before React has hydrated the form is undone by it. */
const fillStable = async (input: Locator, value: string): Promise<void> => {
  await expect
    .poll(
      async () => {
        await input.fill(value)
        await input.page().waitForTimeout(300)
        return input.inputValue()
      },
      { timeout: 20_000 },
    )
    .toBe(value)
}

/** The distinct tops of the toolbar's pieces: one value when they sit in one row. */
const toolbarRows = (page: Page): Promise<number[]> =>
  page
    .locator('.rl-toolbar > *')
    .evaluateAll((pieces) => [...new Set(pieces.map((piece) => Math.round(piece.getBoundingClientRect().top / 8)))])

describe('the calendar in German, Persian and Arabic', () => {
  const browser = useLoggedInBrowser()

  it('German: one toolbar row, dates written the German way, today marked, a month legend', async () => {
    const { page } = browser()
    const de = translations.de.reserveLedger
    await page.setViewportSize({ height: 900, width: 1440 })
    await switchLanguage(page, 'Deutsch', 'de')
    await openCalendar(page, { date: todayIn(TIMEZONE), view: 'week' })
    await browser().screenshot('de-calendar-week-today')
    expect(await toolbarRows(page)).toHaveLength(1)
    const toolbar = await page.locator('.rl-toolbar').innerText()
    // date-fns's German short month before the day ("Nov. 23") is not how German writes a date.
    expect(toolbar).not.toMatch(/[A-ZÄÖÜ][a-zäöü]{2,3}\. \d/)
    const today = page.locator('.rl-grid__head[aria-current="date"]')
    expect(await today.count()).toBe(1)
    expect(await today.innerText()).toContain(`${Number(todayIn(TIMEZONE).slice(8))}.`)

    await openCalendar(page, { date: todayIn(TIMEZONE), view: 'month' })
    const legend = page.locator('.rl-legend--month')
    for (const text of [de.status_pending, de.status_confirmed, de.status_cancelled, de.capacityBooked, de.today]) {
      expect(await legend.innerText()).toContain(text)
    }
    await browser().screenshot('de-calendar-month-legend')
  })

  it('Persian: no date text clipped in the toolbar, the day headings or the slot picker', async () => {
    const { page } = browser()
    await switchLanguage(page, 'فارسی', 'fa')
    await openCalendar(page, { date: todayIn(TIMEZONE), view: 'week' })
    expect(await unclipped(page.locator('.rl-toolbar__title, .rl-grid__head, .rl-toolbar__mode'))).not.toContain(false)
    await browser().screenshot('fa-calendar-week')
    await page.locator('.rl-calendar__actions .btn--style-primary').click()
    const drawer = page.locator('.doc-drawer').last()
    await drawer.locator('.rl-day-picker__date').waitFor()
    expect(await unclipped(drawer.locator('.rl-day-picker__date'))).not.toContain(false)
    // The calendar button sits between the day buttons, over neither.
    const boxes = await drawer
      .locator('.rl-slot-picker__dates > .btn, .rl-slot-picker__dates .rl-day-picker__button input')
      .evaluateAll((pieces) => pieces.map((piece) => piece.getBoundingClientRect()).map(({ left, right }) => ({ left, right })))
    const sorted = [...boxes].sort((a, b) => a.left - b.left)
    sorted.slice(1).forEach((box, index) => expect(box.left).toBeGreaterThanOrEqual(sorted[index].right - 1))
    await browser().screenshot('fa-reservation-form')
  })

  it("Arabic: the customer's e-mail and phone sit under the name on the right, each read left to right", async () => {
    const { page } = browser()
    const api = rest(page)
    await switchLanguage(page, 'العربية', 'ar')
    const [withCustomer] = await api.reservations({
      // Not a cancelled one: its block is drawn as a line under the grid, with nothing to open.
      and: [{ customer: { exists: true } }, { status: { not_equals: 'cancelled' } }, { startTime: { greater_than: new Date().toISOString() } }],
    })
    expect(withCustomer, 'an upcoming booking of a customer').toBeTruthy()
    await openCalendar(page, { date: localDateOf(Date.parse(withCustomer.startTime), TIMEZONE), view: 'day' })
    await page.locator(`.rl-block[data-reservation-id="${withCustomer.id}"]`).first().click()
    const contact = page.locator('.rl-details__contact').first()
    await contact.waitFor()
    const values = contact.locator('bdi')
    expect(await values.first().getAttribute('dir')).toBe('ltr')
    // Measured once the drawer has finished laying out (it slides in and its scrollbar may come).
    const edges = async () => {
      const [line, row, value] = await Promise.all([contact.boundingBox(), contact.locator('xpath=..').boundingBox(), values.first().boundingBox()])
      return { line: line!.x + line!.width, row: row!.x + row!.width, value: value!.x + value!.width }
    }
    // The value ends at the right edge of its cell, where the name above it starts.
    const misalignment = async () => {
      const { row, value } = await edges()
      return Math.abs(value - row)
    }
    await expect.poll(misalignment, { timeout: 5_000 }).toBeLessThan(4)
    const { line, row } = await edges()
    expect(line).toBeGreaterThan(row - 4)
    expect(await values.first().innerText()).toMatch(/@/)
    await browser().screenshot('ar-reservation-drawer-contact')
  })
})

describe('the month on a phone (390×844)', () => {
  const browser = useLoggedInBrowser()

  it('shows each entry with its whole start time, never cut to "12:0…"', async () => {
    const { page } = browser()
    const api = rest(page)
    await page.setViewportSize({ height: 844, width: 390 })
    const [next] = await api.reservations({ startTime: { greater_than: new Date().toISOString() } })
    await openCalendar(page, { date: localDateOf(Date.parse(next.startTime), TIMEZONE), view: 'month' })
    const times = page.locator('.rl-month__day .rl-block__time')
    expect(await times.count()).toBeGreaterThan(0)
    expect(await unclipped(times)).not.toContain(false)
    const shown = await times.allInnerTexts()
    expect(shown.every((text) => /\d{1,2}:\d{2}\s*[AP]M|All day/.test(text.replace(/\s+/g, ' ')))).toBe(true)
    await browser().screenshot('mobile-month')
  })
})

describe('schedules and resources, as a receptionist sets them up', () => {
  const browser = useLoggedInBrowser()

  it('adds Monday to Friday hours at once, picks exception dates from a calendar and a zone from the list', async () => {
    const { page } = browser()
    await page.goto('/admin/collections/schedules/create')
    const panel = page.locator('.rl-weekday-hours')
    await panel.waitFor()
    await fillStable(panel.locator('input[type="time"]').first(), '08:30')
    await fillStable(panel.locator('input[type="time"]').last(), '16:00')
    await panel.getByRole('button').click()
    const days = page.locator('#field-recurringSlots .array-field__row')
    await expect.poll(() => days.count(), { timeout: 15_000 }).toBe(5)
    for (let row = 0; row < 5; row += 1) {
      expect(await page.locator(`#field-recurringSlots__${row}__startTime`).inputValue()).toBe('08:30')
      expect(await page.locator(`#field-recurringSlots__${row}__endTime`).inputValue()).toBe('16:00')
    }
    // One row per weekday, Monday first.
    expect(await page.locator('#field-recurringSlots__0__day').innerText()).toContain('Monday')
    expect(await page.locator('#field-recurringSlots__4__day').innerText()).toContain('Friday')
    expect(await page.locator('#field-recurringSlots').innerText()).not.toContain('Saturday')

    await page.locator('#field-exceptions .array-field__add-row').click()
    const date = page.locator('#field-exceptions__0__date')
    await date.locator('.react-datepicker__input-container input').click()
    await page.locator('.react-datepicker__day:not(.react-datepicker__day--outside-month)', { hasText: /^15$/ }).first().click()
    expect(await date.locator('input').inputValue()).toMatch(/15/)
    await browser().screenshot('schedule-form-weekday-hours')

    await page.goto('/admin/collections/resources/create')
    const zone = page.locator('#field-timezone')
    await zone.waitFor()
    expect(await zone.innerText()).toContain('Europe/Berlin')
    await zone.locator('.rs__control').click()
    await page.keyboard.type('Tokyo')
    await page.locator('.rs__option', { hasText: 'Asia/Tokyo' }).waitFor()
    await browser().screenshot('resource-time-zone-picker')
  })
})
