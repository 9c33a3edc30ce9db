import { describe, expect, it } from 'vitest'

import type { ReservationRecord, SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { rest, TIMEZONE } from './support/rest.js'

const en = translations.en.reserveLedger

describe('a lane whose resource does not offer the booking’s service takes no drop', () => {
  const browser = useLoggedInBrowser()

  it('says so over the Seminar room lane while a Consultation is dragged or moved by keyboard there, saves nothing, and offers no Consultation there', async () => {
    const { page } = browser()
    const api = rest(page)
    const resources = await api.resources()
    const anna = resources.find((resource) => resource.name === 'Anna Weber')
    const room = resources.find((resource) => resource.name === 'Seminar room')
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')
    expect(anna && room && consultation, 'the seeded practitioner, room and service').toBeTruthy()
    // A day ahead with a free consultation time of Anna's.
    let date = ''
    let free: SlotsResponse['slots'] = []
    for (let offset = 2; offset <= 28 && free.length === 0; offset += 1) {
      date = addCalendarDays(todayIn(TIMEZONE), offset)
      free = (await api.get<SlotsResponse>('/reserve/slots', { date, resource: anna!.id, service: consultation!.id })).slots
    }
    expect(free.length, 'a free consultation time of Anna').toBeGreaterThan(0)
    const response = await page.request.post('/api/reservations', {
      data: { guest: { email: 'lanes@example.com', name: 'Lane Test' }, resource: anna!.id, service: consultation!.id, startTime: free[0].start },
    })
    expect(response.status()).toBe(201)
    const booking = ((await response.json()) as { doc: ReservationRecord }).doc
    const message = en.laneNotOffered.replace('{{resource}}', room!.name!).replace('{{service}}', consultation!.name)
    const patches: string[] = []
    page.on('request', (request) => void (request.method() === 'PATCH' && patches.push(request.url())))

    await openCalendar(page, { date, view: 'lanes' })
    const lane = (id: number | string) => page.locator(`.rl-grid__column[data-resource-id="${id}"]`)
    const block = lane(anna!.id).locator(`.rl-block[data-reservation-id="${booking.id}"]`)
    await block.scrollIntoViewIfNeeded()
    const from = (await block.boundingBox())!
    const over = async (id: number | string) => {
      const box = (await lane(id).boundingBox())!
      // Twice: the drag reports where it is on the moves after it has started.
      await page.mouse.move(box.x + box.width / 2, from.y + 4, { steps: 4 })
      await page.mouse.move(box.x + box.width / 2 + 2, from.y + 6, { steps: 2 })
    }
    await page.mouse.move(from.x + 10, from.y + 4)
    await page.mouse.down()
    await over(room!.id)
    await expect.poll(() => lane(room!.id).getAttribute('data-drop')).toBe('refused')
    expect(await lane(room!.id).locator('.rl-grid__refusal').innerText()).toBe(message)
    await browser().screenshot('lane-not-offered-drag')
    // Back over a lane that offers it: nothing said there, and the room lane is clear again.
    const jonas = resources.find((resource) => resource.name === 'Jonas Keller')!
    await over(jonas.id)
    await expect.poll(() => lane(room!.id).getAttribute('data-drop')).toBeNull()
    expect(await lane(jonas.id).getAttribute('data-drop')).toBeNull()
    // Let go over the room: the drop is not taken, and the lane's message goes with the drag.
    await over(room!.id)
    await expect.poll(() => lane(room!.id).getAttribute('data-drop')).toBe('refused')
    await page.mouse.up()
    await expect.poll(() => lane(room!.id).getAttribute('data-drop')).toBeNull()
    await page.waitForTimeout(1_000)
    expect(patches).toEqual([])
    expect(await api.reservation(booking.id)).toMatchObject({ resource: anna!.id, startTime: booking.startTime })

    // By keyboard: the ghost in the room lane reads as refused, the announcement says why, and Enter saves nothing.
    await openCalendar(page, { date, view: 'lanes' })
    const ids = await page.locator('.rl-grid__column').evaluateAll((columns) => columns.map((column) => column.getAttribute('data-resource-id')))
    const [own, target] = [ids.indexOf(String(anna!.id)), ids.indexOf(String(room!.id))]
    await block.focus()
    for (let step = 0; step < Math.abs(target - own); step += 1) {
      await page.keyboard.press(target > own ? 'ArrowRight' : 'ArrowLeft')
    }
    await expect.poll(() => page.locator('.rl-grid [role="status"]').innerText()).toBe(message)
    expect(await lane(room!.id).locator('.rl-block-ghost[data-refused]').count()).toBe(1)
    await browser().screenshot('lane-not-offered-keyboard')
    await page.keyboard.press('Enter')
    const toast = page.locator('.toast-error, [data-type="error"]').first()
    await toast.waitFor({ timeout: 20_000 })
    expect(await toast.innerText()).toContain(message)
    await expect.poll(() => page.locator('.rl-block-ghost').count()).toBe(0)
    expect(patches).toEqual([])
    expect(await api.reservation(booking.id)).toMatchObject({ resource: anna!.id, startTime: booking.startTime })

    // A click into the room lane offers only what the room offers: no Consultation.
    await lane(room!.id).locator('.rl-grid__cell').first().click()
    const quick = page.locator('.rl-quick[data-placed]')
    await quick.waitFor()
    const services = quick.locator('select')
    await expect
      .poll(async () => (await services.locator('option:not([disabled])').allInnerTexts()).map((text) => text.trim()), { timeout: 15_000 })
      .toEqual(['Seminar room, full day'])
    await page.keyboard.press('Escape')
    await page.locator('.rl-quick').waitFor({ state: 'detached' })
  })
})
