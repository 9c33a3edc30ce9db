import type { QueryValue } from '../shared/query-string.js'

const CUSTOMER_PATHS = ['customer.name', 'customer.email', 'customer.phone']
const GUEST_PATHS = ['guest.name', 'guest.email', 'guest.phone']

/**
 * Who booked, by part of a name, an e-mail or a phone: the guest's, and the registered
 * customer's (the customers collection always has name and phone, `collections/customers.ts`)
 * where the user may read customers at all (else Payload refuses the whole query). Queried
 * through the reservations collection, so its read access decides which bookings are found,
 * and the customers collection's which customers match.
 */
export const bookerMatches = (text: string, customersReadable: boolean): QueryValue => ({
  or: [...(customersReadable ? CUSTOMER_PATHS : []), ...GUEST_PATHS].map((path) => ({ [path]: { contains: text } })),
})

/** Bookings not over at `now` that still hold their time: the ones a caller asks about. */
export const ahead = (now: number, holding: string[]): QueryValue[] => [
  { endTime: { greater_than: new Date(now).toISOString() } },
  { status: { in: holding } },
]

/** Everything else: over by `now`, or no longer holding its time (cancelled). */
export const behind = (now: number, holding: string[]): QueryValue => ({
  or: [{ endTime: { less_than_equal: new Date(now).toISOString() } }, { status: { not_in: holding } }],
})
