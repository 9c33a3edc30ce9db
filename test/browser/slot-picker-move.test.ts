import { describe, expect, it } from 'vitest'

import type { ReservationRecord, SlotsResponse, TimeRange } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { useLoggedInBrowser } from './support/browser.js'
import { rest, TIMEZONE } from './support/rest.js'

const QUARTER = 15 * 60_000
const iso = (ms: number): string => new Date(ms).toISOString()

// Issue 13, defect 3: editing an 11:00–11:30 booking, the picker hid 10:45, 11:00 and 11:15.
describe('the slot picker of a booking being edited', () => {
  const browser = useLoggedInBrowser()

  it('offers the booking its own time and a quarter-hour move, and asks again after the save', async () => {
    const { page } = browser()
    const api = rest(page)
    const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')
    expect(anna && consultation, 'the seeded Anna Weber and her 30-minute consultation').toBeTruthy()
    const query = { resource: anna!.id, service: consultation!.id }

    // A day with a run of four free quarter hours (the booking and the moves around it) and a later free slot.
    let plan: { later: TimeRange; start: number } | undefined
    for (let offset = 2; offset <= 21 && !plan; offset += 1) {
      const { slots } = await api.get<SlotsResponse>('/reserve/slots', { ...query, date: addCalendarDays(todayIn(TIMEZONE), offset) })
      const starts = new Set(slots.map((slot) => Date.parse(slot.start)))
      const start = [...starts].find((at) => [-1, 1, 2].every((step) => starts.has(at + step * QUARTER)))
      const later = start === undefined ? undefined : slots.find((slot) => Date.parse(slot.start) >= start + 4 * QUARTER)
      plan = start !== undefined && later ? { later, start } : undefined
    }
    expect(plan, 'a free run of an hour and a later slot in the next three weeks').toBeTruthy()
    const { later, start } = plan!
    const book = async (startTime: string): Promise<ReservationRecord> => {
      const response = await page.request.post('/api/reservations', { data: { ...query, startTime } })
      expect(response.status()).toBe(201)
      return ((await response.json()) as { doc: ReservationRecord }).doc
    }
    const booking = await book(iso(start))

    await page.goto(`/admin/collections/reservations/${encodeURIComponent(booking.id)}`)
    const picker = page.locator('.rl-slot-picker')
    const slot = (at: number | string) => picker.locator(`.rl-slot-picker__slot[data-start="${typeof at === 'string' ? at : iso(at)}"]`)
    // Waited for, not counted at once: the list is empty for a moment whenever it is asked again
    // (a save elsewhere, the document's info refreshed), which a full suite run can bring about.
    await slot(start).and(page.locator('[aria-pressed="true"]')).waitFor()
    for (const at of [start - QUARTER, start + QUARTER]) {
      await slot(at).waitFor({ timeout: 10_000 }).catch(() => expect.fail(`${iso(at)}, overlapping only the booking itself, is not offered`))
    }
    await browser().screenshot('slot-picker-move')

    await slot(start + QUARTER).click()
    // Someone else takes the later slot meanwhile: the picker learns of it with the save's answer.
    const other = await book(later.start)
    await slot(later.start).waitFor({ timeout: 10_000 })
    await page.locator('#action-save').click()
    await expect.poll(async () => (await api.reservation(booking.id)).startTime, { timeout: 30_000 }).toBe(iso(start + QUARTER))
    await slot(later.start).waitFor({ state: 'detached', timeout: 30_000 })
    await slot(start + QUARTER).and(page.locator('[aria-pressed="true"]')).waitFor()
    await slot(start).waitFor({ timeout: 10_000 }).catch(() => expect.fail('the time it left is not offered again'))

    for (const id of [booking.id, other.id]) {
      expect((await page.request.post('/api/reserve/cancel', { data: { reservationId: id } })).status()).toBe(200)
    }
  })
})
