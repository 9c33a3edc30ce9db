import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import type { ReservationRecord, SlotsResponse, TimeRange } from '../../src/contract/http.js'

import { addCalendarDays, todayIn } from '../../src/admin/shared/calendar-dates.js'
import { bookerLabel, relatedId } from '../../src/admin/shared/related.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { closeCreateForm, openCalendar, openCreateForm } from './support/calendar.js'
import { rest, type Rest, TIMEZONE } from './support/rest.js'

const en = translations.en.reserveLedger

/** The reservations the list view shows, top to bottom, by the ids its rows link to. */
const rowIds = (page: Page): Promise<string[]> =>
  page.locator('.table tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const href = row.querySelector('a[href*="/collections/reservations/"]')?.getAttribute('href') ?? ''
      return decodeURIComponent(href.split('/').pop() ?? '')
    }),
  )

/** Searches the list as a person would and waits until the rows are the search's. */
const search = async (page: Page, text: string): Promise<void> => {
  await page.locator('#search-filter-input').fill(text)
  await page.waitForURL((url) => url.searchParams.get('search') === text)
  await page.locator('.table tbody tr, .collection-list__no-results').first().waitFor()
}

const openList = async (page: Page): Promise<void> => {
  await page.goto('/admin/collections/reservations?view=list')
  await page.locator('.table tbody tr').first().waitFor()
}

/** The options the open status select lists. */
const statusOptions = async (page: Page): Promise<string[]> => {
  await page.locator('#field-status .rs__control').click()
  await page.locator('.rs__option').first().waitFor()
  return page.locator('.rs__option').allInnerTexts()
}

const nextIn = async (api: Rest, status: string) => {
  const [reservation] = await api.reservations({
    and: [{ status: { equals: status } }, { startTime: { greater_than: new Date().toISOString() } }],
  })
  expect(reservation, `an upcoming ${status} reservation`).toBeTruthy()
  return reservation
}

describe('the reservations list, as a receptionist searches it', () => {
  const browser = useLoggedInBrowser()

  it('lists the latest start first', async () => {
    const { page } = browser()
    const api = rest(page)
    await openList(page)
    const ids = await rowIds(page)
    expect(ids.length).toBeGreaterThan(5)
    const starts = await Promise.all(ids.map(async (id) => Date.parse((await api.reservation(id)).startTime)))
    expect([...starts].sort((a, b) => b - a)).toEqual(starts)
    await browser().screenshot('reservations-list')
  })

  it("finds a customer's bookings by name or e-mail and a guest's by the guest's name, shown instead of <No Customer>", async () => {
    const { page } = browser()
    const api = rest(page)
    const [guestBooking] = await api.reservations({ 'guest.name': { exists: true } })
    expect(guestBooking?.guest?.name, 'a seeded guest booking').toBeTruthy()
    const guestName = guestBooking.guest!.name!
    await openList(page)

    await search(page, guestName)
    const guestRows = await rowIds(page)
    expect(guestRows).toContain(guestBooking.id)
    for (const id of guestRows) {
      expect((await api.reservation(id)).guest?.name).toBe(guestName)
    }
    const customerCells = await page.locator('.table tbody tr td.cell-customer').allInnerTexts()
    expect(customerCells.every((cell) => cell.includes(guestName) && cell.includes(en.guest))).toBe(true)
    expect(await page.locator('.table').innerText()).not.toContain('<No')
    await browser().screenshot('reservations-list-guest-search')

    const customers = await api.get<{ docs: { email: string; id: number | string; name: string }[] }>('/customers', {
      depth: 0,
      where: { email: { equals: 'mia@example.com' } },
    })
    const mia = customers.docs[0]
    for (const text of [mia.name.split(' ')[0], 'mia@example']) {
      await search(page, text)
      const rows = await rowIds(page)
      expect(rows.length, `bookings found by "${text}"`).toBeGreaterThan(0)
      for (const id of rows) {
        expect(String(relatedId((await api.reservation(id)).customer))).toBe(String(mia.id))
      }
    }
  })

  it('offers in the Status select only the statuses the machine allows from the saved one', async () => {
    const { page } = browser()
    const api = rest(page)
    const pending = await nextIn(api, 'pending')
    await page.goto(`/admin/collections/reservations/${encodeURIComponent(pending.id)}`)
    expect(await statusOptions(page)).toEqual([en.status_pending, en.status_confirmed, en.status_cancelled])

    const confirmed = await nextIn(api, 'confirmed')
    await page.goto(`/admin/collections/reservations/${encodeURIComponent(confirmed.id)}`)
    // A visit still to come has no outcome yet: Completed and No-show come once it has begun.
    expect(await statusOptions(page)).toEqual([en.status_confirmed, en.status_cancelled])
  })
})

