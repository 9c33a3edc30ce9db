import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { ReservationRecord, SlotsResponse, TimeRange } from '../../src/contract/http.js'

import { addCalendarDays, localDateOf, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { weekdayOf } from '../../src/time/local-time.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar, openCreateForm, undrawn } from './support/calendar.js'
import { rest, type Rest, TIMEZONE } from './support/rest.js'

const en = translations.en.reserveLedger

/** Intl puts a narrow no-break space before AM/PM; compare text as a person reads it. */
const plain = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ').replace(/\s+/g, ' ').trim()

/** `2:00 PM`: a start by the clock of the plugin's zone, never the browser's (America/New_York). */
const clockIn = (iso: string, timeZone: string): string =>
  plain(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso)))

/** `Dec 7`: a day as the list and the titles name it (month and day). */
const dayIn = (iso: string): string =>
  plain(new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone: TIMEZONE }).format(new Date(iso)))

/** A free start of a resource and service on a Wednesday to come (2 PM where free, the first free otherwise). */
const freeWednesdaySlot = async (api: Rest, resource: number | string, service: number | string) => {
  for (let offset = 1; offset <= 28; offset += 1) {
    const date = addCalendarDays(todayIn(TIMEZONE), offset)
    if (weekdayOf(date) !== 'wed') {
      continue
    }
    // Free in the ledger and with nothing drawn over it: another file's cancelled booking there
    // still shows its name, which takes the click.
    const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource, service })
    const free = await undrawn(api, resource, date, slots)
    const slot = free.find((candidate) => clockIn(candidate.start, TIMEZONE) === '2:00 PM') ?? free[0]
    if (slot) {
      return { date, slot }
    }
  }
  throw new Error('no free Wednesday slot in the next four weeks')
}

/** The list view's row of a reservation, the list narrowed down to it. */
const listRow = async (page: Page, id: string) => {
  await page.goto(`/admin/collections/reservations?view=list&where[id][equals]=${encodeURIComponent(id)}`)
  const row = page.locator('.table tbody tr', {
    has: page.locator(`a[href$="/collections/reservations/${encodeURIComponent(id)}"]`),
  })
  await row.waitFor()
  return row
}

