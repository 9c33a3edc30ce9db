import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { ReservationRecord, SlotsResponse } from '../../src/plugin/http/contract.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { rest, TIMEZONE } from './support/rest.js'

const MINUTE = 60_000
/** The grid's scale (src/admin/calendar/grid-scale.ts): a minute is 1.2 px. */
const PX_PER_MINUTE = 1.2
const iso = (epoch: number): string => new Date(epoch).toISOString()

interface Scene {
  anna: number | string
  consultation: number | string
  date: string
  /** Start of three free hours of Anna's on `date`. */
  free: number
}

/** A day ahead on which Anna has three free hours in a row, found through /slots so any day works. */
const findScene = async (page: Page): Promise<Scene> => {
  const api = rest(page)
  const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
  const consultation = (await api.services()).find((service) => service.name === 'Consultation')
  expect(anna && consultation).toBeTruthy()
  for (let offset = 2; offset <= 40; offset += 1) {
    const date = addCalendarDays(todayIn(TIMEZONE), offset)
    const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource: anna!.id, service: consultation!.id })
    const starts = new Set(slots.map((slot) => Date.parse(slot.start)))
    const free = [...starts].find((start) => [1, 2, 3, 4, 5].every((k) => starts.has(start + k * 30 * MINUTE)))
    if (free !== undefined) {
      return { anna: anna!.id, consultation: consultation!.id, date, free }
    }
  }
  throw new Error('no day with three free hours of Anna in the next 40 days')
}

