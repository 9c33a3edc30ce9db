import ICAL from 'ical.js'
import { tzlib_get_ical_block } from 'timezones-ical-library'

import { localDateOf, nextLocalMidnight } from '../../../time/local-time.js'

/** One reservation as a feed shows it. */
export interface FeedEvent {
  /** Full-day bookings are dates in the resource's zone. */
  allDay: boolean
  description: string
  end: number
  id: string
  /** Counts the reservation's changes: its stream revision. */
  sequence: number
  start: number
  status: 'CANCELLED' | 'CONFIRMED' | 'TENTATIVE'
  summary: string
  timeZone: string
  updatedAt: number
}

const PRODUCT = '-//payload-reserve-ledger//reservations//EN'

/** Wall-clock time of `epoch` in `timeZone`, as an iCalendar time in that zone. */
const zonedTime = (epoch: number, timeZone: string): ICAL.Time => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { day: '2-digit', hour: '2-digit', hourCycle: 'h23', minute: '2-digit', month: '2-digit', second: '2-digit', timeZone, year: 'numeric' })
      .formatToParts(new Date(epoch))
      .map(({ type, value }) => [type, Number(value)]),
  )
  return new ICAL.Time({ day: parts.day, hour: parts.hour, minute: parts.minute, month: parts.month, second: parts.second, year: parts.year }, ICAL.Timezone.localTimezone)
}

const dateOnly = (date: string): ICAL.Time => ICAL.Time.fromDateString(date)

const eventComponent = (event: FeedEvent): ICAL.Component => {
  const vevent = new ICAL.Component('vevent')
  vevent.addPropertyWithValue('uid', `${event.id}@payload-reserve-ledger`)
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(event.updatedAt), true))
  vevent.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(event.updatedAt), true))
  vevent.addPropertyWithValue('sequence', event.sequence)
  if (event.allDay) {
    vevent.addPropertyWithValue('dtstart', dateOnly(localDateOf(event.start, event.timeZone)))
    // DTEND of a date is exclusive: the local day after the last one booked.
    vevent.addPropertyWithValue('dtend', dateOnly(localDateOf(nextLocalMidnight(event.end - 1, event.timeZone), event.timeZone)))
  } else {
    for (const [name, epoch] of [['dtstart', event.start], ['dtend', event.end]] as const) {
      vevent.addPropertyWithValue(name, zonedTime(epoch, event.timeZone)).setParameter('tzid', event.timeZone)
    }
  }
  vevent.addPropertyWithValue('status', event.status)
  vevent.addPropertyWithValue('summary', event.summary)
  if (event.description) {
    vevent.addPropertyWithValue('description', event.description)
  }
  return vevent
}

/**
 * An iCalendar feed (RFC 5545) of reservations: one VEVENT each with a stable UID and a
 * SEQUENCE that counts its changes, times in the resource's zone with that zone's VTIMEZONE,
 * full-day bookings as dates.
 */
export const reservationsCalendar = (name: string, events: FeedEvent[]): string => {
  const calendar = new ICAL.Component(['vcalendar', [], []])
  calendar.addPropertyWithValue('version', '2.0')
  calendar.addPropertyWithValue('prodid', PRODUCT)
  calendar.addPropertyWithValue('calscale', 'GREGORIAN')
  calendar.addPropertyWithValue('x-wr-calname', name)
  for (const zone of new Set(events.filter(({ allDay }) => !allDay).map(({ timeZone }) => timeZone))) {
    const [block] = tzlib_get_ical_block(zone)
    if (block) {
      calendar.addSubcomponent(new ICAL.Component(ICAL.parse(block)))
    }
  }
  for (const event of events) {
    calendar.addSubcomponent(eventComponent(event))
  }
  return calendar.toString()
}