describe("one time zone: the plugin's, whatever the browser's", () => {
  const browser = useLoggedInBrowser()

  it('shows the time clicked in the week in the form, its title, the list, the edit page and its breadcrumb', async () => {
    const { page } = browser()
    const api = rest(page)
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York')
    const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')
    expect(anna && consultation).toBeTruthy()
    const { date, slot } = await freeWednesdaySlot(api, anna!.id, consultation!.id)
    const clock = clockIn(slot.start, TIMEZONE)
    // The browser's clock reads another time: a field in its zone could not pass.
    expect(clockIn(slot.start, 'America/New_York')).not.toBe(clock)

    await openCalendar(page, { date, resource: anna!.id, view: 'week' })
    const cell = page.locator(`.rl-grid__column[data-date="${date}"] .rl-grid__cell[data-start="${slot.start}"]`)
    await openCreateForm(page, cell)
    const drawer = page.locator('.doc-drawer').last()
    const title = drawer.locator('.doc-drawer__header-text')
    await expect.poll(async () => plain(await title.innerText()), { timeout: 15_000 }).toContain(clock)
    expect(plain(await title.innerText())).toContain(dayIn(slot.start))
    const start = drawer.locator('#field-startTime input').first()
    expect(plain(await start.inputValue())).toContain(clock)
    expect(await drawer.locator('#field-startTime').innerText()).toContain(TIMEZONE)
    await browser().screenshot('time-zone-create-form')

    await drawer.locator('#field-service .rs__control').click()
    await page.locator('.rs__option', { hasText: 'Consultation' }).first().click()
    await drawer.locator(`.rl-slot-picker__slot[data-start="${slot.start}"][aria-pressed="true"]`).click()
    // The end the picked slot set reads in the zone too.
    expect(plain(await drawer.locator('#field-endTime input').first().inputValue())).toContain(clockIn(slot.end, TIMEZONE))
    await drawer.locator('.rl-customer-field__input').fill('Mia')
    await page.locator('.rl-customer-field__hit', { hasText: 'Mia Schneider' }).click()
    await drawer.locator('#action-save').click()
    await drawer.waitFor({ state: 'detached' })
    const [booked] = await api.reservations({
      and: [{ startTime: { equals: slot.start } }, { resource: { equals: anna!.id } }],
    })
    expect(booked, 'the booking saved at the instant clicked').toBeTruthy()

    await page.goto(`/admin/collections/reservations/${encodeURIComponent(booked.id)}`)
    const edit = page.locator('#field-startTime input').first()
    await expect.poll(async () => plain(await edit.inputValue()), { timeout: 15_000 }).toContain(clock)
    const crumb = page.locator('.step-nav')
    await expect.poll(async () => plain(await crumb.innerText()), { timeout: 15_000 }).toContain(clock)
    await browser().screenshot('time-zone-edit-page')

    const row = await listRow(page, booked.id)
    const text = plain(await row.innerText())
    expect(text).toContain(clock)
    expect(text).toContain(dayIn(slot.start))
    await browser().screenshot('time-zone-list')
  })

  it('lists a full-day booking on its own day, as "All day"', async () => {
    const { page } = browser()
    const api = rest(page)
    const room = (await api.resources()).find((resource) => resource.name === 'Seminar room')
    const roomDay = (await api.services()).find((service) => service.name === 'Seminar room, full day')
    let slot: TimeRange | undefined
    for (let offset = 1; offset <= 28 && !slot; offset += 1) {
      const date = addCalendarDays(todayIn(TIMEZONE), offset)
      ;[slot] = (await api.get<SlotsResponse>('/reserve/slots', { date, resource: room!.id, service: roomDay!.id })).slots
    }
    expect(slot, 'a free day of the seminar room').toBeTruthy()
    const response = await page.request.post('/api/reservations', {
      data: { resource: room!.id, service: roomDay!.id, startTime: slot!.start },
    })
    expect(response.status()).toBe(201)
    const { doc } = (await response.json()) as { doc: ReservationRecord }
    // Midnight in Berlin is the evening before in New York: a day read in the browser's zone is a day early.
    expect(localDateOf(Date.parse(doc.startTime), 'America/New_York')).not.toBe(localDateOf(Date.parse(doc.startTime), TIMEZONE))

    const row = await listRow(page, doc.id)
    const text = plain(await row.innerText())
    expect(text).toContain(`${dayIn(doc.startTime)},`)
    expect(text).toContain(en.allDay)
    expect(text).not.toMatch(/\d:\d\d [AP]M/)

    await page.goto(`/admin/collections/reservations/${encodeURIComponent(doc.id)}`)
    const crumb = page.locator('.step-nav')
    await expect.poll(async () => plain(await crumb.innerText()), { timeout: 15_000 }).toContain(en.allDay)
    expect(plain(await crumb.innerText())).toContain(dayIn(doc.startTime))
  })

  it("shows a ledger event's time in the zone, named", async () => {
    const { page } = browser()
    await page.goto('/admin/collections/reservation-events')
    const first = page.locator('.table tbody tr').first()
    await first.waitFor()
    const href = await first.locator('a').first().getAttribute('href')
    const id = decodeURIComponent(href?.split('/').pop() ?? '')
    const event = (await (await page.request.get(`/api/reservation-events/${id}`)).json()) as { recordedAt: string }
    const zoneName = plain(
      new Intl.DateTimeFormat('en-US', { timeZone: TIMEZONE, timeZoneName: 'short' })
        .formatToParts(new Date(event.recordedAt))
        .find((part) => part.type === 'timeZoneName')!.value,
    )
    const text = plain(await first.innerText())
    expect(text).toContain(clockIn(event.recordedAt, TIMEZONE))
    expect(text).toContain(zoneName)
    await page.goto(href!)
    const recorded = page.locator('#field-recordedAt input').first()
    await expect.poll(async () => plain(await recorded.inputValue()), { timeout: 15_000 }).toContain(clockIn(event.recordedAt, TIMEZONE))
  })
})
