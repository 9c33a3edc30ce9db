import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { addCalendarDays, localDateOf, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { type Browser, logIn, openBrowser, STAFF, useLoggedInBrowser } from './support/browser.js'
import { openCalendar, openCreateForm } from './support/calendar.js'
import { rest, TIMEZONE } from './support/rest.js'

const en = translations.en.reserveLedger

describe('owner-mode staff are offered only their own lane', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await openBrowser()
    await logIn(browser.page, STAFF)
  })

  afterAll(async () => {
    await browser?.close()
  })

  it("has nothing to click in another practitioner's lane, and books in their own", async () => {
    const { page } = browser
    const api = rest(page)
    const resources = await api.resources()
    const anna = resources.find((resource) => resource.name === 'Anna Weber')
    const own = resources.find((resource) => resource.name === 'Jonas Keller')
    expect(anna && own, "Anna's lane and the staff user's own").toBeTruthy()
    await openCalendar(page, { date: addCalendarDays(todayIn(TIMEZONE), 1), view: 'lanes' })

    const theirs = page.locator(`.rl-grid__column[data-resource-id="${anna!.id}"]`)
    expect(await theirs.getAttribute('data-bookable')).toBe('false')
    expect(await theirs.locator('.rl-grid__cell').count()).toBe(0)
    expect(await theirs.evaluate((lane) => getComputedStyle(lane).cursor)).toBe('not-allowed')
    // Greyed over, so it reads as closed before anyone tries.
    expect(await theirs.evaluate((lane) => getComputedStyle(lane, '::after').content)).not.toBe('none')
    const mine = page.locator(`.rl-grid__column[data-resource-id="${own!.id}"]`)
    expect(await mine.getAttribute('data-bookable')).toBeNull()
    expect(await mine.locator('.rl-grid__cell').count()).toBeGreaterThan(0)
    await browser.screenshot('owner-mode-lanes')

    await openCreateForm(page, mine.locator('.rl-grid__cell').first())
    await page.locator('.doc-drawer').last().locator('#field-resource', { hasText: own!.name! }).waitFor()
  })
})

describe('status actions by time', () => {
  const browser = useLoggedInBrowser()

  it('offers a confirmed booking days ahead Cancel, but not Complete or No-show', async () => {
    const { page } = browser()
    const api = rest(page)
    const [ahead] = await api.reservations({
      and: [
        { status: { equals: 'confirmed' } },
        { startTime: { greater_than: new Date(Date.now() + 2 * 86_400_000).toISOString() } },
      ],
    })
    expect(ahead, 'a confirmed booking two days ahead or more').toBeTruthy()
    await openCalendar(page, { date: localDateOf(Date.parse(ahead.startTime), TIMEZONE), view: 'day' })
    await page.locator(`.rl-block[data-reservation-id="${ahead.id}"]`).first().click()
    const drawer = page.locator(`.rl-reservation-drawer__content[data-reservation-id="${ahead.id}"]`)
    await drawer.getByRole('button', { exact: true, name: en.action_cancelled }).waitFor()
    expect(await drawer.getByRole('button', { exact: true, name: en.action_completed }).count()).toBe(0)
    expect(await drawer.getByRole('button', { exact: true, name: en['action_no-show'] }).count()).toBe(0)

    // The form's Status select says the same.
    await page.goto(`/admin/collections/reservations/${encodeURIComponent(ahead.id)}`)
    await page.locator('#field-status .rs__control').click()
    await page.locator('.rs__option').first().waitFor()
    const options = await page.locator('.rs__option').allInnerTexts()
    expect(options).toContain(en.status_cancelled)
    expect(options).not.toContain(en.status_completed)
    expect(options).not.toContain(en['status_no-show'])
  })
})
