import type { QueryValue } from '../shared/query-string.js'

/**
 * Who booked, by part of a name, an e-mail or a phone: the registered customer's (the
 * customers collection always has name and phone, `collections/customers.ts`) or the guest's.
 * Queried through the reservations collection, so its read access decides what is found, and
 * the customer's fields only as far as the customers collection lets the user read them.
 */
export const bookerMatches = (text: string): QueryValue => ({
  or: ['customer.name', 'customer.email', 'customer.phone', 'guest.name', 'guest.email', 'guest.phone'].map((path) => ({
    [path]: { contains: text },
  })),
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
