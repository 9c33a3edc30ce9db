import { describe, expect, it } from 'vitest'

import type { SlotsResponse } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { relatedId } from '../../src/admin/shared/related.js'
import { useLoggedInBrowser } from './support/browser.js'
import { choose } from './support/form.js'
import { rest, TIMEZONE } from './support/rest.js'

describe('reservation form fields', () => {
  const browser = useLoggedInBrowser()

  it('finds the customer by phone and offers the free start times of the chosen resource and service', async () => {
    const { page } = browser()
    const api = rest(page)
    const jonas = (await api.resources()).find((resource) => resource.name === 'Jonas Keller')
    const consultation = (await api.services()).find((service) => service.name === 'Consultation')
    const lukas = (
      await api.get<{ docs: { id: number; name: string }[] }>('/customers', {
        where: { name: { equals: 'Lukas Fischer' } },
      })
    ).docs[0]
    expect(jonas && consultation && lukas).toBeTruthy()

    await page.goto('/admin/collections/reservations/create')
    const picker = page.locator('.rl-slot-picker__panel')
    await picker.locator('.rl-slot-picker__note').waitFor()
    await choose(page, 'resource', 'Jonas Keller')
    await choose(page, 'service', 'Consultation')

    // Day by day until one has free start times; they must be exactly the slots endpoint's.
    let slots: SlotsResponse['slots'] = []
    for (let offset = 0; offset < 14 && slots.length === 0; offset += 1) {
      const date = addCalendarDays(todayIn(TIMEZONE), offset)
      if (offset > 0) {
        await picker.getByRole('button', { name: 'Next day' }).click()
      }
      ;({ slots } = await api.get<SlotsResponse>('/reserve/slots', {
        date,
        resource: jonas!.id,
        service: consultation!.id,
      }))
      await (
        slots.length > 0
          ? picker.locator(`.rl-slot-picker__slot[data-start="${slots[0].start}"]`)
          : picker.locator('.rl-slot-picker__note', { hasText: 'No free start times' })
      ).waitFor()
    }
    expect(slots.length).toBeGreaterThan(0)
    const offered = await picker
      .locator('.rl-slot-picker__slot')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-start')))
    expect(offered).toEqual(slots.map((slot) => slot.start))
    const chosen = slots[Math.floor(slots.length / 2)]
    await picker.locator(`.rl-slot-picker__slot[data-start="${chosen.start}"]`).click()
    await picker.locator(`.rl-slot-picker__slot[data-start="${chosen.start}"][aria-pressed="true"]`).waitFor()

    // Lukas's phone number, as the search field is there to find people by more than a name.
    await page.locator('.rl-customer-field__input').fill('7654321')
    await page.locator('.rl-customer-field__hit', { hasText: 'Lukas Fischer' }).click()
    await page.locator('.rl-customer-field__chosen', { hasText: 'lukas@example.com' }).waitFor()
    await browser().screenshot('reservation-form-fields', { fullPage: true })

    await page.locator('#action-save').click()
    await page.waitForURL(
      (url) => /\/collections\/reservations\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/create'),
    )
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
    const saved = await api.reservation(id)
    expect(saved).toMatchObject({ endTime: chosen.end, startTime: chosen.start, status: 'pending' })
    expect(String(relatedId(saved.customer))).toBe(String(lukas.id))
    expect(String(relatedId(saved.resource))).toBe(String(jonas!.id))
  })
  it('picks on Enter only a customer the typed text finds, never one an earlier search found', async () => {
    const { page } = browser()
    await page.goto('/admin/collections/reservations/create')
    const input = page.locator('.rl-customer-field__input')
    await input.fill('Lukas')
    await page.locator('.rl-customer-field__hit', { hasText: 'Lukas Fischer' }).waitFor()
    // A quick typist: Mia's name and Enter before her search has answered.
    await input.fill('Mia')
    await input.press('Enter')
    expect(await page.locator('.rl-customer-field__chosen').count()).toBe(0)
    await page.locator('.rl-customer-field__hit', { hasText: 'Mia Schneider' }).waitFor()
    await input.press('Enter')
    await page.locator('.rl-customer-field__chosen', { hasText: 'mia@example.com' }).waitFor()
  })
})
