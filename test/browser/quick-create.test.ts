import { describe, expect, it } from 'vitest'

import type { RecordId, ReservationRecord, SlotsResponse, TimeRange } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { closeCreateForm, openCalendar, undrawn } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { chooseMia, openAt, plain, popover, type Seeded, seeded } from './support/quick-create.js'
import { rest, type Rest, TIMEZONE } from './support/rest.js'

const en = translations.en.reserveLedger
const ar = translations.ar.reserveLedger

/** `2:00 PM`: a start by the clock of a zone. */
const clockIn = (iso: string, timeZone: string): string =>
  plain(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso)))

/** Starts used by earlier tests of this file: each test books or opens a time of its own. */
const taken = new Set<string>()

/**
 * A free consultation time of Anna's, two days ahead or later, with nothing of hers drawn
 * within the half hour after it (not even a cancelled booking), whose Berlin clock differs from New York's.
 */
const freeTime = async (api: Rest, { anna, consultation }: Seeded): Promise<{ date: string; slot: TimeRange }> => {
  for (let offset = 2; offset <= 28; offset += 1) {
    const date = addCalendarDays(todayIn(TIMEZONE), offset)
    const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource: anna.id, service: consultation.id })
    const open = await undrawn(api, anna.id, date, slots)
    const slot = open.find(
      (candidate) =>
        !taken.has(candidate.start) &&
        // A whole consultation after it is free too, so a booking there cannot reach into another.
        open.some((next) => next.start === candidate.end),
    )
    if (slot) {
      taken.add(slot.start)
      return { date, slot }
    }
  }
  throw new Error("no free consultation time of Anna's in the next four weeks")
}

const bookingsAt = (api: Rest, resource: RecordId, start: string): Promise<ReservationRecord[]> =>
  api.reservations({ and: [{ startTime: { equals: start } }, { resource: { equals: resource } }, { status: { not_equals: 'cancelled' } }] })

