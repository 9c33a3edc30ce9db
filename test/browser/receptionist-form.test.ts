import { describe, expect, it } from 'vitest'

import type { SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { relatedId } from '../../src/admin/shared/related.js'
import { translations } from '../../src/translations/index.js'
import { STAFF, useLoggedInBrowser } from './support/browser.js'
import { openCalendar, overlappingDay, undrawn } from './support/calendar.js'
import { rest, TIMEZONE } from './support/rest.js'

const en = translations.en.reserveLedger

describe('the reservation form and the calendar, for a receptionist (staff, not admin)', () => {
  const browser = useLoggedInBrowser(STAFF)

  const ownLane = async () => {
    const api = rest(browser().page)
    const own = (await api.resources()).find((resource) => resource.name === 'Jonas Keller')
    expect(own, "the receptionist's own practitioner resource").toBeTruthy()
    return { api, own: own! }
  }

  it("shows a customer's booking without an empty Guest section or the Ledger Revision, on a desktop and a phone", async () => {
    const { page } = browser()
    const { api, own } = await ownLane()
    const [booking] = await api.reservations({
      and: [{ resource: { equals: own.id } }, { customer: { exists: true } }, { startTime: { greater_than: new Date().toISOString() } }],
    })
    expect(booking, "an upcoming customer's booking in the receptionist's lane").toBeTruthy()
    // It has a revision, which the admin's form shows (reservations-list-form.test.ts); the receptionist's does not.
    expect((booking as { ledgerRevision?: number }).ledgerRevision).toBeTypeOf('number')

    for (const viewport of [{ height: 1050, width: 1680 }, { height: 844, width: 390 }]) {
      await page.setViewportSize(viewport)
      await page.goto(`/admin/collections/reservations/${encodeURIComponent(booking.id)}`)
      await page.locator('#field-notes').waitFor()
      await page.locator('.rl-customer-field__chosen').waitFor()
      expect(await page.locator('#field-guest').count(), 'a Guest section').toBe(0)
      expect(await page.locator('#field-ledgerRevision').count(), 'the Ledger Revision').toBe(0)
      await browser().screenshot(viewport.width < 500 ? 'receptionist-edit-form-mobile' : 'receptionist-edit-form', { fullPage: true })
    }
    await page.setViewportSize({ height: 1050, width: 1680 })
  })

  it('asks for a guest on a new reservation until a customer is chosen, saying what the section is for', async () => {
    const { page } = browser()
    await page.goto('/admin/collections/reservations/create')
    const guest = page.locator('#field-guest')
    await guest.waitFor()
    expect(await guest.innerText()).toContain(en.desc_guest)
    await browser().screenshot('reservation-create-guest')
    await page.locator('.rl-customer-field__input').fill('Mia')
    await page.locator('.rl-customer-field__hit', { hasText: 'Mia Schneider' }).click()
    await guest.waitFor({ state: 'detached', timeout: 15_000 })
  })

  it('closes the quick-create popover when a booking opens in the drawer', async () => {
    const { page } = browser()
    const { api, own } = await ownLane()
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')!
    // A day with a free time of the receptionist's and a booking of theirs to open.
    for (let offset = 2; offset <= 28; offset += 1) {
      const date = addCalendarDays(todayIn(TIMEZONE), offset)
      const { slots } = await api.get<SlotsResponse>('/reserve/slots', { date, resource: own.id, service: consultation.id })
      const [free] = await undrawn(api, own.id, date, slots)
      const booking = (await api.reservations(overlappingDay(date))).find(
        (reservation) => String(relatedId(reservation.resource)) === String(own.id) && reservation.status !== 'cancelled',
      )
      if (!free || !booking) {
        continue
      }
      await openCalendar(page, { date, resource: own.id, view: 'week' })
      const column = page.locator(`.rl-grid__column[data-date="${date}"]`)
      await column.locator(`.rl-grid__cell[data-start="${free.start}"]`).click()
      const quick = page.locator('.rl-quick[data-placed]')
      await quick.waitFor()
      // Something chosen: a press outside asks before discarding, and the popover stays for it.
      await quick.locator('select').selectOption({ label: 'Consultation' })
      await column.locator(`.rl-block[data-reservation-id="${booking.id}"]`).click()
      await page.locator(`.rl-reservation-drawer__content[data-reservation-id="${booking.id}"]`).waitFor()
      await page.locator('.rl-quick').waitFor({ state: 'detached', timeout: 5_000 })
      await browser().screenshot('quick-create-closed-by-drawer')
      return
    }
    throw new Error("no day with a free time and a booking of the receptionist's in four weeks")
  })
})
