import { describe, expect, it } from 'vitest'

import { useLoggedInBrowser } from './support/browser.js'
import { rest } from './support/rest.js'

describe('the reservation edit form', () => {
  const browser = useLoggedInBrowser()

  it('saves twice in a row without telling the user someone else changed the document', async () => {
    const { page } = browser()
    const api = rest(page)
    const [reservation] = await api.reservations({ status: { equals: 'pending' }, startTime: { greater_than: new Date().toISOString() } })
    expect(reservation).toBeTruthy()

    await page.goto(`/admin/collections/reservations/${encodeURIComponent(reservation.id)}`)
    const notes = page.locator('#field-notes')
    const saveOnce = async (text: string) => {
      await notes.fill(text)
      await page.locator('#action-save').click()
      await page.getByText('Updated successfully.').last().waitFor()
    }
    await saveOnce('First edit')
    // Typing again asks the server whether the document moved on since the save; give a
    // background projection (catch-up's grace period is seconds) the time to have written.
    await page.waitForTimeout(5_000)
    await notes.fill('Second edit, typed after the first save')
    await page.waitForTimeout(1_500)
    expect(await page.locator('.document-stale-data').isVisible()).toBe(false)
    await browser().screenshot('reservation-edit-saved-twice')
    await page.locator('#action-save').click()

    await expect.poll(async () => (await api.reservation(reservation.id)).notes).toBe('Second edit, typed after the first save')
    expect(await page.locator('.document-stale-data').isVisible()).toBe(false)
  })
})