describe('quick-create popover on a free time', () => {
  const browser = useLoggedInBrowser()

  it("books Anna's free time for a customer found by search, at the instant clicked, with Enter", async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    const { date, slot } = await freeTime(api, seed)
    const clock = clockIn(slot.start, TIMEZONE)
    expect(clockIn(slot.start, 'America/New_York'), "the browser's clock reads another time").not.toBe(clock)

    const quick = await openAt(page, seed.anna, date, slot.start)
    const text = plain(await quick.innerText())
    expect(text).toContain(clock)
    expect(text).toContain(TIMEZONE)
    expect(text).toContain('Anna Weber')
    // Only what Anna offers: not the seminar room's day.
    const offered = async () => (await quick.locator('select option:not([disabled])').allInnerTexts()).map(plain).sort()
    await expect.poll(offered, { timeout: 15_000 }).toEqual(['Consultation', 'Treatment'])
    expect(await quick.getByRole('button', { exact: true, name: en.quickBook }).isDisabled()).toBe(true)

    await quick.locator('select').selectOption({ label: 'Consultation' })
    await chooseMia(page)
    await browser().screenshot('quick-create-popover')
    // The customer chosen, Book has the focus: Enter books.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 5_000 })
      .toBe(en.quickBook)
    await page.keyboard.press('Enter')
    await page.locator('.rl-quick').waitFor({ state: 'detached', timeout: 20_000 })

    const [booked] = await bookingsAt(api, seed.anna.id, slot.start)
    expect(booked, 'a booking at the instant clicked').toBeTruthy()
    expect(String(booked.service)).toBe(String(seed.consultation.id))
    const toast = page.locator('.toast-success, [data-type="success"]').filter({ hasText: 'Mia Schneider' }).first()
    await toast.waitFor({ timeout: 20_000 })
    expect(plain(await toast.innerText())).toContain(clock)
    await page.locator(`.rl-grid__column[data-date="${date}"] .rl-block[data-reservation-id="${booked.id}"]`).waitFor({ timeout: 20_000 })
  })

  it('shows the reason of a conflict in the popover, books nothing, and shows what took the time once it closes', async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    const { date, slot } = await freeTime(api, seed)
    // Without live updates, which would show the other booking by themselves.
    const noLive = '**/api/reserve/live'
    await page.route(noLive, (route) => route.abort())
    const quick = await openAt(page, seed.anna, date, slot.start)
    await quick.locator('select').selectOption({ label: 'Consultation' })
    await chooseMia(page)

    // Someone else takes the time while the popover is open.
    const other = { guest: { email: 'quick-race@example.com', name: 'Quick Race' }, resource: seed.anna.id, service: seed.consultation.id, startTime: slot.start }
    expect((await page.request.post('/api/reserve/book', { data: other })).status()).toBe(201)
    // The same request again is what the ledger refuses, and why.
    const refused = await page.request.post('/api/reserve/book', { data: other })
    expect(refused.status()).toBe(409)
    const reason = ((await refused.json()) as { errors: { message: string }[] }).errors[0].message

    await quick.getByRole('button', { exact: true, name: en.quickBook }).click()
    const error = quick.locator('.rl-quick__error[role="alert"]')
    await error.waitFor({ timeout: 20_000 })
    expect(plain(await error.innerText())).toBe(plain(reason))
    await browser().screenshot('quick-create-conflict')
    expect(await popover(page).count(), 'the popover stays open').toBe(1)
    const at = await bookingsAt(api, seed.anna.id, slot.start)
    expect(at.map((reservation) => reservation.guest?.name ?? reservation.customer)).toEqual(['Quick Race'])
    const taken = page.locator(`.rl-grid__column[data-date="${date}"] .rl-block[data-reservation-id="${at[0].id}"]`)
    expect(await taken.count(), 'not shown while the popover is open').toBe(0)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { exact: true, name: en.quickDiscard }).click()
    await page.locator('.rl-quick').waitFor({ state: 'detached' })
    await taken.waitFor({ timeout: 20_000 })
    await page.unroute(noLive)
  })

  it('closes on Escape or a press outside, keeps the keyboard inside, and asks first once something was typed', async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    const { date, slot } = await freeTime(api, seed)
    await openAt(page, seed.anna, date, slot.start)
    // Tab goes round the popover's controls and never leaves it.
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press(press % 4 === 3 ? 'Shift+Tab' : 'Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.rl-quick')))).toBe(true)
    }
    // Away from the customer search, whose open list would take the first Escape.
    await popover(page).getByRole('button', { exact: true, name: en.quickClose }).focus()
    await page.keyboard.press('Escape')
    await page.locator('.rl-quick').waitFor({ state: 'detached' })

    await page.locator(`.rl-grid__column[data-date="${date}"] .rl-grid__cell[data-start="${slot.start}"]`).click()
    await popover(page).waitFor()
    await page.locator('.rl-calendar__heading').click()
    await page.locator('.rl-quick').waitFor({ state: 'detached' })

    await page.locator(`.rl-grid__column[data-date="${date}"] .rl-grid__cell[data-start="${slot.start}"]`).click()
    const quick = popover(page)
    await quick.locator('.rl-customer-field__input').fill('Mi')
    // The first Escape closes the list of customers found, the next asks before discarding.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await quick.getByText(en.quickDiscardAsk).first().waitFor()
    await quick.getByRole('button', { exact: true, name: en.quickKeep }).click()
    expect(await quick.locator('.rl-customer-field__input').inputValue()).toBe('Mi')
    await page.locator('.rl-calendar__heading').click()
    await quick.getByRole('button', { exact: true, name: en.quickDiscard }).click()
    await page.locator('.rl-quick').waitFor({ state: 'detached' })
    expect(await bookingsAt(api, seed.anna.id, slot.start)).toEqual([])
  })

  it('"More options…" opens the full form with the time, resource, service and customer chosen', async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    const { date, slot } = await freeTime(api, seed)
    const quick = await openAt(page, seed.anna, date, slot.start)
    await quick.locator('select').selectOption({ label: 'Treatment' })
    await chooseMia(page)
    await quick.getByRole('button', { exact: true, name: en.quickMoreOptions }).click()
    await page.locator('.rl-quick').waitFor({ state: 'detached' })

    const drawer = page.locator('.doc-drawer').last()
    await drawer.locator('#field-resource', { hasText: 'Anna Weber' }).waitFor()
    await drawer.locator('#field-service', { hasText: 'Treatment' }).waitFor()
    await drawer.locator('.rl-customer-field__chosen', { hasText: 'mia@example.com' }).waitFor()
    expect(plain(await drawer.locator('#field-startTime input').first().inputValue())).toContain(clockIn(slot.start, TIMEZONE))
    await closeCreateForm(page)
  })

  it('without a resource filter, offers the resources to choose and then what the chosen one offers', async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    // A free time of Anna's that nobody's booking covers, so the week shows its cell uncovered.
    let found: { date: string; slot: TimeRange } | undefined
    while (!found) {
      const candidate = await freeTime(api, seed)
      const { end, start } = candidate.slot
      const covering = await api.reservations({ and: [{ startTime: { less_than: end } }, { endTime: { greater_than: start } }] })
      found = covering.length === 0 ? candidate : undefined
    }
    const { date, slot } = found
    await openCalendar(page, { date, view: 'week' })
    await page.locator(`.rl-grid__column[data-date="${date}"] .rl-grid__cell[data-start="${slot.start}"]`).click()
    const quick = popover(page)
    await quick.waitFor()
    const choices = quick.locator('select').first()
    const names = (await choices.locator('option:not([disabled])').allInnerTexts()).map(plain)
    expect(names).toEqual((await api.resources()).map((resource) => resource.name))
    await choices.selectOption({ label: 'Anna Weber' })
    const services = quick.locator('select').nth(1)
    await expect
      .poll(async () => (await services.locator('option:not([disabled])').allInnerTexts()).map(plain).sort(), { timeout: 15_000 })
      .toEqual(['Consultation', 'Treatment'])
    // The seminar room offers one service, the full day: it is chosen, and the time reads as the day.
    await choices.selectOption({ label: 'Seminar room' })
    await expect.poll(async () => plain(await quick.locator('.rl-quick__when').innerText()), { timeout: 15_000 }).toContain(en.allDay)
    expect(await services.locator('option:checked').innerText()).toBe('Seminar room, full day')
    await page.keyboard.press('Escape')
    await quick.getByRole('button', { exact: true, name: en.quickDiscard }).click()
    await page.locator('.rl-quick').waitFor({ state: 'detached' })
  })

  it('fits a 390×844 screen', async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    const { date, slot } = await freeTime(api, seed)
    await page.setViewportSize({ height: 844, width: 390 })
    await openCalendar(page, { date, resource: seed.anna.id, view: 'day' })
    const cell = page.locator(`.rl-grid__cell[data-start="${slot.start}"]`)
    await cell.scrollIntoViewIfNeeded()
    await cell.click()
    const quick = popover(page)
    await quick.waitFor()
    await quick.locator('select').selectOption({ label: 'Consultation' })
    await chooseMia(page)
    const box = await quick.evaluate((element) => {
      const { bottom, left, right, top } = element.getBoundingClientRect()
      return { bottom, left, right, top }
    })
    expect(box.left).toBeGreaterThanOrEqual(0)
    expect(box.top).toBeGreaterThanOrEqual(0)
    expect(box.right).toBeLessThanOrEqual(390)
    expect(box.bottom).toBeLessThanOrEqual(844)
    await browser().screenshot('quick-create-mobile')
  })
})

