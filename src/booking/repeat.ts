import type { RecordId } from '../contract/http.js'

/** A weekly series as the booking page offers it: every week or every other week, `count` times in all. */
export interface Repeat {
  count: number
  interval: 1 | 2
}

/** How many appointments a series may have on the page: 2 to 12 (the server takes up to 52). */
export const REPEAT_COUNTS = [2, 3, 4, 5, 6, 8, 10, 12] as const

/**
 * Which services the page offers as a series: all of them, those listed, or none (`false`, the
 * default: a site decides which of its services are booked as a course of appointments).
 */
export type RepeatServices = 'all' | false | readonly RecordId[]

export const repeatsFor = (services: RepeatServices, service: null | RecordId): boolean =>
  service !== null && (services === 'all' || (Array.isArray(services) && services.some((id) => String(id) === String(service))))

/** The `recurrence` of `POST /api/reserve/book` for `repeat`. */
export const recurrenceOf = ({ count, interval }: Repeat) => ({ count, frequency: 'weekly' as const, interval })

/**
 * The occurrences a series booking refused, in the server's words (each its local date first),
 * from Payload's error body: the entries at `recurrence.occurrences.<i>.…`.
 */
export const refusedOccurrences = (body: unknown): string[] => {
  const errors = (body as { errors?: { data?: { errors?: { message?: unknown; path?: unknown }[] } }[] } | null)?.errors ?? []
  return errors
    .flatMap((error) => error.data?.errors ?? [])
    .filter((entry) => typeof entry.path === 'string' && entry.path.startsWith('recurrence.occurrences.') && typeof entry.message === 'string')
    .map((entry) => entry.message as string)
}
