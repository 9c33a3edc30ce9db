import { describe, expect, it } from 'vitest'

import type { ReservationRecord } from '../../src/contract/http.js'

import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { separateFreeTimes } from './support/free-times.js'
import { rest } from './support/rest.js'

/** Issue 13: another user's change appears within this long, without a reload. */
const LIVE_MS = 2_000

describe('live calendar: one user changes, another sees it without reloading', () => {
  const watcher = useLoggedInBrowser()
  const actor = useLoggedInBrowser()

  it('shows a booking, a move and a cancel within 2 s, and catches up after the connection dropped', async () => {
    const { page } = watcher()
    const other = actor().page
    const api = rest(other)
    const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')
    expect(anna && consultation).toBeTruthy()
    // A day ahead with three free consultation times of Anna's that do not overlap.
    const { date, starts } = await separateFreeTimes(api, { count: 3, fromOffset: 3, resource: anna!.id, service: consultation!.id })
    expect(starts.length, 'three free, separate consultation times of Anna').toBeGreaterThanOrEqual(3)
    const book = async (start: string): Promise<ReservationRecord> => {
      const response = await other.request.post('/api/reservations', {
        data: { guest: { email: 'live@example.com', name: 'Live Update' }, resource: anna!.id, service: consultation!.id, startTime: start },
      })
      expect(response.status()).toBe(201)
      return ((await response.json()) as { doc: ReservationRecord }).doc
    }

    const liveRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/reserve/live')) {
        liveRequests.push(request.url())
      }
    })
    await openCalendar(page, { date, resource: anna!.id, view: 'week' })
    await expect.poll(() => liveRequests.length, { timeout: 20_000 }).toBeGreaterThan(0)
    const column = page.locator(`.rl-grid__column[data-date="${date}"]`)
    const blockOf = (id: string) => column.locator(`.rl-block[data-reservation-id="${id}"]`)

    const booked = await book(starts[0].start)
    await blockOf(booked.id).waitFor({ timeout: LIVE_MS })
    await watcher().screenshot('live-calendar-booked')

    const shownBefore = await blockOf(booked.id).getAttribute('title')
    const moved = await other.request.patch(`/api/reservations/${booked.id}`, { data: { startTime: starts[1].start } })
    expect(moved.status()).toBe(200)
    await expect.poll(() => blockOf(booked.id).getAttribute('title'), { interval: 100, timeout: LIVE_MS }).not.toBe(shownBefore)

    const cancelled = await other.request.post('/api/reserve/cancel', { data: { reason: 'Live test', reservationId: booked.id } })
    expect(cancelled.status()).toBe(200)
    await expect.poll(() => blockOf(booked.id).getAttribute('data-status'), { interval: 100, timeout: LIVE_MS }).toBe('cancelled')

    // The watcher's connection drops (offline emulation leaves open connections open; stopping
    // the page's loads ends it, as a network failure would) and cannot come back while offline.
    // A booking made meanwhile shows once it is back, unreloaded.
    const connections = liveRequests.length
    await watcher().context.setOffline(true)
    await page.evaluate(() => window.stop())
    const meanwhile = await book(starts[2].start)
    await expect.poll(() => api.reservation(meanwhile.id).then((doc) => doc.id)).toBe(meanwhile.id)
    await watcher().context.setOffline(false)
    await blockOf(meanwhile.id).waitFor({ timeout: 30_000 })
    expect(liveRequests.length, 'the calendar connected again').toBeGreaterThan(connections)
    expect(await blockOf(booked.id).getAttribute('data-status')).toBe('cancelled')
    await watcher().screenshot('live-calendar-caught-up')
    // Later files look for pending bookings and free times: leave none of this test's behind.
    expect((await other.request.post('/api/reserve/cancel', { data: { reservationId: meanwhile.id } })).status()).toBe(200)
  })
})
