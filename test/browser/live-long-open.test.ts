import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { ReservationRecord } from '../../src/contract/http.js'

import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { separateFreeTimes } from './support/free-times.js'
import { rest } from './support/rest.js'

/**
 * How long both calendars stay open after the changes, watching for anything more. Past twice
 * the live feed's 10 s look-back, where it used to announce the same events again twice a
 * second; minutes, because a tab left open all day is how receptionists use it.
 */
const OPEN_FOR_MS = Number(process.env.RESERVE_LIVE_OPEN_MS ?? 150_000)
/** A page has settled once it made no request for this long. */
const QUIET_MS = 1_500

/** What one open calendar received and asked for, counted in the page. */
interface Counts {
  /** The `reservation` events its live connection dispatched, by their data. */
  events: string[]
  /** Its connections to the live endpoint. */
  live: number
  /** Every other API request it made. */
  requests: number
}

/** Counts a page's live events (through its EventSource) and requests from its next navigation on. */
const countTraffic = async (page: Page): Promise<() => Promise<Counts>> => {
  // Off the page the login landed on: its dashboard, still hydrating, would open a live
  // connection of its own after counting began.
  await page.goto('about:blank')
  await page.addInitScript(() => {
    const Native = window.EventSource
    const received: string[] = []
    ;(window as unknown as { liveEvents: string[] }).liveEvents = received
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        this.addEventListener('reservation', (event) => received.push((event as MessageEvent<string>).data))
      }
    }
  })
  const counted = { live: 0, requests: 0 }
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.endsWith('/api/reserve/live')) {
      counted.live += 1
    } else if (pathname.startsWith('/api/')) {
      counted.requests += 1
    }
  })
  return async () => ({
    events: await page.evaluate(() => [...(window as unknown as { liveEvents: string[] }).liveEvents]),
    ...counted,
  })
}

/** Waits until the page made no request for `QUIET_MS` and its calendar is not loading. */
const settled = async (page: Page, counts: () => Promise<Counts>): Promise<Counts> => {
  let last = -1
  let since = Date.now()
  for (;;) {
    const { requests } = await counts()
    if (requests !== last) {
      last = requests
      since = Date.now()
    } else if (Date.now() - since >= QUIET_MS && (await page.locator('.rl-calendar__body:not([data-loading])').count()) > 0) {
      return counts()
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('live calendar left open: each change arrives once and is loaded once, and nothing comes while idle', () => {
  const weekTab = useLoggedInBrowser()
  const lanesTab = useLoggedInBrowser()

  it(
    `two calendars open for ${Math.round(OPEN_FOR_MS / 1000)} s after five changes receive five events and reload five times`,
    async () => {
      const pages = [weekTab().page, lanesTab().page]
      const api = rest(pages[0])
      const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
      const consultation = (await api.services()).find((service) => service.name === 'Consultation')
      expect(anna && consultation).toBeTruthy()
      // A day ahead with three free consultation times of Anna's that do not overlap.
      const { date, starts } = await separateFreeTimes(api, { count: 3, fromOffset: 3, resource: anna!.id, service: consultation!.id })
      expect(starts.length, 'three free, separate consultation times of Anna').toBeGreaterThanOrEqual(3)

      const counters = await Promise.all(pages.map((page) => countTraffic(page)))
      await openCalendar(pages[0], { date, view: 'week' })
      await openCalendar(pages[1], { date, view: 'lanes' })
      await expect.poll(async () => (await Promise.all(counters.map((counts) => counts()))).map(({ live }) => live)).toEqual([1, 1])
      let before = await Promise.all(pages.map((page, index) => settled(page, counters[index])))

      // The changes come from the pages' session through the API (`page.request`), which is not
      // one of the pages' own requests.
      const request = pages[0].request
      const book = async (start: string): Promise<string> => {
        const response = await request.post('/api/reservations', {
          data: { guest: { email: 'open@example.com', name: 'Left Open' }, resource: anna!.id, service: consultation!.id, startTime: start },
        })
        expect(response.status()).toBe(201)
        return ((await response.json()) as { doc: ReservationRecord }).doc.id
      }
      const cancel = async (reservationId: string) =>
        expect((await request.post('/api/reserve/cancel', { data: { reason: 'Left open', reservationId } })).status()).toBe(200)
      let first = ''
      let second = ''
      const changes: (() => Promise<unknown>)[] = [
        async () => (first = await book(starts[0].start)),
        async () => expect((await request.patch(`/api/reservations/${first}`, { data: { startTime: starts[1].start } })).status()).toBe(200),
        async () => (second = await book(starts[2].start)),
        () => cancel(first),
        () => cancel(second),
      ]
      /** Per page, the requests each change made it send. */
      const perChange: number[][] = [[], []]
      for (const [index, change] of changes.entries()) {
        await change()
        await expect
          .poll(async () => (await Promise.all(counters.map((counts) => counts()))).map(({ events }) => events.length), { timeout: 10_000 })
          .toEqual([index + 1, index + 1])
        const after = await Promise.all(pages.map((page, tab) => settled(page, counters[tab])))
        after.forEach((counts, tab) => perChange[tab].push(counts.requests - before[tab].requests))
        before = after
      }
      for (const [tab, requests] of perChange.entries()) {
        // One reload a change: each asks what the first did, and a page asks at all.
        expect(requests[0], `tab ${tab} reloads on a change`).toBeGreaterThan(0)
        expect(Math.max(...requests), `tab ${tab}'s requests per change: ${requests.join(', ')}`).toBeLessThanOrEqual(requests[0])
        // Each change once: five distinct events.
        expect(new Set(before[tab].events).size).toBe(changes.length)
      }
      await weekTab().screenshot('live-long-open-week')

      // Left open: nothing more arrives and nothing is asked, checked along the way.
      const idleStart = Date.now()
      while (Date.now() - idleStart < OPEN_FOR_MS) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(15_000, OPEN_FOR_MS - (Date.now() - idleStart))))
        const now = await Promise.all(counters.map((counts) => counts()))
        expect(now, `after ${Math.round((Date.now() - idleStart) / 1000)} s open`).toEqual(before)
      }
      for (const page of pages) {
        expect(await page.locator('.rl-calendar__body[data-loading]').count()).toBe(0)
      }
      console.info(`live-long-open: requests per change ${JSON.stringify(perChange)}; idle ${OPEN_FOR_MS} ms: no event, no request`)
    },
    OPEN_FOR_MS + 180_000,
  )
})
