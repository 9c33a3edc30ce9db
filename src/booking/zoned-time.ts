/**
 * Times as a booking page shows them: on the wall clock of the resource's zone with the zone
 * named, and the visitor's own time beside it when their zone differs. Gregorian in every
 * language (`fa` would default to the Persian calendar, the slots' days are Gregorian).
 */

const formatter = (locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(`${locale}-u-ca-gregory`, { ...options, timeZone })

/** `09:00` on a 24-hour clock, `9:00 AM` on a 12-hour one, as the language writes it, in `timeZone`. */
export const timeIn = (iso: string, timeZone: string, locale: string): string => {
  const twelveHours = formatter(locale, timeZone, { hour: 'numeric' }).resolvedOptions().hour12
  return formatter(locale, timeZone, { hour: twelveHours ? 'numeric' : '2-digit', minute: '2-digit' }).format(new Date(iso))
}

/** `Tuesday, 1 December 2026`: a calendar date `YYYY-MM-DD`, never shifted through a zone. */
export const dateLabel = (date: string, locale: string): string =>
  formatter(locale, 'UTC', { day: 'numeric', month: 'long', weekday: 'long', year: 'numeric' }).format(new Date(`${date}T12:00:00.000Z`))

/** The visitor's zone when it differs from `timeZone` (by the offset at `iso`, not by name), else null. */
export const otherZone = (iso: string, timeZone: string, visitorZone: null | string): null | string => {
  if (!visitorZone || visitorZone === timeZone) {
    return null
  }
  const probe = (zone: string) => formatter('en', zone, { day: 'numeric', hour: 'numeric', hourCycle: 'h23', minute: 'numeric' }).format(new Date(iso))
  return probe(visitorZone) === probe(timeZone) ? null : visitorZone
}

/**
 * `09:00 Europe/Berlin`, and with a visitor elsewhere `09:00 Europe/Berlin (03:00 America/New_York)`;
 * with `end`, from start to end: `09:00–10:30 Europe/Berlin`.
 */
export const timeWithZones = (iso: string, timeZone: string, locale: string, visitorZone: null | string, end?: string): string => {
  const clock = (zone: string) => (end ? `${timeIn(iso, zone, locale)}–${timeIn(end, zone, locale)}` : timeIn(iso, zone, locale))
  const own = `${clock(timeZone)} ${timeZone}`
  const visitor = otherZone(iso, timeZone, visitorZone)
  return visitor ? `${own} (${clock(visitor)} ${visitor})` : own
}

/** `Tuesday, 1 December 2026, 09:00 Europe/Berlin (03:00 America/New_York)`, with `end` `09:00–10:30 …`. */
export const whenLabel = (iso: string, date: string, timeZone: string, locale: string, visitorZone: null | string, end?: string): string =>
  `${dateLabel(date, locale)}, ${timeWithZones(iso, timeZone, locale, visitorZone, end)}`

/** `9:41` left of a countdown: minutes and zero-padded seconds, never below zero. */
export const countdownLabel = (milliseconds: number): string => {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
