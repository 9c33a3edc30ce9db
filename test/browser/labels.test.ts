import type { Page } from 'playwright-core'

import { describe, expect, it } from 'vitest'

import { localDateOf } from '../../src/admin/shared/calendar-dates.js'
import { translations } from '../../src/translations/index.js'
import { useLoggedInBrowser } from './support/browser.js'
import { openCalendar } from './support/calendar.js'
import { switchLanguage } from './support/language.js'
import { rest, TIMEZONE } from './support/rest.js'

type Language = 'ar' | 'de'

const english = translations.en.reserveLedger as Record<string, string>

/**
 * The plugin's English labels that read differently in `language` (some, such as "Status" in
 * German, are the same word there), as whole words: none of them may be left on its screens.
 */
const englishLabels = (language: Language): string[] => {
  const own = translations[language].reserveLedger as Record<string, string>
  return [
    ...new Set(
      Object.entries(english)
        .filter(([key, text]) => !text.includes('{{') && own[key] !== text)
        .map(([, text]) => text),
    ),
  ]
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The English labels the page shows as text (not counting what is typed into inputs, nor who
 * booked: a guest named "Whole Day" by another test is data, not a label).
 */
const englishOn = async (page: Page, language: Language): Promise<string[]> => {
  // People's names are data other files' tests chose, not labels.
  const names = await page.locator('.rl-block__who, td.cell-guest, td.cell-customer').allInnerTexts()
  const text = names.reduce((rest, name) => rest.split(name).join(' '), await page.locator('body').innerText())
  return englishLabels(language).filter((label) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(label)}(?![\\p{L}\\p{N}])`, 'u').test(text))
}

/** The plugin's screens a receptionist works on, each opened and waited for until it shows its data. */
const screens = (page: Page, ids: { resource: string; schedule: string; week: string }) => ({
  calendar: () => openCalendar(page, { date: ids.week, view: 'week' }),
  'reservation-form': async () => {
    await page.goto('/admin/collections/reservations/create')
    await page.locator('.rl-slot-picker__note').waitFor()
    // The status options, as the open select lists them.
    await page.locator('#field-status .rs__control').click()
    await page.locator('.rs__option').first().waitFor()
  },
  'reservation-list': async () => {
    await page.goto('/admin/collections/reservations?view=list')
    await page.locator('.table tbody tr').first().waitFor()
    // The related records' names, which the table loads after the rows ("Loading...").
    await page.waitForFunction(() => !document.querySelector('.table')?.textContent?.includes('...'))
  },
  'resource-form': async () => {
    await page.goto(`/admin/collections/resources/${ids.resource}`)
    await page.locator('#field-capacityMode .rs__single-value').waitFor()
  },
  'schedule-form': async () => {
    await page.goto(`/admin/collections/schedules/${ids.schedule}`)
    await page.locator('#field-recurringSlots__0__day .rs__single-value').waitFor()
  },
  'services-list': async () => {
    await page.goto('/admin/collections/services')
    await page.locator('.table tbody tr').first().waitFor()
  },
})

describe("the plugin's screens in the admin's language", () => {
  const browser = useLoggedInBrowser()

  it.each([
    ['de', 'Deutsch'],
    ['ar', 'العربية'],
  ] as const)('leave no English label in %s: collections, navigation, forms, options, list columns, calendar', async (language, name) => {
    const { page } = browser()
    const api = rest(page)
    const [next] = await api.reservations({ startTime: { greater_than: new Date().toISOString() } })
    const [chair] = (await api.resources()).filter((resource) => resource.name === 'Treatment chair')
    const schedules = await api.get<{ docs: { id: number | string }[] }>('/schedules', { depth: 0, limit: 1 })
    await switchLanguage(page, name, language)

    const open = screens(page, {
      resource: String(chair.id),
      schedule: String(schedules.docs[0].id),
      week: localDateOf(Date.parse(next.startTime), TIMEZONE),
    })
    const left: Record<string, string[]> = {}
    for (const [screen, show] of Object.entries(open)) {
      await show()
      await browser().screenshot(`${language}-${screen}`)
      const found = await englishOn(page, language)
      if (found.length > 0) {
        left[screen] = found
      }
    }
    expect(left).toEqual({})
    // The navigation names the group and the collections in the language.
    const own = translations[language].reserveLedger
    const nav = await page.locator('nav').first().innerText()
    for (const label of [own.navGroup, own.coll_services, own.coll_resources, own.coll_schedules, own.coll_reservations]) {
      expect(nav).toContain(label)
    }
  })
})
