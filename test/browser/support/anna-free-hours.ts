import type { Page } from 'playwright-core'

import { expect } from 'vitest'

import type { ReservationRecord, SlotsResponse } from '../../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../../src/admin/shared/calendar-dates.js'
import { rest, TIMEZONE } from './rest.js'

export const MINUTE = 60_000
/** The grid's scale (src/admin/calendar/grid-scale.ts): a minute is 1.2 px. */
export const PX_PER_MINUTE = 1.2

export const iso = (epoch: number): string => new Date(epoch).toISOString()

export interface Scene {
  anna: number | string
  consultation: number | string
  date: string
  /** Start of three free hours of Anna's on `date`, on the half hour. */
  free: number
}

/** A day ahead on which Anna has three free hours in a row: consultations start every half hour of them. */
export const findScene = async (page: Page): Promise<Scene> => {
  const api = rest(page)
  const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
  const consultation = (await api.services()).find((service) => service.name === 'Consultation')
  expect(anna && consultation).toBeTruthy()
  for (let offset = 2; offset <= 40; offset += 1) {
    const date = addCalendarDays(todayIn(TIMEZONE), offset)
    const query = { date, resource: anna!.id, service: consultation!.id }
    const { slots } = await api.get<SlotsResponse>('/reserve/slots', query)
    const starts = new Set(slots.map((slot) => Date.parse(slot.start)))
    const free = [...starts].find((start) => [1, 2, 3, 4, 5].every((k) => starts.has(start + k * 30 * MINUTE)))
    if (free !== undefined) {
      return { anna: anna!.id, consultation: consultation!.id, date, free }
    }
  }
  throw new Error('no day with three free hours of Anna in the next 40 days')
}

/** Books a consultation with Anna at `start` for a guest named `name`, as staff through the REST API. */
export const bookAnna = async (page: Page, scene: Scene, start: number, name: string): Promise<ReservationRecord> => {
  const response = await page.request.post('/api/reservations', {
    data: {
      guest: { email: 'anna-free-hours@example.com', name },
      resource: scene.anna,
      service: scene.consultation,
      startTime: iso(start),
    },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { doc: ReservationRecord }).doc
}

/** Drags a block's lower edge by `minutes` with the mouse; `during` runs while the button is still down. */
export const dragEnd = async (page: Page, id: string, minutes: number, during?: () => Promise<void>): Promise<void> => {
  const handle = page.locator(`.rl-block[data-reservation-id="${id}"] .rl-block__resize`)
  await handle.scrollIntoViewIfNeeded()
  const box = await handle.boundingBox()
  expect(box).toBeTruthy()
  const x = box!.x + box!.width / 2
  const y = box!.y + box!.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x, y + (minutes * PX_PER_MINUTE) / 2, { steps: 4 })
  await page.mouse.move(x, y + minutes * PX_PER_MINUTE, { steps: 4 })
  await page.locator('.rl-block-ghost').waitFor()
  await during?.()
  await page.mouse.up()
}
