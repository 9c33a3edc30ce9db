import type { Page } from 'playwright-core'

import { expect } from 'vitest'

import type { RecordId, ResourceRecord } from '../../../src/contract/http.js'
import type { Rest } from './rest.js'

import { openCalendar } from './calendar.js'

/** Intl puts a narrow no-break space before AM/PM; compare text as a person reads it. */
export const plain = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ').replace(/\s+/g, ' ').trim()

/** A translation with its `{{name}}` placeholders filled in. */
export const fill = (text: string, vars: Record<string, number | string>): string =>
  Object.entries(vars).reduce((filled, [name, value]) => filled.replace(`{{${name}}}`, String(value)), text)

export interface Seeded {
  anna: ResourceRecord
  consultation: { id: RecordId; name: string }
  treatment: { id: RecordId; name: string }
}

/** The seeded practitioner Anna Weber and the two services she offers. */
export const seeded = async (api: Rest): Promise<Seeded> => {
  const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
  const services = await api.services()
  const consultation = services.find((service) => service.name === 'Consultation')
  const treatment = services.find((service) => service.name === 'Treatment')
  expect(anna && consultation && treatment, 'the seeded practitioner and her services').toBeTruthy()
  return { anna: anna!, consultation: consultation!, treatment: treatment! }
}

/** The quick-create popover, once placed beside its cell. */
export const popover = (page: Page) => page.locator('.rl-quick[data-placed]')

/** Clicks the free time in Anna's week and waits for the popover there. */
export const openAt = async (page: Page, anna: ResourceRecord, date: string, start: string) => {
  await openCalendar(page, { date, resource: anna.id, view: 'week' })
  await page.locator(`.rl-grid__column[data-date="${date}"] .rl-grid__cell[data-start="${start}"]`).click()
  await popover(page).waitFor()
  return popover(page)
}

/** Finds the seeded customer Mia Schneider in the popover's search and picks her. */
export const chooseMia = async (page: Page) => {
  await page.locator('.rl-quick .rl-customer-field__input').fill('Mia')
  await page.locator('.rl-quick .rl-customer-field__hit', { hasText: 'Mia Schneider' }).click()
  await page.locator('.rl-quick .rl-customer-field__chosen', { hasText: 'mia@example.com' }).waitFor()
}
