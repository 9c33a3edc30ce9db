import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { WaitlistListResponse } from '../../src/contract/http.js'

import { translations } from '../../src/translations/index.js'
import { annaConsultations } from './support/anna-consultations.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { clock } from './support/clock.js'
import { switchLanguage } from './support/language.js'
import { expectOnScreen, sidewaysOverflow } from './support/phone.js'
import { plain } from './support/quick-create.js'

const en = translations.en.reserveLedger

/** Opens the waitlist beside the calendar with its toolbar button, as staff would. */
const openWaitlist = async (page: Page, name: string) => {
  await page.getByRole('button', { exact: true, name }).click()
  const panel = page.locator('aside.rl-waitlist')
  await panel.waitFor()
  return panel
}

/** A guest joins the waitlist for Anna's consultation at `slot`; returns the entry's id. */
const join = async (page: Page, scene: { anna: { id: number | string }; consultation: { id: number | string } }, name: string, slot: { end: string; start: string }) => {
  const response = await page.request.post('/api/reserve/waitlist', {
    data: { from: slot.start, guest: { email: `${name.split(' ')[0].toLowerCase()}@wait.example`, name }, resource: scene.anna.id, service: scene.consultation.id, to: slot.end },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { entryId: string }).entryId
}

describe('the waitlist beside the calendar', () => {
  const browser = useLoggedInBrowser()

  it('lists the entries waiting over the dates shown and offers one its time by hand, saying when the time is taken', async () => {
    const { page } = browser()
    const scene = await annaConsultations(page, { count: 2, fromOffset: 6 })
    const { anna, api, consultation, date, starts } = scene
    const [free, taken] = starts
    const offeredId = await join(page, scene, 'Wanda Waiting', free)
    const refusedId = await join(page, scene, 'Theo Toolate', taken)
    // Someone books the second time first: offering it must be refused.
    const booking = await page.request.post('/api/reserve/book', {
      data: { guest: { email: 'first@wait.example', name: 'First Come' }, resource: anna.id, service: consultation.id, startTime: taken.start },
    })
    expect(booking.status(), await booking.text()).toBe(201)
    const bookingId = ((await booking.json()) as { id: string }).id

    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    const panel = await openWaitlist(page, en.waitlist)
    const offered = panel.locator(`[data-entry-id="${offeredId}"]`)
    const refused = panel.locator(`[data-entry-id="${refusedId}"]`)
    await offered.waitFor({ timeout: 20_000 })
    expect(await offered.innerText()).toContain('Wanda Waiting')
    expect(await offered.innerText()).toContain('Anna Weber')
    expect(await refused.innerText()).toContain('Theo Toolate')

    await offered.getByRole('button', { exact: true, name: en.waitlistOffer }).click()
    await offered.getByRole('status').waitFor({ timeout: 20_000 })
    const entries = (await api.get<WaitlistListResponse>('/reserve/waitlist', { end: free.end, start: free.start })).entries
    const entry = entries.find((one) => one.entryId === offeredId)!
    expect(entry.status).toBe('offered')
    expect(entry.offeredStart).toBe(new Date(free.start).toISOString())
    expect(await offered.getByRole('status').innerText()).toMatch(/^Offered: held until \d{1,2}:\d{2}\s[AP]M$/)
    // The hold placed for Wanda shows on the calendar.
    await page.locator(`.rl-grid__column[data-date="${date}"] .rl-hold[data-start="${new Date(free.start).toISOString()}"]`).waitFor({ timeout: 20_000 })
    // The calendar and the panel reloaded for the hold: the entry, no longer waiting, still says so.
    expect(await offered.getByRole('status').innerText()).toMatch(/^Offered: held until \d{1,2}:\d{2}\s[AP]M$/)
    // Opened afresh, the panel still says until when Wanda's offer holds: from the list's offerExpiresAt, not this tab's memory.
    expect(entry.offerExpiresAt).toBeTruthy()
    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    const reopened = (await openWaitlist(page, en.waitlist)).locator(`[data-entry-id="${offeredId}"]`)
    await reopened.getByRole('status').waitFor({ timeout: 20_000 })
    expect(plain(await reopened.getByRole('status').innerText())).toBe(`Offered: held until ${clock(entry.offerExpiresAt!)}`)
    expect(await reopened.getByRole('button').count(), 'an offered entry is not offered again').toBe(0)

    await refused.getByRole('button', { exact: true, name: en.waitlistOffer }).click()
    await refused.getByRole('status').waitFor({ timeout: 20_000 })
    expect(await refused.getByRole('status').innerText()).toBe(en.waitlistTaken)
    await browser().screenshot('calendar-waitlist')

    // In German and Arabic the panel speaks the user's language; Theo still waits there.
    for (const [label, code] of [['Deutsch', 'de'], ['العربية', 'ar']] as const) {
      const words = translations[code].reserveLedger
      await switchLanguage(page, label, code)
      await openCalendar(page, { date, resource: anna.id, view: 'week' })
      const inLanguage = await openWaitlist(page, words.waitlist)
      expect(await inLanguage.getByRole('heading').innerText()).toBe(words.waitlist)
      const wanda = inLanguage.locator(`[data-entry-id="${offeredId}"]`)
      await wanda.getByRole('status').waitFor({ timeout: 20_000 })
      expect(await wanda.getByRole('status').innerText()).toContain(words.waitlistOffered.split('{{time}}')[0].trim())
      const theo = inLanguage.locator(`[data-entry-id="${refusedId}"]`)
      await theo.waitFor({ timeout: 20_000 })
      expect(await theo.getByRole('button').innerText()).toBe(words.waitlistOffer)
      await theo.getByRole('button').click()
      await theo.getByRole('status').waitFor({ timeout: 20_000 })
      expect(await theo.getByRole('status').innerText()).toBe(words.waitlistTaken)
      await browser().screenshot(`${code}-calendar-waitlist`)
    }
    await switchLanguage(page, 'English', 'en')

    // Later files look for free times: Wanda's hold released, Theo gone before the booking is cancelled.
    expect((await page.request.delete(`/api/reserve/holds/${entry.holdId}`, { data: {} })).status()).toBe(200)
    expect((await page.request.delete(`/api/reserve/waitlist/${refusedId}`, { data: {} })).status()).toBe(200)
    expect((await page.request.post('/api/reserve/cancel', { data: { reservationId: bookingId } })).status()).toBe(200)
  })
})

describe('the waitlist on a phone (390×844, touch; browser in New York, plugin in Berlin)', () => {
  const phone = useLoggedInBrowser(undefined, { phone: true })

  it('opens above the three days inside the screen, says until when an offer holds, and offers by touch', async () => {
    const { page } = phone()
    const scene = await annaConsultations(page, { count: 3, fromOffset: 8 })
    const { anna, date, starts } = scene
    const waitingId = await join(page, scene, 'Pia Patient', starts[0])
    const offeredId = await join(page, scene, 'Otto Offered', starts[1])
    const lateId = await join(page, scene, 'Lea Late', starts[2])
    // Otto's offer made elsewhere (another tab, by another receptionist).
    const offer = await page.request.post(`/api/reserve/waitlist/${offeredId}/offer`, { data: { startTime: starts[1].start } })
    expect(offer.status(), await offer.text()).toBe(201)
    const { expiresAt, holdId: ottoHold } = (await offer.json()) as { expiresAt: string; holdId: string }

    await openCalendar(page, { date, resource: anna.id, view: 'week' })
    const toggle = page.getByRole('button', { exact: true, name: en.waitlist })
    await toggle.scrollIntoViewIfNeeded()
    await expectOnScreen(toggle, 'the Waitlist button')
    await toggle.tap()
    const panel = page.locator('aside.rl-waitlist')
    await panel.waitFor()
    const pia = panel.locator(`[data-entry-id="${waitingId}"]`)
    const otto = panel.locator(`[data-entry-id="${offeredId}"]`)
    await pia.waitFor({ timeout: 20_000 })
    await otto.getByRole('status').waitFor({ timeout: 20_000 })
    expect(plain(await otto.getByRole('status').innerText())).toBe(`Offered: held until ${clock(expiresAt)}`)
    for (const [element, what] of [[pia, 'Pia’s entry'], [otto, 'Otto’s entry']] as const) {
      await element.scrollIntoViewIfNeeded()
      await expectOnScreen(element, what)
      expect(await element.evaluate((row) => row.scrollWidth - row.clientWidth), `${what}: nothing cut off sideways`).toBe(0)
    }
    const offerButton = pia.getByRole('button', { exact: true, name: en.waitlistOffer })
    await expectOnScreen(offerButton, 'Offer')
    expect(await sidewaysOverflow(page)).toEqual({ grid: 0, page: 0 })
    await panel.scrollIntoViewIfNeeded()
    await phone().screenshot('phone-calendar-waitlist')

    await offerButton.tap()
    await pia.getByRole('status').waitFor({ timeout: 20_000 })
    expect(await pia.getByRole('status').innerText()).toMatch(/^Offered: held until \d{1,2}:\d{2}\s[AP]M$/)
    await expectOnScreen(pia.getByRole('status'), 'Pia’s answer')
    await phone().screenshot('phone-calendar-waitlist-offered')

    // Lea is offered elsewhere (another tab, or the background pass) just as her Offer is tapped
    // here: this tap is refused, and the panel says what is true now, not "taken".
    const lea = panel.locator(`[data-entry-id="${lateId}"]`)
    let elsewhere: { expiresAt: string; holdId: string } | undefined
    await page.route(`**/api/reserve/waitlist/${lateId}/offer`, async (route) => {
      const first = await page.request.post(`/api/reserve/waitlist/${lateId}/offer`, { data: { startTime: starts[2].start } })
      expect(first.status(), await first.text()).toBe(201)
      elsewhere = (await first.json()) as { expiresAt: string; holdId: string }
      const tapped = await route.fetch()
      expect(tapped.status(), 'the tap after it').toBe(409)
      await route.fulfill({ response: tapped })
    })
    await lea.getByRole('button', { exact: true, name: en.waitlistOffer }).tap()
    await expect.poll(() => elsewhere, { timeout: 20_000 }).toBeTruthy()
    const { expiresAt: leaExpires, holdId: leaHold } = elsewhere!
    await expect.poll(async () => plain(await lea.getByRole('status').innerText()), { timeout: 20_000 }).toBe(`Offered: held until ${clock(leaExpires)}`)

    // Later files look for free times: the holds released.
    const listed = (await scene.api.get<WaitlistListResponse>('/reserve/waitlist', { end: starts[0].end, start: starts[0].start })).entries
    const piaHold = listed.find((one) => one.entryId === waitingId)!.holdId
    for (const holdId of [piaHold, ottoHold, leaHold]) {
      expect((await page.request.delete(`/api/reserve/holds/${holdId}`, { data: {} })).status()).toBe(200)
    }
  })
})