describe('quick-create popover in Arabic', () => {
  const browser = useLoggedInBrowser()

  it('shows no English label, right to left, beside the cell on its inline end', async () => {
    const { page } = browser()
    const api = rest(page)
    const seed = await seeded(api)
    const { date, slot } = await freeTime(api, seed)
    await switchLanguage(page, 'العربية', 'ar')
    const quick = await openAt(page, seed.anna, date, slot.start)
    await quick.locator('.rl-customer-field__input').fill('Mia')
    await quick.locator('.rl-customer-field__hit').first().waitFor()
    expect(await quick.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl')
    const shown = [
      await quick.innerText(),
      await quick.locator('.rl-customer-field__input').getAttribute('placeholder'),
      ...(await quick.locator('[aria-label]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')))),
    ].join('\n')
    const english = (Object.keys(en) as (keyof typeof en)[])
      .filter((key) => key.startsWith('quick') || ['customer', 'newReservation', 'resource', 'searchCustomers', 'service'].includes(key))
      .map((key) => en[key].replace(/\{\{\w+\}\}/g, '').trim())
    for (const label of english) {
      expect(shown, `"${label}" left in English`).not.toContain(label)
    }
    expect(shown).toContain(ar.quickMoreOptions)
    expect(shown).toContain(ar.quickBook)
    // Beside the cell toward the reading direction's end, on its left, where there is room.
    const cell = (await page.locator(`.rl-grid__column[data-date="${date}"] .rl-grid__cell[data-start="${slot.start}"]`).boundingBox())!
    const box = (await quick.boundingBox())!
    if (cell.x >= box.width + 16) {
      expect(box.x + box.width).toBeLessThanOrEqual(cell.x + 1)
    } else {
      expect(box.x).toBeGreaterThanOrEqual(cell.x + cell.width - 1)
    }
    await browser().screenshot('ar-quick-create')
  })
})

describe("Payload's Last modified and Created lines", () => {
  const browser = useLoggedInBrowser()

  it("read in the plugin's zone, named, on the plugin's edit views", async () => {
    const { page } = browser()
    const api = rest(page)
    const [service] = await api.get<{ docs: { createdAt: string; id: RecordId; updatedAt: string }[] }>('/services', { depth: 0, limit: 1 }).then((page) => page.docs)
    const inZone = (iso: string, timeZone: string) =>
      plain(
        new Intl.DateTimeFormat('en-US-u-ca-gregory', {
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          month: 'short',
          timeZoneName: 'short',
          weekday: 'short',
          year: 'numeric',
          timeZone,
        }).format(new Date(iso)),
      )
    const clock = clockIn(service.updatedAt, TIMEZONE)
    expect(clockIn(service.updatedAt, 'America/New_York'), "the browser's clock reads another time").not.toBe(clock)
    await page.goto(`/admin/collections/services/${service.id}`)
    const lines = async () => (await page.locator('.doc-controls__meta .doc-controls__value-wrap:visible').allInnerTexts()).map(plain)
    await expect
      .poll(lines, { timeout: 15_000 })
      .toEqual([`Last Modified: ${inZone(service.updatedAt, TIMEZONE)}`, `Created: ${inZone(service.createdAt, TIMEZONE)}`])
    expect((await lines()).join(' ')).not.toContain(clockIn(service.updatedAt, 'America/New_York'))
    await browser().screenshot('zoned-last-modified')
  })
})
