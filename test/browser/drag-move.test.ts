import { describe, expect, it } from 'vitest'

import type { ReservationRecord, SlotsResponse } from '../../src/plugin/http/contract.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { rest, TIMEZONE } from './support/rest.js'

describe('drag to move in the week view', () => {
  const browser = useLoggedInBrowser()

  it('moves a booking to a free time, and snaps back with the reason onto a taken one', async () => {
    const { page } = browser()
    const api = rest(page)
    const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')
    expect(anna && consultation).toBeTruthy()
    // A day ahead with three free consultation times of Anna's that do not overlap.
    let date = ''
    let starts: SlotsResponse['slots'] = []
    for (let offset = 2; offset <= 28 && starts.length < 3; offset += 1) {
      date = addCalendarDays(todayIn(TIMEZONE), offset)
      const query = { date, resource: anna!.id, service: consultation!.id }
      const { slots } = await api.get<SlotsResponse>('/reserve/slots', query)
      // Starts that do not overlap one another.
      starts = slots.reduce<SlotsResponse['slots']>(
        (apart, slot) =>
          apart.length === 0 || Date.parse(apart[apart.length - 1].end) <= Date.parse(slot.start) ? [...apart, slot] : apart,
        [],
      )
    }
    expect(starts.length, 'three free, separate consultation times of Anna').toBeGreaterThanOrEqual(3)
    const book = async (start: string): Promise<ReservationRecord> => {
      const response = await page.request.post('/api/reservations', {
        data: {
          guest: { email: 'drag@example.com', name: 'Drag Test' },
          resource: anna!.id,
          service: consultation!.id,
          startTime: start,
        },
      })
      expect(response.status()).toBe(201)
      return ((await response.json()) as { doc: ReservationRecord }).doc
    }
    const moving = await book(starts[0].start)
    const taken = await book(starts[2].start)
    const free = starts[1].start

    await openCalendar(page, { date, resource: anna!.id, view: 'week' })
    const column = page.locator(`.rl-grid__column[data-date="${date}"]`)
    const block = column.locator(`.rl-block[data-reservation-id="${moving.id}"]`)
    await block.dragTo(column.locator(`.rl-grid__cell[data-start="${free}"]`), {
      sourcePosition: { x: 10, y: 2 },
      targetPosition: { x: 10, y: 2 },
    })
    await expect.poll(async () => (await api.reservation(moving.id)).startTime, { timeout: 20_000 }).toBe(free)
    await column.locator(`.rl-block[data-reservation-id="${moving.id}"]`).waitFor()
    await browser().screenshot('drag-move-week')

    // Onto the other booking: Anna has one place, so the ledger refuses and the block stays.
    const moved = column.locator(`.rl-block[data-reservation-id="${moving.id}"]`)
    await moved.dragTo(column.locator(`.rl-block[data-reservation-id="${taken.id}"]`), {
      sourcePosition: { x: 10, y: 2 },
      targetPosition: { x: 10, y: 2 },
    })
    const toast = page.locator('.toast-error, [data-type="error"]').first()
    await toast.waitFor({ timeout: 20_000 })
    expect((await toast.innerText()).length).toBeGreaterThan(5)
    await browser().screenshot('drag-move-conflict')
    expect((await api.reservation(moving.id)).startTime).toBe(free)
  })
})
