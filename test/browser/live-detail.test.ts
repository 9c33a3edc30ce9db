import { describe, expect, it } from 'vitest'

import type { RecordId, ReservationRecord, SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, dayBounds, localDateOf, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { waitForWidget } from './support/dashboard.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

/** Issue 13: another user's change appears within this long, without a reload. */
const LIVE_MS = 2_000

interface FreeTime {
  resource: RecordId
  service: RecordId
  start: string
}

/** The first free time of any resource and service from `date` on, within `days` days. */
const freeTime = async (api: Rest, date: string, days: number): Promise<FreeTime> => {
  const services = await api.services()
  for (let offset = 0; offset < days; offset += 1) {
    for (const resource of await api.resources()) {
      for (const service of services) {
        const day = addCalendarDays(date, offset)
        const answer = await api
          .get<SlotsResponse>('/reserve/slots', { date: day, resource: resource.id, service: service.id })
          .catch(() => ({ slots: [] }))
        const slot = answer.slots.find((one) => Date.parse(one.start) > Date.now() + 60_000)
        if (slot) {
          return { resource: resource.id, service: service.id, start: slot.start }
        }
      }
    }
  }
  throw new Error(`no free time from ${date} within ${days} days`)
}

describe('live detail: the drawer, the form and the dashboard follow another user', () => {
  const watcher = useLoggedInBrowser()
  const actor = useLoggedInBrowser()

  const book = async ({ resource, service, start }: FreeTime): Promise<ReservationRecord> => {
    const response = await actor().page.request.post('/api/reservations', {
      data: { guest: { email: 'live-detail@example.com', name: 'Live Detail' }, resource, service, startTime: start },
    })
    expect(response.status(), await response.text()).toBe(201)
    return ((await response.json()) as { doc: ReservationRecord }).doc
  }
  /**
   * Books a guest today in the plugin's zone at any hour of the day, as staff may (outside
   * schedules and booking windows): later today while the day has time left, else earlier today,
   * so that the test does not depend on when it runs.
   */
  const bookToday = async (api: Rest): Promise<ReservationRecord> => {
    const QUARTER = 15 * 60_000
    const { end, start } = dayBounds(todayIn(TIMEZONE), TIMEZONE)
    const next = Math.ceil((Date.now() + 2 * 60_000) / QUARTER) * QUARTER
    const later = Array.from({ length: Math.max(0, Math.floor((end - 2 * 3_600_000 - next) / QUARTER)) }, (_, i) => next + i * QUARTER)
    const earlier = Array.from({ length: Math.floor((end - 2 * 3_600_000 - start) / QUARTER) }, (_, i) => start + i * QUARTER)
    const [resources, services] = [await api.resources(), await api.services()]
    for (const at of [...later, ...earlier]) {
      for (const resource of resources) {
        const response = await actor().page.request.post('/api/reservations', {
          data: { guest: { email: 'live-detail@example.com', name: 'Live Detail' }, resource: resource.id, service: services[0].id, startTime: new Date(at).toISOString() },
        })
        if (response.status() === 201) {
          return ((await response.json()) as { doc: ReservationRecord }).doc
        }
      }
    }
    throw new Error(`no time left to book today (${todayIn(TIMEZONE)})`)
  }
  const setStatus = async (id: string, status: string) => {
    const response = await actor().page.request.patch(`/api/reservations/${id}`, { data: { status } })
    expect(response.status(), await response.text()).toBe(200)
  }
  const cancel = async (id: string) =>
    expect((await actor().page.request.post('/api/reserve/cancel', { data: { reservationId: id } })).status()).toBe(200)

  it("shows another user's status change in the open drawer within 2 s, over one live connection", async () => {
    const { page } = watcher()
    const api = rest(actor().page)
    const time = await freeTime(api, addCalendarDays(todayIn(TIMEZONE), 3), 28)
    const booked = await book(time)
    expect(booked.status).toBe('pending')

    const live: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/reserve/live')) {
        live.push(request.url())
      }
    })
    await openCalendar(page, { date: localDateOf(Date.parse(time.start), TIMEZONE), resource: String(time.resource), view: 'day' })
    await page.locator(`.rl-block[data-reservation-id="${booked.id}"]`).click()
    const drawer = page.locator(`.rl-reservation-drawer__content[data-reservation-id="${booked.id}"]`)
    await drawer.locator('.rl-status[data-status="pending"]').waitFor()
    await drawer.locator('.rl-timeline__event').first().waitFor()

    await setStatus(booked.id, 'confirmed')
    await drawer.locator('.rl-status[data-status="confirmed"]').waitFor({ timeout: LIVE_MS })
    await drawer.locator('.rl-timeline__event', { hasText: 'Pending → Confirmed' }).waitFor({ timeout: LIVE_MS })
    await watcher().screenshot('live-drawer-status-changed')

    // The calendar behind and the drawer follow the same changes over one connection.
    expect(live.length, 'live connections opened by the calendar and its drawer').toBe(1)
    await cancel(booked.id)
    await drawer.locator('.rl-status[data-status="cancelled"]').waitFor({ timeout: LIVE_MS })
    expect(live.length).toBe(1)
  })

  it('keeps unsaved input in the form and says the reservation changed, then reloads on request', async () => {
    const { page } = watcher()
    const api = rest(actor().page)
    const booked = await book(await freeTime(api, addCalendarDays(todayIn(TIMEZONE), 3), 28))
    await page.goto(`/admin/collections/reservations/${booked.id}`)
    const status = page.locator('#field-status')
    await expect.poll(async () => (await status.textContent())?.toLowerCase(), { timeout: 30_000 }).toContain('pending')
    const notice = page.locator('.rl-changed-elsewhere')

    // Nothing typed: the form shows the change itself.
    await setStatus(booked.id, 'confirmed')
    await expect
      .poll(async () => (await status.textContent())?.toLowerCase(), { interval: 100, timeout: LIVE_MS })
      .toContain('confirmed')
    expect(await notice.count()).toBe(0)
    const revision = page.locator('#field-ledgerRevision')
    const saved = await api.get<{ ledgerRevision: number }>(`/reservations/${booked.id}`, { depth: 0 })
    await expect.poll(() => revision.inputValue()).toBe(String(saved.ledgerRevision))

    // Something typed: it stays, and a notice offers to reload.
    const notes = page.locator('#field-notes')
    // Payload checks for stale data itself, on the first edit only: that check is done before
    // the other change, which it then misses.
    const checked = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/admin'))
    await notes.fill('Typed while someone else changes it')
    await checked
    await cancel(booked.id)
    await notice.waitFor({ timeout: LIVE_MS })
    expect(await notes.inputValue()).toBe('Typed while someone else changes it')
    expect((await status.textContent())?.toLowerCase()).toContain('confirmed')
    await watcher().screenshot('live-form-changed-elsewhere')
    await notice.getByRole('button', { name: 'Reload' }).click()
    await expect.poll(async () => (await status.textContent())?.toLowerCase(), { timeout: 10_000 }).toContain('cancelled')
    expect(await notes.inputValue()).toBe('')
    await notice.waitFor({ state: 'detached' })
  })

  it("updates the dashboard's today within 2 s when another user books today", async () => {
    const { page } = watcher()
    const api = rest(actor().page)
    await page.goto('/admin')
    await waitForWidget(page)
    const count = async (status: string) =>
      Number(await page.locator(`.rl-widget [data-status-count="${status}"] .rl-widget__count`).textContent())
    const [total, pending, cancelled] = [await count('total'), await count('pending'), await count('cancelled')]
    const booked = await bookToday(api)
    await expect.poll(() => count('total'), { interval: 100, timeout: LIVE_MS }).toBe(total + 1)
    expect(await count('pending')).toBe(pending + 1)
    await watcher().screenshot('live-dashboard-booked')
    await cancel(booked.id)
    await expect.poll(() => count('cancelled'), { interval: 100, timeout: LIVE_MS }).toBe(cancelled + 1)
    expect(await count('pending')).toBe(pending)
    expect(await count('total')).toBe(total + 1)
  })
})
