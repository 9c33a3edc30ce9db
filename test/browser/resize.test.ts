import type { Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ReservationRecord } from '../../src/contract/http.js'

import { bookAnna, dragEnd, findScene, iso, MINUTE, PX_PER_MINUTE, type Scene } from './support/anna-free-hours.js'
import { type Browser, logIn, openBrowser, useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { rest, TIMEZONE } from './support/rest.js'

/** A clock time as the admin shows it: in the plugin's zone, not the browser's (America/New_York). */
const clock = (epoch: number): string =>
  new Intl.DateTimeFormat('en-US-u-ca-gregory', { hour: 'numeric', minute: '2-digit', timeZone: TIMEZONE }).format(epoch)

const book = (page: Page, scene: Scene, start: number): Promise<ReservationRecord> => bookAnna(page, scene, start, 'Resize Test')

const blockHeight = async (page: Page, id: string): Promise<number> =>
  (await page.locator(`.rl-block[data-reservation-id="${id}"]`).boundingBox())?.height ?? 0

describe('resize and keyboard moves in the week view', () => {
  const browser = useLoggedInBrowser()
  let scene: Scene
  let first: ReservationRecord
  let second: ReservationRecord

  it('drags the lower edge to a later end, and snaps back with the reason onto a taken time', async () => {
    const { page } = browser()
    const api = rest(page)
    scene = await findScene(page)
    const { free } = scene
    first = await book(page, scene, free)
    second = await book(page, scene, free + 90 * MINUTE)
    expect(Date.parse(first.endTime!)).toBe(free + 30 * MINUTE)

    await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
    const block = page.locator(`.rl-block[data-reservation-id="${first.id}"]`)
    await dragEnd(page, first.id, 30, async () => {
      // The ghost shows the new times, in the plugin's zone, before anything is saved.
      await expect
        .poll(() => page.locator('.rl-block-ghost').innerText())
        .toBe(`${clock(free)}–${clock(free + 60 * MINUTE)}`)
      await browser().screenshot('resize-dragging')
    })
    await expect.poll(async () => (await api.reservation(first.id)).endTime, { timeout: 20_000 }).toBe(iso(free + 60 * MINUTE))
    expect((await api.reservation(first.id)).startTime).toBe(iso(free))
    await expect
      .poll(() => block.innerText(), { timeout: 20_000 })
      .toContain(`${clock(free)}–${clock(free + 60 * MINUTE)}`)
    await expect.poll(() => blockHeight(page, first.id)).toBeCloseTo(60 * PX_PER_MINUTE, 0)
    // Letting go of the handle is not a click that opens the booking.
    expect(await page.locator('.rl-reservation-drawer').count()).toBe(0)
    await browser().screenshot('resize-done')

    // Into the next booking: Anna has one place, so the ledger refuses and the block keeps its end.
    await dragEnd(page, first.id, 60)
    const toast = page.locator('.toast-error, [data-type="error"]').first()
    await toast.waitFor({ timeout: 20_000 })
    expect((await toast.innerText()).length).toBeGreaterThan(5)
    await expect.poll(() => page.locator('.rl-block-ghost').count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => blockHeight(page, first.id)).toBeCloseTo(60 * PX_PER_MINUTE, 0)
    await browser().screenshot('resize-conflict')
    expect((await api.reservation(first.id)).endTime).toBe(iso(free + 60 * MINUTE))
  })

  it('moves a focused booking with the arrow keys, announced, saved with Enter; Escape leaves it', async () => {
    const { page } = browser()
    const api = rest(page)
    // Where the booking is now, whatever the resize before did: 30 or 60 minutes from `free`.
    const free = Date.parse((await api.reservation(first.id)).startTime)
    const length = (Date.parse((await api.reservation(first.id)).endTime!) - free) / MINUTE
    const later = (minutes: number) => clock(free + minutes * MINUTE)
    await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
    const block = page.locator(`.rl-block[data-reservation-id="${first.id}"]`)
    const live = page.locator('.rl-grid [role="status"]')
    await block.focus()
    // The hint tells screen-reader users the keys.
    const hint = await block.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${hint}"]`).innerText()).toContain('Enter saves')

    await page.keyboard.press('ArrowDown')
    await expect.poll(() => live.innerText()).toContain(`${later(15)}–${later(15 + length)}`)
    await page.keyboard.press('Escape')
    await expect.poll(() => live.innerText()).toContain('cancelled')
    expect(await page.locator('.rl-block-ghost').count()).toBe(0)

    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Shift+ArrowUp')
    await expect.poll(() => page.locator('.rl-block-ghost').innerText()).toBe(`${later(15)}–${later(length)}`)
    await page.keyboard.press('Shift+ArrowDown')
    await expect.poll(() => live.innerText()).toContain(`${later(15)}–${later(15 + length)}`)
    await browser().screenshot('keyboard-move-pending')
    await page.keyboard.press('Enter')
    await expect
      .poll(async () => (await api.reservation(first.id)).startTime, { timeout: 20_000 })
      .toBe(iso(free + 15 * MINUTE))
    expect((await api.reservation(first.id)).endTime).toBe(iso(free + (15 + length) * MINUTE))
    await expect.poll(() => block.innerText(), { timeout: 20_000 }).toContain(later(15))
    // Enter saved the move and did not open the drawer, and the block keeps the focus for the next key.
    expect(await page.locator('.rl-block:focus').getAttribute('data-reservation-id')).toBe(first.id)
    expect(await page.locator('.rl-reservation-drawer').count()).toBe(0)
    await browser().screenshot('keyboard-move-saved')

    // In the lanes, Left and Right take it to a neighbouring resource's lane, named for screen readers.
    await openCalendar(page, { date: scene.date, view: 'lanes' })
    const lanes = page.locator('.rl-grid__column')
    const ids = await lanes.evaluateAll((columns) => columns.map((column) => column.getAttribute('data-resource-id')))
    const own = ids.indexOf(String(scene.anna))
    expect(ids.length).toBeGreaterThan(1)
    const next = own + 1 < ids.length ? own + 1 : own - 1
    const resources = await api.resources()
    const neighbour = resources.find((resource) => String(resource.id) === ids[next])!
    await page.locator(`.rl-block[data-reservation-id="${first.id}"]`).focus()
    await page.keyboard.press(next > own ? 'ArrowRight' : 'ArrowLeft')
    await expect.poll(() => live.innerText()).toContain(neighbour.name)
    expect(await lanes.nth(next).locator('.rl-block-ghost').count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.rl-block-ghost').count()).toBe(0)
    expect(await api.reservation(first.id)).toMatchObject({ resource: scene.anna, startTime: iso(free + 15 * MINUTE) })
  })

  it('offers no move or resize on a cancelled booking', async () => {
    const { page } = browser()
    const cancelled = await book(page, scene, scene.free + 150 * MINUTE)
    const response = await page.request.patch(`/api/reservations/${cancelled.id}`, { data: { status: 'cancelled' } })
    expect(response.status()).toBe(200)
    await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
    const block = page.locator(`.rl-block[data-reservation-id="${cancelled.id}"]`)
    await block.waitFor()
    expect(await block.getAttribute('draggable')).toBeNull()
    expect(await block.locator('.rl-block__resize').count()).toBe(0)
    // The booking beside it still offers both.
    expect(await page.locator(`.rl-block[data-reservation-id="${second.id}"] .rl-block__resize`).count()).toBe(1)
  })

  it('in Arabic, right to left, Left takes a booking to the next day and the announcement is Arabic', async () => {
    const { page } = browser()
    await switchLanguage(page, 'العربية', 'ar')
    try {
      await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'week' })
      const days = await page.locator('.rl-grid__column').evaluateAll((columns) => columns.map((one) => one.getAttribute('data-date')))
      const own = days.indexOf(scene.date)
      // Forward in reading order is leftward; on the week's last day, go back with Right instead.
      const next = own + 1 < days.length ? own + 1 : own - 1
      await page.locator(`.rl-block[data-reservation-id="${first.id}"]`).focus()
      await page.keyboard.press(next > own ? 'ArrowLeft' : 'ArrowRight')
      await expect.poll(() => page.locator(`.rl-grid__column[data-date="${days[next]}"] .rl-block-ghost`).count()).toBe(1)
      await expect.poll(() => page.locator('.rl-grid [role="status"]').innerText()).toContain('الوقت الجديد')
      await browser().screenshot('ar-keyboard-move-pending')
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('.rl-block-ghost').count()).toBe(0)
    } finally {
      await switchLanguage(page, 'English', 'en')
    }
  })

  describe('on a phone (390×844, touch)', () => {
    let phone: Browser | undefined
    beforeAll(async () => {
      phone = await openBrowser({ phone: true })
      await logIn(phone.page)
    })
    afterAll(async () => {
      await phone?.close()
    })

    it('lifts a booking with a long press and moves it by dragging the finger', async () => {
      const { page } = phone!
      const api = rest(page)
      const { free } = scene
      await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'day' })
      const block = page.locator(`.rl-block[data-reservation-id="${second.id}"]`)
      await block.scrollIntoViewIfNeeded()
      const box = (await block.boundingBox())!
      // The day's one column fits the phone's width.
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      const x = box.x + box.width / 2
      const y = box.y + 8
      const cdp = await page.context().newCDPSession(page)
      const touch = (type: 'touchEnd' | 'touchMove' | 'touchStart', at: number) =>
        cdp.send('Input.dispatchTouchEvent', { touchPoints: type === 'touchEnd' ? [] : [{ x, y: at }], type })
      const scrolled = await page.evaluate(() => window.scrollY)
      await touch('touchStart', y)
      // Held still, the block lifts: a ghost shows where it would go.
      await page.locator('.rl-block--lifted').waitFor({ timeout: 10_000 })
      for (let step = 1; step <= 6; step += 1) {
        await touch('touchMove', y + (step * 30 * PX_PER_MINUTE) / 6)
      }
      await expect
        .poll(() => page.locator('.rl-block-ghost').innerText())
        .toBe(`${clock(free + 120 * MINUTE)}–${clock(free + 150 * MINUTE)}`)
      // The finger moved the booking, not the page.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
      await phone!.screenshot('touch-move-lifted')
      await touch('touchEnd', y)
      await expect
        .poll(async () => (await api.reservation(second.id)).startTime, { timeout: 20_000 })
        .toBe(iso(free + 120 * MINUTE))
      await expect.poll(() => block.innerText(), { timeout: 20_000 }).toContain(clock(free + 120 * MINUTE))
      // Let go after a drag, the booking's drawer does not open.
      expect(await page.locator('.rl-reservation-drawer').count()).toBe(0)
      await phone!.screenshot('touch-move-done')
    })

    it('drags the lower edge with a finger at once, and a quick swipe over a block still scrolls', async () => {
      const { page } = phone!
      const api = rest(page)
      const { free } = scene
      expect((await api.reservation(second.id)).endTime).toBe(iso(free + 150 * MINUTE))
      await openCalendar(page, { date: scene.date, resource: scene.anna, view: 'day' })
      const cdp = await page.context().newCDPSession(page)
      const touch = (type: 'touchEnd' | 'touchMove' | 'touchStart', x: number, y: number) =>
        cdp.send('Input.dispatchTouchEvent', { touchPoints: type === 'touchEnd' ? [] : [{ x, y }], type })

      const handle = page.locator(`.rl-block[data-reservation-id="${second.id}"] .rl-block__resize`)
      await handle.scrollIntoViewIfNeeded()
      const box = (await handle.boundingBox())!
      const x = box.x + box.width / 2
      const y = box.y + box.height / 2
      await touch('touchStart', x, y)
      for (let step = 1; step <= 4; step += 1) {
        await touch('touchMove', x, y + (step * 15 * PX_PER_MINUTE) / 4)
      }
      await expect
        .poll(() => page.locator('.rl-block-ghost').innerText())
        .toBe(`${clock(free + 120 * MINUTE)}–${clock(free + 165 * MINUTE)}`)
      await phone!.screenshot('touch-resize')
      await touch('touchEnd', x, y)
      await expect
        .poll(async () => (await api.reservation(second.id)).endTime, { timeout: 20_000 })
        .toBe(iso(free + 165 * MINUTE))
      expect((await api.reservation(second.id)).startTime).toBe(iso(free + 120 * MINUTE))
      await expect.poll(() => page.locator('.rl-block-ghost').count(), { timeout: 20_000 }).toBe(0)

      // A finger that moves at once scrolls the page: the block lifts only after a still press.
      const block = page.locator(`.rl-block[data-reservation-id="${first.id}"]`)
      await block.scrollIntoViewIfNeeded()
      const start = (await block.boundingBox())!
      const before = await page.evaluate(() => window.scrollY)
      await touch('touchStart', start.x + 20, start.y + 10)
      for (let step = 1; step <= 6; step += 1) {
        await touch('touchMove', start.x + 20, start.y + 10 - step * 30)
      }
      await touch('touchEnd', start.x + 20, start.y + 10)
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(before)
      expect(await page.locator('.rl-block--lifted').count()).toBe(0)
      expect(await page.locator('.rl-reservation-drawer').count()).toBe(0)
    })
  })
})
