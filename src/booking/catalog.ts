import type { RecordId } from '../contract/http.js'

import { offersService } from '../contract/offers-service.js'

/**
 * A service as the booking page lists it, with what decides the times offered: its length (a
 * flexible one's shortest, up to its longest in steps of its slot interval) and how far ahead it
 * may be booked. Null where the service leaves the plugin's option to apply.
 */
export interface BookableService {
  duration?: null | number
  durationType?: 'fixed' | 'flexible' | 'full-day' | null
  id: RecordId
  maxAdvanceDays?: null | number
  maxFlexibleDuration?: null | number
  name: string
  slotInterval?: null | number
}

const SERVICE_FIELDS = ['name', 'durationType', 'duration', 'maxFlexibleDuration', 'slotInterval', 'maxAdvanceDays'] as const

/** A resource as the booking page lists it: the services it offers and the zone of its clock. */
export interface BookableResource {
  id: RecordId
  name: string
  services: RecordId[]
  timezone: string
}

export interface Catalog {
  resources: BookableResource[]
  services: BookableService[]
}

/** The collections' slugs, where the site renamed them (the plugin's `slugs` and `userCollection` options). */
export interface CatalogSlugs {
  customers?: string
  resources?: string
  services?: string
}

/**
 * Only what the page shows, through Payload's REST API: anyone may read the active services and
 * resources (their default access), and `select` leaves out what a booking page does not need.
 */
const listUrl = (apiUrl: string, slug: string, fields: readonly string[]): string =>
  `${apiUrl}/${slug}?depth=0&limit=100&sort=name&${fields.map((field) => `select[${field}]=true`).join('&')}`

const docsOf = async <T>(send: typeof fetch, url: string, signal?: AbortSignal): Promise<T[]> => {
  const response = await send(url, { credentials: 'include', signal })
  if (!response.ok) {
    throw new Error(`${response.status} ${response.statusText}`)
  }
  return ((await response.json()) as { docs: T[] }).docs
}

/** The bookable services and resources from the host's REST API (`apiUrl`, e.g. `/api`). */
export const loadCatalog = async (
  apiUrl: string,
  { fetch: send = globalThis.fetch, signal, slugs = {} }: { fetch?: typeof fetch; signal?: AbortSignal; slugs?: CatalogSlugs } = {},
): Promise<Catalog> => {
  const [services, resources] = await Promise.all([
    docsOf<BookableService>(send, listUrl(apiUrl, slugs.services ?? 'services', SERVICE_FIELDS), signal),
    docsOf<{ services?: null | RecordId[] } & Omit<BookableResource, 'services'>>(
      send,
      listUrl(apiUrl, slugs.resources ?? 'resources', ['name', 'services', 'timezone']),
      signal,
    ),
  ])
  return { resources: resources.map((resource) => ({ ...resource, services: resource.services ?? [] })), services }
}

/** The resources that take bookings of `service`, in the catalog's order. */
export const resourcesFor = (catalog: Catalog, service: null | RecordId): BookableResource[] =>
  service === null ? [] : catalog.resources.filter((resource) => offersService(resource.services, service))
