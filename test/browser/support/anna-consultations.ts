import type { Page } from 'playwright-core'

import { expect } from 'vitest'

import { separateFreeTimes } from './free-times.js'
import { rest } from './rest.js'

/**
 * The opening of the calendar tests that book Anna: the seeded practitioner Anna Weber and her
 * Consultation, and the first day from `fromOffset` days ahead with `count` separate free
 * consultation times of hers (failing the test, with what is missing, when there are none).
 */
export const annaConsultations = async (page: Page, { count, fromOffset }: { count: number; fromOffset: number }) => {
  const api = rest(page)
  const anna = (await api.resources()).find((resource) => resource.name === 'Anna Weber')
  const consultation = (await api.services()).find((service) => service.name === 'Consultation')
  expect(anna && consultation, 'the seeded practitioner and her service').toBeTruthy()
  const { date, starts } = await separateFreeTimes(api, { count, fromOffset, resource: anna!.id, service: consultation!.id })
  expect(starts.length, `${count} free, separate consultation times of Anna's`).toBeGreaterThanOrEqual(count)
  return { anna: anna!, api, consultation: consultation!, date, starts }
}