const book = async (page: Page, scene: Scene, start: number, name: string): Promise<ReservationRecord> => {
  const response = await page.request.post('/api/reservations', {
    data: { guest: { email: 'undo@example.com', name }, resource: scene.anna, service: scene.consultation, startTime: iso(start) },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { doc: ReservationRecord }).doc
}

/** Moves a block later by `quarters` quarter hours with the keyboard and saves it with Enter. */
const moveLater = async (page: Page, id: string, quarters: number): Promise<void> => {
  await page.locator(`.rl-block[data-reservation-id="${id}"]`).focus()
  for (let i = 0; i < quarters; i += 1) {
    await page.keyboard.press('ArrowDown')
  }
  await page.keyboard.press('Enter')
}

const resizeLater = async (page: Page, id: string, minutes: number): Promise<void> => {
  const handle = page.locator(`.rl-block[data-reservation-id="${id}"] .rl-block__resize`)
  await handle.scrollIntoViewIfNeeded()
  const box = (await handle.boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x, y + (minutes * PX_PER_MINUTE) / 2, { steps: 4 })
  await page.mouse.move(x, y + minutes * PX_PER_MINUTE, { steps: 4 })
  await page.locator('.rl-block-ghost').waitFor()
  await page.mouse.up()
}

const successToast = (page: Page, text: string) =>
  page.locator('.toast-success, [data-type="success"]').filter({ hasText: text }).first()

describe('undo from the toast that reports a change', () => {
  const browser = useLoggedInBrowser()
  let scene: Scene
  let booking: ReservationRecord

  it('undoes a move: the booking is back, and its history shows both moves', async () => {
    const { page } = browser()
    const api = rest(page)
    scene = await findScene(page)
    booking = await book(page, scene, scene.free, 'Undo Test')
    await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
    await moveLater(page, booking.id, 2)
    const toast = successToast(page, 'Undo Test')
    await toast.waitFor({ timeout: 20_000 })
    const undo = toast.getByRole('button', { exact: true, name: 'Undo' })
    await undo.waitFor()
    // The toast has faded in.
    await page.waitForTimeout(700)
    await browser().screenshot('undo-toast')
    expect((await api.reservation(booking.id)).startTime).toBe(iso(scene.free + 30 * MINUTE))
    await undo.click()
    await successToast(page, 'Back at').waitFor({ timeout: 20_000 })
    expect((await api.reservation(booking.id)).startTime).toBe(iso(scene.free))
    expect((await api.reservation(booking.id)).endTime).toBe(iso(scene.free + 30 * MINUTE))

    await page.locator(`.rl-block[data-reservation-id="${booking.id}"]`).click()
    const drawer = page.locator('.rl-reservation-drawer')
    const moves = drawer.locator('.rl-timeline__event[data-event-type="ReservationRescheduled"]')
    await expect.poll(() => moves.count(), { timeout: 20_000 }).toBe(2)
  })

  it('undoes a resize: the end is back where it was', async () => {
    const { page } = browser()
    const api = rest(page)
    await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
    await resizeLater(page, booking.id, 30)
    await expect.poll(async () => (await api.reservation(booking.id)).endTime, { timeout: 20_000 }).toBe(iso(scene.free + 60 * MINUTE))
    const toast = successToast(page, 'Undo Test')
    await toast.getByRole('button', { exact: true, name: 'Undo' }).click()
    await successToast(page, 'Back at').waitFor({ timeout: 20_000 })
    const after = await api.reservation(booking.id)
    expect([after.startTime, after.endTime]).toEqual([iso(scene.free), iso(scene.free + 30 * MINUTE)])
  })

  it('refuses an undo onto a time taken meanwhile, in the server’s words, and leaves the booking where it is', async () => {
    const { page } = browser()
    const api = rest(page)
    await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
    await moveLater(page, booking.id, 4)
    const toast = successToast(page, 'Undo Test')
    const undo = toast.getByRole('button', { exact: true, name: 'Undo' })
    await undo.waitFor({ timeout: 20_000 })
    // Someone else books the old time between the move and the undo.
    await book(page, scene, scene.free, 'Taken Meanwhile')
    await undo.click()
    const refusal = page.locator('.toast-error, [data-type="error"]').first()
    await refusal.waitFor({ timeout: 20_000 })
    expect(await refusal.innerText()).toBe('The requested time is not available')
    await page.waitForTimeout(700)
    await browser().screenshot('undo-refused')
    const after = await api.reservation(booking.id)
    expect(after.startTime).toBe(iso(scene.free + 60 * MINUTE))
  })

  it('undoes a cancel by booking the same details again; the cancelled booking stays in the ledger', async () => {
    const { page } = browser()
    const api = rest(page)
    const start = scene.free + 60 * MINUTE
    await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
    await page.locator(`.rl-block[data-reservation-id="${booking.id}"]`).click()
    const drawer = page.locator('.rl-reservation-drawer')
    await drawer.getByRole('button', { exact: true, name: 'Cancel' }).click()
    await drawer.getByRole('button', { exact: true, name: 'Cancel reservation' }).click()
    const toast = successToast(page, 'Reservation cancelled')
    await toast.getByRole('button', { exact: true, name: 'Undo' }).click()
    await successToast(page, 'Booked again').waitFor({ timeout: 20_000 })
    expect((await api.reservation(booking.id)).status).toBe('cancelled')
    const again = await api.reservations({
      and: [
        { startTime: { equals: iso(start) } },
        { resource: { equals: scene.anna } },
        { status: { not_equals: 'cancelled' } },
      ],
    })
    expect(again).toHaveLength(1)
    expect(again[0].guest?.name).toBe('Undo Test')
    expect(again[0].status).toBe('pending')
  })

  it('in Arabic, right to left, the toast offers the undo in Arabic and it works the same', async () => {
    const { page } = browser()
    const api = rest(page)
    const start = scene.free + 120 * MINUTE
    const other = await book(page, scene, start, 'Arabic Undo')
    await switchLanguage(page, 'العربية', 'ar')
    try {
      await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
      await moveLater(page, other.id, 2)
      const undo = successToast(page, 'Arabic Undo').getByRole('button', { exact: true, name: 'تراجع' })
      await undo.waitFor({ timeout: 20_000 })
      await page.waitForTimeout(700)
      await browser().screenshot('ar-undo-toast')
      expect((await api.reservation(other.id)).startTime).toBe(iso(start + 30 * MINUTE))
      await undo.click()
      await successToast(page, 'عاد إلى').waitFor({ timeout: 20_000 })
      expect((await api.reservation(other.id)).startTime).toBe(iso(start))
    } finally {
      await switchLanguage(page, 'English', 'en')
    }
  })
})
