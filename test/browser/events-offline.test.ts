import { describe, expect, it } from 'vitest'

import type { Page as Docs } from '../../src/contract/http.js'

import { useLoggedInBrowser } from './support/browser.js'
import { rest } from './support/rest.js'

interface EventRow {
  data: Record<string, unknown>
  id: number | string
  metadata: Record<string, unknown>
  type: string
}

// Issue 13, defect 5: Payload's JSON field loads its editor from a CDN; offline, Data and Metadata were blank.
describe('a ledger event in the admin, without the internet', () => {
  const browser = useLoggedInBrowser()

  it('shows its data and metadata as readable fields, and asks no other host for anything', async () => {
    const { context, page } = browser()
    const api = rest(page)
    const outside: string[] = []
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await context.route(
      // The dev app is served on this machine; anything else is the internet.
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
      async (route) => {
        outside.push(route.request().url())
        await route.abort('internetdisconnected')
      },
    )
    const {
      docs: [event],
    } = await api.get<Docs<EventRow>>('/reservation-events', { limit: 1, sort: '-recordedAt', where: { type: { equals: 'ReservationBooked' } } })
    expect(event, 'a booking in the seeded ledger').toBeTruthy()

    await page.goto(`/admin/collections/reservation-events/${encodeURIComponent(String(event.id))}`)
    // A top-level field of the event's data or metadata (items nest their own startTime).
    const shown = (path: string, key: string) =>
      page.locator(`.rl-event-value[data-path="${path}"] > .rl-event-value__fields > [data-key="${key}"] > dd`)
    await shown('data', 'reservationId').waitFor()
    expect(await shown('data', 'reservationId').innerText()).toBe(String(event.data.reservationId))
    expect(await shown('data', 'startTime').innerText()).toBe(String(event.data.startTime))
    expect(await shown('metadata', 'at').innerText()).toBe(String(event.metadata.at))
    await browser().screenshot('reservation-event-offline', { fullPage: true })
    expect(outside).toEqual([])
    expect(errors).toEqual([])
  })
})
