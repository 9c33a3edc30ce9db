import type { RecordId, ReservationDocument } from '../contract/http.js'
import type { CatalogSlugs } from './catalog.js'

/** A customer's booking as their bookings page lists it. */
export type MyBooking = Pick<ReservationDocument, 'endTime' | 'id' | 'resource' | 'service' | 'startTime' | 'status'>

export interface MyBookings {
  /** Ended, the latest first. */
  past: MyBooking[]
  /** Not ended yet, the soonest first. */
  upcoming: MyBooking[]
}

/** How many of each a page lists. */
export const MY_BOOKINGS_LIMIT = 50

const FIELDS = ['endTime', 'resource', 'service', 'startTime', 'status'] as const

const listUrl = (apiUrl: string, slug: string, customer: RecordId, ended: boolean, now: string): string => {
  const query = new URLSearchParams({
    depth: '0',
    limit: String(MY_BOOKINGS_LIMIT),
    sort: ended ? '-startTime' : 'startTime',
    'where[customer][equals]': String(customer),
    [`where[endTime][${ended ? 'less_than_equal' : 'greater_than'}]`]: now,
  })
  for (const field of FIELDS) {
    query.set(`select[${field}]`, 'true')
  }
  return `${apiUrl}/${slug}?${query.toString()}`
}

/**
 * The bookings of `customer`, upcoming and past, through Payload's REST API of the reservations
 * collection, whose read access lets a customer read their own only.
 */
export const loadMyBookings = async (
  apiUrl: string,
  customer: RecordId,
  { signal, slugs = {} }: { signal?: AbortSignal; slugs?: CatalogSlugs & { reservations?: string } } = {},
): Promise<MyBookings> => {
  const now = new Date().toISOString()
  const list = async (ended: boolean): Promise<MyBooking[]> => {
    const response = await fetch(listUrl(apiUrl, slugs.reservations ?? 'reservations', customer, ended, now), { credentials: 'include', signal })
    if (!response.ok) {
      throw new Error(`${response.status} ${response.statusText}`)
    }
    return ((await response.json()) as { docs: MyBooking[] }).docs
  }
  const [upcoming, past] = await Promise.all([list(false), list(true)])
  return { past, upcoming }
}
