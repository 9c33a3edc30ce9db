import type { Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ReservationRecord, SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, datesFrom, localDateOf, startOfWeek, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { relatedId } from '../../src/admin/shared/related.js'
import { type Browser, logIn, openBrowser } from './support/browser.js'
import { openCalendar, openCreateForm, overlappingDay, undrawn } from './support/calendar.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

const nowISO = (): string => new Date().toISOString()

/** The date of the first reservation still to come in a status, and that reservation. */
const nextIn = async (api: Rest, status: string): Promise<ReservationRecord> => {
  const [next] = await api.reservations({
    and: [{ status: { equals: status } }, { startTime: { greater_than: nowISO() } }],
  })
  expect(next, `a seeded ${status} reservation still to come`).toBeDefined()
  return next
}

const blockIds = async (page: Page, scope = '.rl-calendar__body'): Promise<string[]> =>
  page
    .locator(`${scope} .rl-block`)
    .evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-reservation-id') ?? ''))

describe('reservations calendar', () => {
  let browser: Browser
  let page: Page
  let api: Rest

  beforeAll(async () => {
    browser = await openBrowser()
    page = browser.page
    await logIn(page)
    api = rest(page)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('replaces the reservations list with month, week, day, lanes and pending views', async () => {
    const busyDay = localDateOf(Date.parse((await nextIn(api, 'confirmed')).startTime), TIMEZONE)

    await openCalendar(page, { date: busyDay, view: 'month' })
    expect(await page.locator('.rl-month__day').count()).toBe(42)
    expect(await blockIds(page)).not.toHaveLength(0)
    await browser.screenshot('calendar-month')

    // The week shows every reservation overlapping it, each once, with availability shading.
    await page.locator('.rl-toolbar__mode[data-mode="week"]').click()
    await page.locator('.rl-calendar__body:not([data-loading]) .rl-grid').waitFor()
    const inWeek = new Set<string>()
    for (const date of datesFrom(startOfWeek(busyDay), 7)) {
      for (const reservation of await api.reservations(overlappingDay(date))) {
        inWeek.add(reservation.id)
      }
    }
    expect(new Set(await blockIds(page))).toEqual(inWeek)
    expect(await page.locator('.rl-grid__column .rl-shade[data-shade="closed"]').count()).toBeGreaterThan(0)
    await browser.screenshot('calendar-week')

    await openCalendar(page, { date: busyDay, view: 'day' })
    const dayIds = (await api.reservations(overlappingDay(busyDay))).map((reservation) => reservation.id)
    expect((await blockIds(page)).sort()).toEqual([...dayIds].sort())
    await browser.screenshot('calendar-day')

    // One lane per active resource, each shaded from its own availability.
    await openCalendar(page, { date: busyDay, view: 'lanes' })
    const resources = await api.resources()
    expect(await page.locator('.rl-grid__column').count()).toBe(resources.length)
    for (const resource of resources) {
      const lane = page.locator(`.rl-grid__column[data-resource-id="${resource.id}"]`)
      expect(await lane.locator('.rl-shade').count(), `shading of ${resource.name}`).toBeGreaterThan(0)
    }
    await browser.screenshot('calendar-lanes')

    await openCalendar(page, { view: 'pending' })
    const pending = await api.reservations({ status: { equals: 'pending' } }, 'startTime', 100)
    const listed = await page
      .locator('.rl-pending__item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-reservation-id')))
    expect(listed).toEqual(pending.map((reservation) => reservation.id))
    await browser.screenshot('calendar-pending')
  })

  it('books by clicking an empty time: the create drawer opens with the resource and start filled in', async () => {
    const resources = await api.resources()
    const anna = resources.find((resource) => resource.name === 'Anna Weber')
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')
    expect(anna && consultation).toBeTruthy()

    // A free start time of Anna's in the coming two weeks, where her lane shows no block at all.
    let date = ''
    let start = ''
    for (let offset = 1; offset <= 14 && !start; offset += 1) {
      date = addCalendarDays(todayIn(TIMEZONE), offset)
      const { slots } = await api.get<SlotsResponse>('/reserve/slots', {
        date,
        resource: anna!.id,
        service: consultation!.id,
      })
      start = (await undrawn(api, anna!.id, date, slots))[0]?.start ?? ''
    }
    expect(start, 'a free consultation slot of Anna Weber').not.toBe('')

    await openCalendar(page, { date, view: 'lanes' })
    await openCreateForm(page, page.locator(`.rl-grid__column[data-resource-id="${anna!.id}"] .rl-grid__cell[data-start="${start}"]`))

    const drawer = page.locator('.doc-drawer').last()
    // The relationship field shows the prefilled resource once it has loaded its name.
    await drawer.locator('#field-resource', { hasText: 'Anna Weber' }).waitFor()
    await drawer.locator('#field-service .rs__control').click()
    await page.locator('.rs__option', { hasText: 'Consultation' }).first().click()
    // The slot picker shows the start the click chose among Anna's free consultation times.
    await drawer.locator(`.rl-slot-picker__slot[data-start="${start}"][aria-pressed="true"]`).waitFor()
    await drawer.locator('.rl-customer-field__input').fill('Mia')
    await page.locator('.rl-customer-field__hit', { hasText: 'Mia Schneider' }).click()
    await drawer.locator('.rl-customer-field__chosen', { hasText: 'mia@example.com' }).waitFor()
    await browser.screenshot('booking-drawer')

    await drawer.locator('#action-save').click()
    await drawer.waitFor({ state: 'detached' })
    const [booked] = await api.reservations({
      and: [{ startTime: { equals: start } }, { resource: { equals: anna!.id } }, { status: { equals: 'pending' } }],
    })
    expect(booked).toMatchObject({ guestCount: 1, status: 'pending' })
    expect(String(relatedId(booked.service))).toBe(String(consultation!.id))
    await page
      .locator(`.rl-grid__column[data-resource-id="${anna!.id}"] .rl-block[data-reservation-id="${booked.id}"]`)
      .waitFor()
    // Saving keeps the admin on the calendar rather than taking them to the new document.
    await page.waitForTimeout(1_000)
    expect(new URL(page.url()).pathname).toBe('/admin/collections/reservations')
    expect(new URL(page.url()).searchParams.get('view')).toBe('lanes')
    await browser.screenshot('calendar-lanes-booked')
  })

  it('confirms a pending reservation from the pending view', async () => {
    const pending = await nextIn(api, 'pending')
    await openCalendar(page, { view: 'pending' })
    const row = page.locator(`.rl-pending__item[data-reservation-id="${pending.id}"]`)
    await row.getByRole('button', { exact: true, name: 'Confirm' }).click()
    await row.waitFor({ state: 'detached' })
    expect((await api.reservation(pending.id)).status).toBe('confirmed')
  })

  it('cancels a reservation from its drawer and shows the cancellation in its history', async () => {
    const confirmed = await nextIn(api, 'confirmed')
    const date = localDateOf(Date.parse(confirmed.startTime), TIMEZONE)
    await openCalendar(page, { date, resource: String(relatedId(confirmed.resource)), view: 'day' })
    await page.locator(`.rl-block[data-reservation-id="${confirmed.id}"]`).click()

    const drawer = page.locator('.rl-reservation-drawer')
    await drawer.locator('.rl-status', { hasText: 'Confirmed' }).waitFor()
    await drawer.locator('.rl-timeline__event', { hasText: 'Booked as' }).first().waitFor()
    await drawer.getByRole('button', { exact: true, name: 'Cancel' }).click()
    const reason = 'The customer called to cancel (browser test)'
    await drawer.locator('.rl-status-actions__reason').fill(reason)
    await drawer.getByRole('button', { exact: true, name: 'Cancel reservation' }).click()

    await drawer.locator('.rl-status', { hasText: 'Cancelled' }).waitFor()
    const cancellation = drawer.locator('.rl-timeline__event', { hasText: 'Confirmed → Cancelled' })
    await cancellation.waitFor()
    expect(await cancellation.locator('.rl-timeline__why').textContent()).toContain(reason)
    // Users read as their title field, which is the email in the dev app.
    expect(await cancellation.locator('.rl-timeline__who').textContent()).toBe('admin@example.com')
    // Nothing is left to do with a cancelled reservation.
    expect(await drawer.locator('.rl-status-actions').count()).toBe(0)
    await browser.screenshot('reservation-drawer-history')
    expect((await api.reservation(confirmed.id)).status).toBe('cancelled')
  })
})
