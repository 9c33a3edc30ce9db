import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { ReservationRecord } from '../../src/contract/http.js'

import { bookAnna, dragEnd, findScene, iso, MINUTE, type Scene } from './support/anna-free-hours.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { rest } from './support/rest.js'

/** Moves a block later by `quarters` quarter hours with the keyboard and saves it with Enter. */
const moveLater = async (page: Page, id: string, quarters: number): Promise<void> => {
  await page.locator(`.rl-block[data-reservation-id="${id}"]`).focus()
  for (let i = 0; i < quarters; i += 1) {
    await page.keyboard.press('ArrowDown')
  }
  await page.keyboard.press('Enter')
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
    booking = await bookAnna(page, scene, scene.free, 'Undo Test')
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
    await dragEnd(page, booking.id, 30)
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
    await bookAnna(page, scene, scene.free, 'Taken Meanwhile')
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
    const other = await bookAnna(page, scene, start, 'Arabic Undo')
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
