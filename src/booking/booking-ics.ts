/** What an add-to-calendar file says of a booking. */
export interface IcsBooking {
  description?: string
  end: string
  /** The reservation's id: the event's UID, so importing the file twice updates one event. */
  id: string
  location?: string
  start: string
  summary: string
}

/** `20261201T080000Z`: an instant in the iCalendar UTC form. */
const icsInstant = (iso: string): string => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

/** Text escaped as RFC 5545 (3.3.11) wants it: backslash, semicolon, comma and line breaks. */
const icsText = (value: string): string => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** A content line folded at 75 characters, continuations starting with a space (RFC 5545, 3.1). */
const fold = (line: string): string => {
  const parts = [line.slice(0, 75)]
  for (let at = 75; at < line.length; at += 74) {
    parts.push(line.slice(at, at + 74))
  }
  return parts.join('\r\n ')
}

/** One booking's VEVENT lines. */
const eventLines = (booking: IcsBooking, stamp: Date): string[] => [
  'BEGIN:VEVENT',
  `UID:${icsText(booking.id)}@payload-reserve-ledger`,
  `DTSTAMP:${icsInstant(stamp.toISOString())}`,
  `DTSTART:${icsInstant(booking.start)}`,
  `DTEND:${icsInstant(booking.end)}`,
  `SUMMARY:${icsText(booking.summary)}`,
  ...(booking.location ? [`LOCATION:${icsText(booking.location)}`] : []),
  ...(booking.description ? [`DESCRIPTION:${icsText(booking.description)}`] : []),
  'END:VEVENT',
]

/**
 * An iCalendar file of a booking, or of each booking of a series, made in the browser (no server
 * round trip): times in UTC, so any calendar shows them in its own zone. `stamp` is when the
 * file is made.
 */
export const bookingIcs = (booking: IcsBooking | readonly IcsBooking[], stamp: Date = new Date()): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//payload-reserve-ledger//booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(Array.isArray(booking) ? booking : [booking as IcsBooking]).flatMap((one) => eventLines(one, stamp)),
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n')
