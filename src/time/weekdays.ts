/**
 * Days of a recurring slot, Monday first (ISO order). Names rather than numbers, because
 * 0–6 is ambiguous (is 0 Sunday or Monday?) and the names read well in the admin.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

export type Weekday = (typeof WEEKDAYS)[number]
