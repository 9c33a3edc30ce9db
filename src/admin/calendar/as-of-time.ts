import { localDateOf, zonedEpoch } from '../shared/calendar-dates.js'

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/

/** An instant as a `datetime-local` input shows it in `timeZone`: `2026-11-24T14:05`. */
export const wallTimeOf = (epoch: number, timeZone: string): string => {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', minute: '2-digit', timeZone }).format(epoch)
  return `${localDateOf(epoch, timeZone)}T${time}`
}

/** The instant a `datetime-local` value names in `timeZone`; null for anything else. */
export const instantOfWallTime = (value: string, timeZone: string): null | number => {
  const match = WALL_TIME.exec(value)
  return match ? zonedEpoch(match[1], Number(match[2]) * 60 + Number(match[3]), timeZone) : null
}
