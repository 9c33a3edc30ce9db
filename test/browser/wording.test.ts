import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { RecordId, ReservationRecord, ResourceRecord, SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { dragBlock, openCalendar, undrawn } from './support/calendar.js'
import { waitForWidget } from './support/dashboard.js'
import { switchLanguage } from './support/language.js'
import { rest, type Rest, TIMEZONE } from './support/rest.js'

const en = translations.en.reserveLedger

/** Spaces normalised: ICU puts narrow no-break spaces around times and units, in some versions. */
const plain = (text: string): string => text.replace(/\s+/g, ' ').trim()

interface Seeded {
  anna: ResourceRecord
  consultation: { id: RecordId }
  jonas: ResourceRecord
}

const seeded = async (api: Rest): Promise<Seeded> => {
  const resources = await api.resources()
  const anna = resources.find((resource) => resource.name === 'Anna Weber')
  const jonas = resources.find((resource) => resource.name === 'Jonas Keller')
  const consultation = (await api.services()).find((service) => service.name === 'Consultation')
  expect(anna && jonas && consultation, 'the seeded practitioners and their consultation').toBeTruthy()
  return { anna: anna!, consultation: consultation!, jonas: jonas! }
}

/** Consultation starts of a resource on a date over which its calendar draws nothing. */
const openStarts = async (api: Rest, resource: RecordId, service: RecordId, date: string) => {
  const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource, service })
  return undrawn(api, resource, date, slots)
}

