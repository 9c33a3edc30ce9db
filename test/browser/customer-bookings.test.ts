import type { Locator, Page } from 'playwright-core'

import { beforeAll, describe, expect, it } from 'vitest'

import type { ReservationRecord, WaitlistListResponse } from '../../src/contract/http.js'

import { addCalendarDays } from '../../src/admin/shared/calendar-dates.js'
import { en } from '../../src/booking/texts/en.js'
import { refusalMessage } from '../../src/contract/refusal-message.js'
import { dateLabel, whenLabel } from '../../src/booking/zoned-time.js'
import { localDateOf, zonedEpoch } from '../../src/time/local-time.js'
import { annaConsultation, annaFreeTimes, chooseDay, fitsSideways, fullRoomDay, guestEmail, ROOM, slot } from './support/booking-page.js'
import { type Browser, openBrowser, useLoggedInBrowser } from './support/browser.js'
import { type Rest, rest, TIMEZONE } from './support/rest.js'

// A signed-in customer on the demo site: the seeded Mia signs in at /book/login, books as herself
// on /book and manages her own bookings at /book/mine, all built from payload-reserve-ledger/booking.

const MIA = { email: 'mia@example.com', name: 'Mia Schneider', password: 'demo1234' }
const HOUR_MS = 3_600_000

/** A booking's time as the page writes it to a visitor in the resource's zone. */
const when = (start: string): string => whenLabel(start, localDateOf(Date.parse(start), TIMEZONE), TIMEZONE, 'en', TIMEZONE)

/** A fresh browser in the resource's zone (a 390×844 phone with `phone`), Mia signed in through the API (the session cookie). */
const miaBrowser = async ({ phone = false } = {}): Promise<Browser> => {
  const browser = await openBrowser({ phone, timezoneId: TIMEZONE })
  const response = await browser.page.request.post('/api/customers/login', { data: { email: MIA.email, password: MIA.password } })
  expect(response.status()).toBe(200)
  return browser
}

/** The list item of the booking at `start` on the bookings page. */
const itemAt = (page: Page, start: string): Locator => page.locator('.rl-booking__mine-item').filter({ hasText: when(start) })

const listedTimes = (page: Page, section: string): Promise<string[]> =>
  page.locator(`section[aria-labelledby="${section}"] .rl-booking__when`).allInnerTexts()

