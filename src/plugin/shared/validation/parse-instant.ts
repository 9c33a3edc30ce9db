import { isCalendarDate } from './is-calendar-date.js'

/**
 * ISO 8601 date-time with an explicit offset. A space where the offset's `+` belongs is read
 * as `+`: an unencoded `+` in a query string arrives as a space.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+\- ](\d{2}):(\d{2}))$/i

/**
 * The epoch ms of an ISO 8601 date-time with `Z` or an offset; null for anything else,
 * including impossible dates (2026-02-30, which `Date.parse` rolls over to March) and
 * date-times without an offset, whose instant would depend on the server's time zone.
 */
export const parseInstant = (text: string): null | number => {
  const match = DATE_TIME.exec(text)
  if (!match) {
    return null
  }
  const [, date, hours, minutes, seconds = '00', fraction = '', zone, zoneHours, zoneMinutes] = match
  if (!isCalendarDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) {
    return null
  }
  if (zoneHours !== undefined && (Number(zoneHours) > 23 || Number(zoneMinutes) > 59)) {
    return null
  }
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone[0] === '-' ? '-' : '+'}${zoneHours}:${zoneMinutes}`
  const epoch = Date.parse(`${date}T${hours}:${minutes}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`)
  return Number.isFinite(epoch) ? epoch : null
}