const bookGuest = async (page: Page, data: Record<string, unknown>, name: string): Promise<ReservationRecord> => {
  const response = await page.request.post('/api/reservations', {
    data: { ...data, guest: { email: 'wording@example.com', name } },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { doc: ReservationRecord }).doc
}

const successToast = (page: Page, text: string) =>
  page.locator('.toast-success, [data-type="success"]').filter({ hasText: text }).first()

describe('what the admin says, in words a receptionist reads', () => {
  const browser = useLoggedInBrowser()

  it("quick-create's toast names the customer picked, even when Book follows the pick at once", async () => {
    const { page } = browser()
    const api = rest(page)
    const { anna, consultation } = await seeded(api)
    let found: { date: string; start: string } | undefined
    for (let offset = 2; offset <= 28 && !found; offset += 1) {
      const date = addCalendarDays(todayIn(TIMEZONE), offset)
      const [slot] = await openStarts(api, anna.id, consultation.id, date)
      found = slot && { date, start: slot.start }
    }
    expect(found, "a free time of Anna's").toBeTruthy()
    await openCalendar(page, { date: found!.date, resource: anna.id, view: 'week' })
    await page.locator(`.rl-grid__column[data-date="${found!.date}"] .rl-grid__cell[data-start="${found!.start}"]`).click()
    const quick = page.locator('.rl-quick[data-placed]')
    await quick.waitFor()
    await quick.locator('select').selectOption({ label: 'Consultation' })
    await quick.locator('.rl-customer-field__input').fill('Mia')
    // The hits of "Mia" alone (those of "M" also hold lukas@example.com).
    await expect.poll(async () => (await quick.locator('.rl-customer-field__hit').allInnerTexts()).map(plain), { timeout: 15_000 }).toEqual([
      expect.stringContaining('Mia Schneider'),
    ])
    // Enter picks the hit, Enter again books: no time for the customer's record to arrive.
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    const toast = page.locator('.toast-success, [data-type="success"]').filter({ hasText: en.quickBooked.split(':')[0] }).first()
    await toast.waitFor({ timeout: 20_000 })
    expect(plain(await toast.innerText())).toMatch(/^Booked: Mia Schneider, /)
    await browser().screenshot('quick-create-toast-name')
  })

  it('a move toast names the booking, and the lanes where it changed lane', async () => {
    const { page } = browser()
    const api = rest(page)
    const { anna, consultation, jonas } = await seeded(api)
    // A day with a free time of Anna's, and a later one free in both lanes.
    let scene: { date: string; from: string; to: string } | undefined
    for (let offset = 2; offset <= 28 && !scene; offset += 1) {
      const date = addCalendarDays(todayIn(TIMEZONE), offset)
      const hers = await openStarts(api, anna.id, consultation.id, date)
      const his = new Set((await openStarts(api, jonas.id, consultation.id, date)).map((slot) => slot.start))
      const from = hers[0]
      const to = hers.find((slot) => his.has(slot.start) && Date.parse(slot.start) >= Date.parse(from.end))
      scene = from && to ? { date, from: from.start, to: to.start } : undefined
    }
    expect(scene, 'a free time of Anna and a later one free for both').toBeTruthy()
    const { date, from, to } = scene!
    const moving = await bookGuest(page, { resource: anna.id, service: consultation.id, startTime: from }, 'Lane Change')

    await openCalendar(page, { date, view: 'lanes' })
    const block = page.locator(`.rl-grid__column[data-resource-id="${anna.id}"] .rl-block[data-reservation-id="${moving.id}"]`)
    await dragBlock(block, page.locator(`.rl-grid__column[data-resource-id="${jonas.id}"] .rl-grid__cell[data-start="${to}"]`))
    const toast = successToast(page, 'Lane Change')
    await toast.waitFor({ timeout: 20_000 })
    const text = plain(await toast.innerText())
    expect(text).toMatch(/^Lane Change: Moved from /)
    expect(text).toContain('(Anna Weber → Jonas Keller)')
    const moved = await api.reservation(moving.id)
    expect([moved.startTime, String(moved.resource)]).toEqual([to, String(jonas.id)])
    await browser().screenshot('move-toast-lane')
  })

  it('"Next up" reads a full-day booking as its day, all day, never 12:00 AM', async () => {
    const { page } = browser()
    const api = rest(page)
    const resources = await api.resources()
    const room = resources.find((resource) => resource.name === 'Seminar room')!
    const roomDay = (await api.services()).find((service) => service.name === 'Seminar room, full day')!
    let start = ''
    for (let offset = 1; offset <= 14 && !start; offset += 1) {
      const date = addCalendarDays(todayIn(TIMEZONE), offset)
      start = (await api.get<SlotsResponse>('/reserve/slots', { date, resource: room.id, service: roomDay.id })).slots[0]?.start ?? ''
    }
    expect(start, 'a free day of the seminar room').not.toBe('')
    const day = await bookGuest(page, { resource: room.id, service: roomDay.id, startTime: start }, 'Whole Day')
    const before = await api.reservations({
      and: [
        { startTime: { greater_than_equal: new Date().toISOString() } },
        { startTime: { less_than: start } },
        { status: { in: ['pending', 'confirmed'] } },
      ],
    })
    expect(before.length, 'the full day is among the next five bookings').toBeLessThan(5)

    const dayOf = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: TIMEZONE }).format(new Date(start))
    for (const [label, code, allDay] of [
      ['English', 'en', en.allDay],
      ['Deutsch', 'de', translations.de.reserveLedger.allDay],
    ] as const) {
      await switchLanguage(page, label, code)
      await page.goto('/admin')
      await waitForWidget(page)
      const item = page.locator(`.rl-widget__next[data-reservation-id="${day.id}"] .rl-widget__when`)
      expect(plain(await item.innerText())).toContain(allDay)
      expect(plain(await item.innerText())).not.toMatch(/12:00|0:00/)
      if (code === 'en') {
        expect(plain(await item.innerText())).toBe(`${dayOf} · ${en.allDay}`)
      }
      await browser().screenshot(`${code === 'en' ? '' : `${code}-`}dashboard-next-up-all-day`)
    }
  })

  it('German: "Stand vom…"', async () => {
    const { page } = browser()
    await switchLanguage(page, 'Deutsch', 'de')
    await openCalendar(page, { view: 'week' })
    await page.getByRole('button', { exact: true, name: 'Stand vom…' }).waitFor()
    expect(translations.de.reserveLedger.viewAsOf).toBe('Stand vom…')
  })

  it('Arabic on a phone: a Latin name cut short keeps its first name', async () => {
    const { page } = browser()
    const api = rest(page)
    const { anna, consultation } = await seeded(api)
    let booked: ReservationRecord | undefined
    for (let offset = 2; offset <= 28 && !booked; offset += 1) {
      const date = addCalendarDays(todayIn(TIMEZONE), offset)
      const [slot] = await openStarts(api, anna.id, consultation.id, date)
      booked = slot && (await bookGuest(page, { resource: anna.id, service: consultation.id, startTime: slot.start }, 'Maximiliane Schneider-Leutheusser'))
    }
    expect(booked).toBeTruthy()
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE }).format(new Date(booked!.startTime))
    await switchLanguage(page, 'العربية', 'ar')
    await page.setViewportSize({ height: 844, width: 390 })
    // The week shows three of its days at a time there: a narrow column.
    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    const name = page.locator(`.rl-block[data-reservation-id="${booked!.id}"] .rl-block__who`)
    await name.scrollIntoViewIfNeeded()
    const shown = await name.evaluate((element) => {
      const range = document.createRange()
      range.setStart(element.firstChild!, 0)
      range.setEnd(element.firstChild!, 1)
      const first = range.getBoundingClientRect()
      const box = element.getBoundingClientRect()
      return {
        cut: element.scrollWidth > element.clientWidth,
        firstShown: first.left >= box.left - 0.5 && first.right <= box.right + 0.5,
      }
    })
    expect(shown).toEqual({ cut: true, firstShown: true })
    await browser().screenshot('ar-name-cut-mobile')
    await page.setViewportSize({ height: 1050, width: 1680 })
  })

  it('the availability overview: hours and minutes in each language, and every column on a desktop', async () => {
    const { page } = browser()
    for (const [label, code] of [
      ['English', 'en'],
      ['Deutsch', 'de'],
      ['العربية', 'ar'],
    ] as const) {
      await switchLanguage(page, label, code)
      await page.goto('/admin/reservation-availability')
      await page.locator('.rl-overview__table .rl-overview__load').first().waitFor()
      const scroll = page.locator('.rl-overview__scroll')
      const [scrollWidth, clientWidth] = await scroll.evaluate((element) => [element.scrollWidth, element.clientWidth])
      expect(scrollWidth, `${code}: no column cut off`).toBeLessThanOrEqual(clientWidth)
      const amounts = await page.locator('.rl-overview__load').evaluateAll((cells) =>
        cells.map((cell) => ({ free: Number(cell.getAttribute('data-free')), text: cell.textContent ?? '' })),
      )
      for (const { free, text } of amounts) {
        // No decimal hours: "7.5 hr", "7,5 Std." or "٧٫٥".
        expect(text, code).not.toMatch(/\d[.,٫]\d/)
        if (code === 'en') {
          const [, hours, minutes] = /Free: (?:(\d+) hr)?\s*(?:(\d+) min)?/.exec(plain(text)) ?? []
          expect(Number(hours ?? 0) * 60 + Number(minutes ?? 0), text).toBe(Math.round(free))
        }
      }
      await browser().screenshot(code === 'en' ? 'availability-overview' : `${code}-availability-overview`, { fullPage: true })
    }
    await switchLanguage(page, 'English', 'en')
  })
})
