import type { Page } from 'playwright-core'

import type { Page as Docs, ReservationRecord, ResourceRecord } from '../../../src/contract/http.js'

import { type QueryValue, toQueryString } from '../../../src/admin/shared/query-string.js'

/** The dev app's plugin time zone (dev/payload.config.ts): the admin shows days in it. */
export const TIMEZONE = 'Europe/Berlin'

/**
 * The REST API as the logged-in admin of `page` sees it (the context's session cookie), to
 * compare what the admin shows with the data behind it.
 */
export const rest = (page: Page) => {
  const get = async <T>(path: string, query: Record<string, QueryValue> = {}): Promise<T> => {
    const response = await page.request.get(`/api${path}${toQueryString(query)}`)
    if (!response.ok()) {
      throw new Error(`GET /api${path} answered ${response.status()}: ${await response.text()}`)
    }
    return (await response.json()) as T
  }
  return {
    get,
    reservation: (id: string) => get<ReservationRecord>(`/reservations/${encodeURIComponent(id)}`, { depth: 0 }),
    reservations: async (where: QueryValue, sort = 'startTime', limit = 1000) =>
      (await get<Docs<ReservationRecord>>('/reservations', { depth: 0, limit, sort, where })).docs,
    resources: async () =>
      (
        await get<Docs<ResourceRecord>>('/resources', {
          depth: 0,
          limit: 100,
          sort: 'name',
          where: { active: { not_equals: false } },
        })
      ).docs,
    /** The active services, as a booking would find them (a test may have retired one it made). */
    services: async () =>
      (await get<Docs<{ id: number | string; name: string }>>('/services', { depth: 0, limit: 100, where: { active: { not_equals: false } } })).docs,
  }
}

export type Rest = ReturnType<typeof rest>