describe('a signed-in customer on the booking pages', () => {
  const admin = useLoggedInBrowser()
  let api: Rest
  let mia: { id: number | string }

  beforeAll(async () => {
    api = rest(admin().page)
    const { docs } = await api.get<{ docs: { id: number | string }[] }>('/customers', { depth: 0, where: { email: { equals: MIA.email } } })
    mia = docs[0]
    expect(mia, 'the seeded customer Mia').toBeTruthy()
  })

  /** Mia's bookings as the admin reads them: not ended yet (the soonest first), or ended (the latest first). */
  const miasBookings = async (ended: boolean): Promise<ReservationRecord[]> =>
    api.reservations(
      { and: [{ customer: { equals: mia.id } }, { endTime: { [ended ? 'less_than_equal' : 'greater_than']: new Date().toISOString() } }] },
      ended ? '-startTime' : 'startTime',
    )

  it('Mia signs in, sees her own bookings only, books as herself on /book, finds the booking on her page and cancels it', async () => {
    const { date, starts } = await annaFreeTimes(api, 10, 1)
    const customer = await openBrowser({ timezoneId: TIMEZONE })
    try {
      const { page } = customer
      await page.goto('/book/mine')
      await page.getByText(en.signInToSee).waitFor()
      await page.getByRole('link', { name: en.signIn }).click()
      await page.waitForURL('**/book/login')

      // A wrong password is refused in the server's words.
      await page.getByLabel(en.email, { exact: true }).fill(MIA.email)
      await page.getByLabel(en.password, { exact: true }).fill('not-her-password')
      await page.getByRole('button', { name: en.signIn }).click()
      await page.getByRole('alert').getByText('The email or password provided is incorrect.').waitFor()
      await page.getByLabel(en.password, { exact: true }).fill(MIA.password)
      await page.getByRole('button', { name: en.signIn }).click()
      await page.waitForURL('**/book/mine')
      await page.getByText(`Signed in as ${MIA.name}`).waitFor()

      // Her bookings, upcoming and past, exactly as the ledger has them: nobody else's.
      await page.getByRole('heading', { name: en.upcomingBookings }).waitFor()
      expect(await listedTimes(page, 'rl-booking-upcoming')).toEqual((await miasBookings(false)).map(({ startTime }) => when(startTime)))
      expect(await listedTimes(page, 'rl-booking-past')).toEqual((await miasBookings(true)).map(({ startTime }) => when(startTime)))
      await customer.screenshot('customer-bookings-mine', { fullPage: true })

      // On /book she is not asked who she is: the booking is hers.
      await page.getByRole('link', { name: en.title }).click()
      await page.waitForURL('**/book')
      await chooseDay(page, date)
      await slot(page, starts[0]).click()
      await page.getByText(`Booking as ${MIA.name} (${MIA.email})`).waitFor()
      expect(await page.locator('input[name="name"], input[name="email"]').count()).toBe(0)
      await page.getByRole('button', { name: en.holdTime }).click()
      await page.getByRole('timer').waitFor()
      await page.getByRole('button', { name: en.bookNow }).click()
      await page.getByRole('heading', { name: `Thank you, ${MIA.name}: your booking is in.` }).waitFor()
      const { anna } = await annaConsultation(api)
      const [booked] = await api.reservations({ and: [{ resource: { equals: anna.id } }, { startTime: { equals: starts[0] } }, { status: { not_equals: 'cancelled' } }] })
      expect(String(booked.customer)).toBe(String(mia.id))
      expect(booked.guest?.name ?? null).toBeNull()

      // Listed among her upcoming bookings, and cancelled from there.
      await page.getByRole('link', { name: en.myBookings }).click()
      await page.waitForURL('**/book/mine')
      const item = itemAt(page, starts[0])
      await item.getByText(en.statusPending).waitFor()
      await item.getByRole('button', { name: en.cancelBooking }).click()
      await item.getByText(en.statusCancelled).waitFor()
      await expect(item.getByRole('button', { name: en.cancelBooking }).count()).resolves.toBe(0)
      expect((await api.reservation(booked.id)).status).toBe('cancelled')
    } finally {
      await customer.close()
    }
  })

  it('on a phone, a booking within the 24-hour notice period is not cancelled: the refusal is shown in the server’s words, and the booking stays', async () => {
    const { anna, consultation } = await annaConsultation(api)
    // The admin books Mia a consultation a few hours from now, the first half hour Anna has free.
    const first = Math.ceil((Date.now() + 2 * HOUR_MS) / (HOUR_MS / 2)) * (HOUR_MS / 2)
    let start = ''
    for (let at = first; !start && at < first + 12 * HOUR_MS; at += HOUR_MS / 2) {
      const response = await admin().page.request.post('/api/reserve/book', {
        data: { customer: mia.id, resource: anna.id, service: consultation.id, startTime: new Date(at).toISOString() },
      })
      start = response.status() === 201 ? new Date(at).toISOString() : ''
    }
    expect(start, 'a free half hour of Anna within 14 hours').not.toBe('')

    const customer = await miaBrowser({ phone: true })
    try {
      const { page } = customer
      const [held] = await api.reservations({ and: [{ customer: { equals: mia.id } }, { startTime: { equals: start } }] })
      // What the server answers Mia's cancel: refused, and why (the suite's app was booted by a page, not the API).
      const asked = await page.request.post('/api/reserve/cancel', { data: { reservationId: held.id } })
      expect(asked.status()).toBe(400)
      const why = refusalMessage(await asked.json(), '')
      expect(why).toBe('Reservations can only be cancelled or changed at least 24 hours before they start')

      await page.goto('/book/mine')
      const item = itemAt(page, start)
      await item.getByRole('button', { name: en.cancelBooking }).click()
      await item.getByRole('alert').getByText(why, { exact: true }).waitFor()
      await fitsSideways(page)
      await customer.screenshot('customer-bookings-refused', { fullPage: true })
      expect(await item.locator('.rl-booking__status').innerText()).toBe(en.statusPending)
      expect((await api.reservation(held.id)).status).toBe('pending')
    } finally {
      await customer.close()
    }
  })

  it('on a full day Mia waits on the waitlist as herself, not asked for a guest’s details', async () => {
    const { date } = await fullRoomDay(api, admin().page, { email: guestEmail('franz.full'), name: 'Franz Voll' })

    const customer = await miaBrowser()
    try {
      const { page } = customer
      await page.goto('/book')
      await chooseDay(page, date, en, ROOM)
      const waitlist = page.getByRole('region', { name: en.waitlist })
      await waitlist.getByRole('button', { name: en.waitlistJoin }).click()
      await waitlist.getByText(`Booking as ${MIA.name} (${MIA.email})`).waitFor()
      expect(await waitlist.locator('input').count()).toBe(0)
      await waitlist.getByRole('button', { name: en.waitlistJoin }).click()
      await waitlist.getByRole('status').getByText(en.waitlistJoined.replace('{day}', dateLabel(date, 'en'))).waitFor()
      const { entries } = await api.get<WaitlistListResponse>('/reserve/waitlist', {
        end: new Date(zonedEpoch(addCalendarDays(date, 1), 0, TIMEZONE)).toISOString(),
        start: new Date(zonedEpoch(date, 0, TIMEZONE)).toISOString(),
      })
      expect(entries.filter(({ customer }) => customer === String(mia.id)).map(({ guestName, status }) => ({ guestName, status }))).toEqual([
        { guestName: null, status: 'waiting' },
      ])
    } finally {
      await customer.close()
    }
  })
})