describe('the create form, as a receptionist fills it in', () => {
  const browser = useLoggedInBrowser()

  it('shows no Items, Idempotency Key or Ledger Revision, which a saved reservation still shows where set', async () => {
    const { page } = browser()
    await page.goto('/admin/collections/reservations/create')
    await page.locator('.rl-slot-picker').waitFor()
    for (const field of ['items', 'idempotencyKey', 'ledgerRevision']) {
      expect(await page.locator(`#field-${field}`).count(), field).toBe(0)
    }
    await browser().screenshot('reservation-create-form')

    const saved = await nextIn(rest(page), 'pending')
    await page.goto(`/admin/collections/reservations/${encodeURIComponent(saved.id)}`)
    await page.locator('#field-ledgerRevision').waitFor()
    expect(await page.locator('#field-items').count()).toBe(0)
  })

  it('titles the drawer "New reservation", asks only for what is missing, and asks before Escape discards', async () => {
    const { page } = browser()
    const api = rest(page)
    const resource = (await api.resources()).find((candidate) => candidate.name === 'Anna Weber')
    expect(resource, 'the seeded practitioner Anna Weber').toBeTruthy()
    await openCalendar(page, { view: 'week' })
    await page.getByRole('button', { exact: true, name: en.newReservation }).click()
    const drawer = page.locator('.doc-drawer').last()
    await drawer.locator('.rl-slot-picker').waitFor()
    await expect
      .poll(() => drawer.locator('.doc-drawer__header-text').innerText(), { timeout: 15_000 })
      .toBe(en.newReservation)
    expect(await drawer.locator('.rl-slot-picker__note').innerText()).toBe(en.chooseResourceAndService)

    await drawer.locator('#field-resource .rs__control').click()
    await page.locator('.rs__option', { hasText: resource!.name! }).first().click()
    await drawer.locator('.rl-slot-picker__note', { hasText: en.chooseService }).waitFor()

    await drawer.locator('#field-notes').fill('Called about a first appointment')
    await page.keyboard.press('Escape')
    const modal = page.locator('.confirmation-modal', { hasText: 'Leave without saving' })
    await modal.waitFor()
    await browser().screenshot('reservation-drawer-escape')
    await modal.getByRole('button', { name: 'Stay on this page' }).click()
    await modal.waitFor({ state: 'hidden' })
    expect(await drawer.locator('#field-notes').inputValue()).toBe('Called about a first appointment')

    await drawer.locator('#field-notes').focus()
    await page.keyboard.press('Escape')
    await modal.getByRole('button', { name: 'Leave anyway' }).click()
    await drawer.waitFor({ state: 'detached' })
  })
})

describe('the toast after a status change', () => {
  const browser = useLoggedInBrowser()

  it('names the booking: who and when, and the status it is in now', async () => {
    const { page } = browser()
    const api = rest(page)
    const pending = await nextIn(api, 'pending')
    const [shown] = (
      await api.get<{ docs: ReservationRecord[] }>(`/reservations`, { depth: 1, where: { id: { equals: pending.id } } })
    ).docs
    const who = bookerLabel(shown) ?? ''
    expect(who, 'a pending booking with a customer or guest').not.toBe('')
    await openCalendar(page, { view: 'pending' })
    const row = page.locator(`.rl-pending__item[data-reservation-id="${pending.id}"]`)
    await row.getByRole('button', { exact: true, name: en.action_confirmed }).click()
    const toast = page.locator('.toast-success', { hasText: who })
    await toast.waitFor()
    // Spaces normalised: ICU puts a narrow no-break space before AM/PM, in some versions.
    const text = (await toast.innerText()).replace(/\s/g, ' ')
    expect(text).toContain(`now ${en.status_confirmed}`)
    // The start as the calendar shows it, in the plugin's zone.
    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: TIMEZONE }).format(
      new Date(shown.startTime),
    )
    expect(text).toContain(time.replace(/\s/g, ' '))
    await browser().screenshot('status-toast')
  })
})

describe('a full-day booking', () => {
  const browser = useLoggedInBrowser()

  it('reads "All day" in the slot picker, the pending queue and the month, never as midnight', async () => {
    const { page } = browser()
    const api = rest(page)
    const room = (await api.resources()).find((resource) => resource.name === 'Seminar room')
    const roomDay = (await api.services()).find((service) => service.name === 'Seminar room, full day')
    expect(room && roomDay, 'the seeded seminar room and its full-day service').toBeTruthy()
    let slot: TimeRange | undefined
    let date = todayIn(TIMEZONE)
    for (let offset = 1; offset <= 21 && !slot; offset += 1) {
      date = addCalendarDays(todayIn(TIMEZONE), offset)
      ;[slot] = (await api.get<SlotsResponse>('/reserve/slots', { date, resource: room!.id, service: roomDay!.id })).slots
    }
    expect(slot, 'a free day of the seminar room in the next three weeks').toBeTruthy()

    await openCalendar(page, { date, view: 'lanes' })
    await openCreateForm(page, page.locator(`.rl-grid__column[data-resource-id="${room!.id}"] .rl-grid__cell`).first())
    const drawer = page.locator('.doc-drawer').last()
    await drawer.locator('#field-resource', { hasText: room!.name! }).waitFor()
    await drawer.locator('#field-service .rs__control').click()
    await page.locator('.rs__option', { hasText: roomDay!.name }).first().click()
    const offered = drawer.locator(`.rl-slot-picker__slot[data-start="${slot!.start}"]`)
    await offered.waitFor()
    expect(await offered.innerText()).toBe(en.allDay)
    await browser().screenshot('slot-picker-full-day')
    // The popover chose the room's one service already, so the form may have nothing changed to ask about.
    await closeCreateForm(page)

    const response = await page.request.post('/api/reservations', {
      data: { resource: room!.id, service: roomDay!.id, startTime: slot!.start },
    })
    expect(response.status()).toBe(201)
    const { doc } = (await response.json()) as { doc: ReservationRecord }
    await openCalendar(page, { view: 'pending' })
    const queued = page.locator(`.rl-pending__item[data-reservation-id="${doc.id}"]`)
    expect(await queued.locator('.rl-pending__time').innerText()).toBe(en.allDay)

    await openCalendar(page, { date, view: 'month' })
    const entry = page.locator(`.rl-month__day[data-date="${date}"] .rl-block[data-reservation-id="${doc.id}"]`)
    expect(await entry.locator('.rl-block__time').innerText()).toBe(en.allDay)
    await browser().screenshot('month-full-day')
  })
})
