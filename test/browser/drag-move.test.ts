import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { ReservationRecord, SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { useLoggedInBrowser } from './support/browser.js'
import { dragBlock, openCalendar, undrawn } from './support/calendar.js'
import { rest, TIMEZONE } from './support/rest.js'

type Slot = SlotsResponse['slots'][number]

/**
 * A day ahead with three free consultation times of Anna's that do not overlap, over which the
 * calendar draws nothing (the slots endpoint counts a cancelled booking's time as free, the
 * week still draws it): whatever day the suite runs, the times it drops on are empty.
 */
const sceneOf = async (page: Page) => {
  const api = rest(page)
  const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
  const consultation = (await api.services()).find((service) => service.name === 'Consultation')
  expect(anna && consultation).toBeTruthy()
  let date = ''
  let starts: Slot[] = []
  for (let offset = 2; offset <= 28 && starts.length < 3; offset += 1) {
    date = addCalendarDays(todayIn(TIMEZONE), offset)
    const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource: anna!.id, service: consultation!.id })
    // Starts that do not overlap one another.
    starts = (await undrawn(api, anna!.id, date, slots)).reduce<Slot[]>(
      (apart, slot) =>
        apart.length === 0 || Date.parse(apart[apart.length - 1].end) <= Date.parse(slot.start) ? [...apart, slot] : apart,
      [],
    )
  }
  expect(starts.length, 'three free, separate consultation times of Anna with nothing drawn over them').toBeGreaterThanOrEqual(3)
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
  return { anna: anna!, api, book, date, starts }
}

describe('drag to move in the week view', () => {
  const browser = useLoggedInBrowser()

  it('moves a booking to a free time, and snaps back with the reason onto a taken one', async () => {
    const { page } = browser()
    const { anna, api, book, date, starts } = await sceneOf(page)
    const moving = await book(starts[0].start)
    const taken = await book(starts[2].start)
    const free = starts[1].start

    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    const column = page.locator(`.rl-grid__column[data-date="${date}"]`)
    const block = column.locator(`.rl-block[data-reservation-id="${moving.id}"]`)
    await dragBlock(block, column.locator(`.rl-grid__cell[data-start="${free}"]`))
    await expect.poll(async () => (await api.reservation(moving.id)).startTime, { timeout: 20_000 }).toBe(free)
    await column.locator(`.rl-block[data-reservation-id="${moving.id}"]`).waitFor()
    await browser().screenshot('drag-move-week')

    // Onto the other booking: Anna has one place, so the ledger refuses and the block stays.
    const moved = column.locator(`.rl-block[data-reservation-id="${moving.id}"]`)
    await dragBlock(moved, column.locator(`.rl-block[data-reservation-id="${taken.id}"]`))
    const toast = page.locator('.toast-error, [data-type="error"]').first()
    await toast.waitFor({ timeout: 20_000 })
    expect((await toast.innerText()).length).toBeGreaterThan(5)
    await browser().screenshot('drag-move-conflict')
    expect((await api.reservation(moving.id)).startTime).toBe(free)
  })

  it("a cancelled booking's time takes a drop and a click as free time; its name still opens it", async () => {
    const { page } = browser()
    const { anna, api, book, date, starts } = await sceneOf(page)
    const moving = await book(starts[0].start)
    const gone = await book(starts[1].start)
    const cancelled = await page.request.patch(`/api/reservations/${gone.id}`, { data: { status: 'cancelled' } })
    expect(cancelled.status()).toBe(200)

    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    const column = page.locator(`.rl-grid__column[data-date="${date}"]`)
    const ghost = column.locator(`.rl-block[data-reservation-id="${gone.id}"]`)
    await ghost.waitFor()
    // The free time under the cancelled block, beside its name: the point a person aims at.
    const cell = column.locator(`.rl-grid__cell[data-start="${gone.startTime}"]`)
    const box = (await cell.boundingBox())!
    const beside = { x: box.width - 8, y: box.height / 2 }
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.className, { x: box.x + beside.x, y: box.y + beside.y }),
      'the free time, not the cancelled block, is under the pointer there',
    ).toBe('rl-grid__cell')

    // A click there books: the quick-create popover opens at that time.
    await cell.click({ position: beside })
    const quick = page.locator('.rl-quick[data-placed]')
    await quick.waitFor()
    await browser().screenshot('cancelled-time-click')
    await page.keyboard.press('Escape')
    await page.locator('.rl-quick').waitFor({ state: 'detached' })

    // A drop there moves the other booking onto the time the cancelled one gave up.
    await dragBlock(column.locator(`.rl-block[data-reservation-id="${moving.id}"]`), cell, { x: beside.x, y: 2 })
    await expect.poll(async () => (await api.reservation(moving.id)).startTime, { timeout: 20_000 }).toBe(gone.startTime)

    // The cancelled booking's name still opens it.
    await ghost.locator('.rl-block__line, .rl-block__title').first().click()
    const drawer = page.locator(`.rl-reservation-drawer__content[data-reservation-id="${gone.id}"]`)
    await drawer.waitFor()
    await expect.poll(async () => (await drawer.innerText()).toLowerCase(), { timeout: 15_000 }).toContain('cancelled')
    await browser().screenshot('cancelled-time-drawer')
    await page.keyboard.press('Escape')
  })
})
