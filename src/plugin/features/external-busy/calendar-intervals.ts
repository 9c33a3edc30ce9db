import ICAL from 'ical.js'

import { zonedEpoch } from '../../../time/local-time.js'
import { isTimeZone } from '../../shared/validation/is-time-zone.js'

/** Time an outside calendar holds, in epoch milliseconds. */
export interface ExternalInterval {
  end: number
  label?: string
  start: number
}

/** Occurrences of one recurring event expanded at most; a rule without end stops at the range's end anyway. */
const MAX_OCCURRENCES = 5_000

/**
 * An iCalendar time as epoch milliseconds. Times in UTC or in a zone the file defines
 * (VTIMEZONE) are ical.js's to convert. A TZID the file names without defining it (`named`) is
 * read as an IANA zone; dates (all-day events) and floating times are wall-clock in the
 * resource's zone.
 */
const epochOf = (time: ICAL.Time, named: null | string, resourceZone: string): number => {
  if (!time.isDate && time.zone && time.zone.tzid !== 'floating') {
    return time.toUnixTime() * 1000
  }
  const zone = !time.isDate && named && isTimeZone(named) ? named : resourceZone
  const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`
  return time.isDate ? zonedEpoch(date, 0, zone) : zonedEpoch(date, time.hour * 60 + time.minute, zone) + time.second * 1000
}

/** An event that holds time: not cancelled, not marked free (TRANSP:TRANSPARENT). */
const holdsTime = (event: ICAL.Event): boolean =>
  event.component.getFirstPropertyValue('status') !== 'CANCELLED' && event.component.getFirstPropertyValue('transp') !== 'TRANSPARENT'

const occurrencesOf = (event: ICAL.Event, from: number, to: number, zone: string): ExternalInterval[] => {
  const named = event.component.getFirstProperty('dtstart')?.getParameter('tzid')
  const tzid = typeof named === 'string' ? named : null
  const interval = (start: ICAL.Time, end: ICAL.Time, item: ICAL.Event): ExternalInterval => ({
    end: epochOf(end, tzid, zone),
    ...(item.summary ? { label: item.summary } : {}),
    start: epochOf(start, tzid, zone),
  })
  if (!event.isRecurring()) {
    return [interval(event.startDate, event.endDate ?? event.startDate, event)]
  }
  const found: ExternalInterval[] = []
  const iterator = event.iterator()
  for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
    const details = event.getOccurrenceDetails(next)
    if (!holdsTime(details.item)) {
      continue
    }
    const occurrence = interval(details.startDate, details.endDate, details.item)
    if (occurrence.start >= to) {
      break
    }
    if (occurrence.end > from) {
      found.push(occurrence)
    }
  }
  return found
}

/**
 * The busy time of an iCalendar file within `[from, to)`: every event that holds time,
 * recurring ones expanded (RRULE, RDATE, EXDATE and moved or cancelled occurrences), in start
 * order. Floating times and all-day events are read in `timeZone`, the resource's.
 */
export const calendarIntervals = (ics: string, from: number, to: number, timeZone: string): ExternalInterval[] => {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))
  const masters = new Map(events.filter((event) => !event.isRecurrenceException()).map((event) => [event.uid, event]))
  for (const exception of events.filter((event) => event.isRecurrenceException())) {
    masters.get(exception.uid)?.relateException(exception)
  }
  return [...masters.values()]
    .filter(holdsTime)
    .flatMap((event) => occurrencesOf(event, from, to, timeZone))
    .filter((interval) => interval.end > from && interval.start < to && interval.end > interval.start)
    .sort((a, b) => a.start - b.start || a.end - b.end)
}
