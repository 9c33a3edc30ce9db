import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { ReservationRecord } from '../../src/contract/http.js'

import { en } from '../../src/booking/texts/en.js'
import { translations } from '../../src/translations/index.js'
import { annaFreeTimes, chooseDay, fillDetails, guestPage, slot } from './support/booking-page.js'
import { logIn, openBrowser, STAFF, useLoggedInBrowser } from './support/browser.js'
import { rest } from './support/rest.js'

// The dev app's mail catcher (dev/mail-catcher/): the plugin's mails land in the admin's inbox
// collection, and a guest's booking mail links to their booking on the demo site.

const RUN = Date.now().toString(36)

interface Mail {
  id: number | string
  subject: string
  text: string
  to: string
}

/** What GET /api/inbox answers the caller of `page`: its status, and the mails when allowed. */
const inboxAs = async (page: Page, query = '') => {
  const response = await page.request.get(`/api/inbox${query}`)
  return { docs: response.ok() ? ((await response.json()) as { docs: Mail[] }).docs : [], status: response.status() }
}

describe('the mail catcher of the dev app', () => {
  const admin = useLoggedInBrowser()

  it('a guest who books on /book gets a mail in the inbox whose link names the booking and carries a token that cancels it; only admins read it', async () => {
    const { page } = admin()
    const api = rest(page)
    const { date, starts } = await annaFreeTimes(api, 9, 1)
    const address = `ines.inbox.${RUN}@example.com`

    const guest = await guestPage()
    try {
      await chooseDay(guest.page, date)
      await slot(guest.page, starts[0]).click()
      await fillDetails(guest.page, 'Ines Inbox', address)
      await guest.page.getByRole('button', { name: en.holdTime }).click()
      await guest.page.getByRole('button', { name: en.bookNow }).click()
      await guest.page.getByRole('heading', { name: 'Thank you, Ines Inbox: your booking is in.' }).waitFor()
    } finally {
      await guest.close()
    }
    const [booking] = await api.reservations({ 'guest.email': { equals: address } })
    expect(booking?.startTime).toBe(starts[0])

    // The mail is sent after the booking commits, so it may take a moment.
    const mailsTo = async () => (await inboxAs(page, `?where[to][equals]=${encodeURIComponent(address)}&sort=sentAt`)).docs
    await expect.poll(async () => (await mailsTo()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
    const [mail] = await mailsTo()
    expect(mail.subject).toContain('Consultation')
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '')
    expect(link.origin).toBe(new URL(admin().baseURL).origin)
    expect(link.pathname).toBe('/book/manage')
    expect(link.searchParams.get('reservation')).toBe(String(booking.id))
    const token = link.searchParams.get('token') ?? ''
    expect(token.length).toBeGreaterThanOrEqual(20)

    // The admin reads it in the inbox.
    await page.goto('/admin/collections/inbox')
    expect(await page.locator('nav').first().innerText()).toContain('Mail inbox')
    await page.locator('.table tbody tr').filter({ hasText: address }).first().waitFor()
    await page.goto(`/admin/collections/inbox/${mail.id}`)
    await expect.poll(() => page.locator('#field-text').inputValue()).toContain(link.href)
    await admin().screenshot('mail-catcher-booked-mail')

    // Nobody else reads the inbox: not a visitor, not a customer, not staff.
    const visitor = await openBrowser()
    try {
      expect((await inboxAs(visitor.page)).status).toBe(403)
      expect((await visitor.page.request.get(`/api/inbox/${mail.id}`)).status()).toBe(403)

      const signIn = await visitor.page.request.post('/api/customers/login', { data: { email: 'mia@example.com', password: 'demo1234' } })
      expect(signIn.status()).toBe(200)
      expect((await inboxAs(visitor.page)).status).toBe(403)
    } finally {
      await visitor.close()
    }
    const staff = await openBrowser()
    try {
      await logIn(staff.page, STAFF)
      expect((await inboxAs(staff.page)).status).toBe(403)
    } finally {
      await staff.close()
    }

    // The token is the booking's own: without a session, it cancels the booking, which is mailed too.
    const holder = await openBrowser()
    try {
      const cancel = await holder.page.request.post('/api/reserve/cancel', { data: { reservationId: link.searchParams.get('reservation'), token } })
      expect(cancel.status()).toBe(200)
      expect(((await cancel.json()) as ReservationRecord).status).toBe('cancelled')
    } finally {
      await holder.close()
    }
    await expect.poll(async () => (await mailsTo()).map(({ subject }) => subject), { timeout: 15_000 }).toContain(translations.en.reserveLedger.emailCancelledSubject)
  })
})
