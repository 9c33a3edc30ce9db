import type { Locator, Page } from 'playwright-core'

import { expect } from 'vitest'

import type { RecordId, ReservationRecord, TimeRange } from '../../../src/contract/http.js'
import type { Rest } from './rest.js'

import { type QueryValue, toQueryString } from '../../../src/admin/shared/query-string.js'
import { dayBounds } from '../../../src/admin/shared/calendar-dates.js'
import { relatedId } from '../../../src/admin/shared/related.js'
import { TIMEZONE } from './rest.js'

type View = 'day' | 'lanes' | 'month' | 'pending' | 'week'

/**
 * Opens the reservations calendar on a page and waits until it shows data: the reservations
 * and, on dated views, the availability shading.
 */
export const openCalendar = async (
  page: Page,
  query: { date?: string; resource?: number | string; view: View },
): Promise<void> => {
  await page.goto(`/admin/collections/reservations${toQueryString(query as Record<string, QueryValue>)}`)
  await waitForCalendar(page, query.view)
}

export const waitForCalendar = async (page: Page, view: View): Promise<void> => {
  if (view === 'pending') {
    await page.locator('.rl-pending, .rl-pending__empty').first().waitFor()
  } else {
    await page.locator('.rl-calendar__body:not([data-loading])').waitFor()
  }
}

/**
 * Drags a block by its top edge onto `target` (at `targetPosition`, by default its top edge too),
 * with both on screen first. Left to itself, Playwright scrolls a target below the window's edge
 * into view between pressing the mouse and moving it, and Chromium starts no drag under a page
 * that scrolled: the drop never happens (seen when earlier files had filled a day's morning).
 */
export const dragBlock = async (block: Locator, target: Locator, targetPosition = { x: 10, y: 2 }): Promise<void> => {
  await target.scrollIntoViewIfNeeded()
  await block.scrollIntoViewIfNeeded()
  await block.dragTo(target, { sourcePosition: { x: 10, y: 2 }, targetPosition })
}

/** Reservations overlapping a local day of the plugin's zone, as the calendar queries them. */
export const overlappingDay = (date: string): QueryValue => {
  const { end, start } = dayBounds(date, TIMEZONE)
  return {
    and: [
      { startTime: { less_than: new Date(end).toISOString() } },
      { endTime: { greater_than: new Date(start).toISOString() } },
    ],
  }
}

export const overlaps = (reservation: ReservationRecord, start: number, end: number): boolean =>
  Date.parse(reservation.startTime) < end && Date.parse(reservation.endTime ?? reservation.startTime) > start

/**
 * The `slots` of a resource's `date` over which its calendar draws none of its reservations. The
 * slots endpoint offers a cancelled booking's time as free, but the calendar still draws the
 * booking there, and its name still opens it: a test that clicks or drops on a free time takes
 * one from these, whatever the seed or earlier files left on that day.
 */
export const undrawn = async <T extends TimeRange>(api: Rest, resource: RecordId, date: string, slots: T[]): Promise<T[]> => {
  const drawn = (await api.reservations(overlappingDay(date))).filter(
    (reservation) => String(relatedId(reservation.resource)) === String(resource),
  )
  return slots.filter((slot) => !drawn.some((reservation) => overlaps(reservation, Date.parse(slot.start), Date.parse(slot.end))))
}

/**
 * Opens the full create form from a free time: the click opens the quick-create popover, its
 * "More options…" the form, prefilled with what the click chose.
 */
export const openCreateForm = async (page: Page, cell: Locator): Promise<void> => {
  await cell.click()
  await page.locator('.rl-quick[data-placed] .rl-quick__more:not(.rl-repeats__open)').click()
  await page.locator('.rl-quick').waitFor({ state: 'detached' })
}

/** Closes the create form with Escape, leaving without saving where the form asks (it asks only once something changed). */
export const closeCreateForm = async (page: Page): Promise<void> => {
  const drawer = page.locator('.doc-drawer')
  await page.keyboard.press('Escape')
  const leave = page.getByRole('button', { name: 'Leave anyway' })
  await expect
    .poll(
      async () => {
        if (await leave.isVisible()) {
          await leave.click()
        }
        return drawer.count()
      },
      { timeout: 20_000 },
    )
    .toBe(0)
}

/** Picks a customer in the open quick-create popover by searching their name, as a receptionist does. */
export const chooseQuickCustomer = async (page: Page, name: string, email: string): Promise<void> => {
  await page.locator('.rl-quick .rl-customer-field__input').fill(name.split(' ')[0])
  await page.locator('.rl-quick .rl-customer-field__hit', { hasText: name }).click()
  await page.locator('.rl-quick .rl-customer-field__chosen', { hasText: email }).waitFor()
}
