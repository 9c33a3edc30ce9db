import { describe, expect, it } from 'vitest'

import { bookingIcs } from '../../../src/booking/booking-ics.js'

const booking = {
  end: '2026-12-01T08:30:00.000Z',
  id: '01a2274c-87e1-71ea-8d35-900fbddf6fbd',
  start: '2026-12-01T08:00:00.000Z',
  summary: 'Consultation with Anna Weber',
}

describe('the add-to-calendar file of a booking', () => {
  it('is one event at the booked instants in UTC, named by the reservation id, with CRLF line ends', () => {
    const ics = bookingIcs(booking, new Date('2026-11-29T12:00:00.000Z'))
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//payload-reserve-ledger//booking//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:01a2274c-87e1-71ea-8d35-900fbddf6fbd@payload-reserve-ledger',
      'DTSTAMP:20261129T120000Z',
      'DTSTART:20261201T080000Z',
      'DTEND:20261201T083000Z',
      'SUMMARY:Consultation with Anna Weber',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ])
  })

  it('escapes commas, semicolons, backslashes and line breaks in text, and folds long lines', () => {
    const ics = bookingIcs({ ...booking, description: 'Bring: forms; ID\nRoom 2\\B', location: 'Hauptstraße 1, Berlin', summary: 'x'.repeat(100) })
    expect(ics).toContain('LOCATION:Hauptstraße 1\\, Berlin\r\n')
    expect(ics).toContain('DESCRIPTION:Bring: forms\\; ID\\nRoom 2\\\\B\r\n')
    const summary = ics.split('\r\n').findIndex((line) => line.startsWith('SUMMARY:'))
    const lines = ics.split('\r\n')
    expect(lines[summary]).toHaveLength(75)
    expect(lines[summary + 1]).toBe(` ${'x'.repeat(100 - 67)}`)
  })

  it('of a series holds one event per appointment, each named by its reservation', () => {
    const second = { ...booking, end: '2026-12-08T08:30:00.000Z', id: '01a2274c-87e1-71ea-8d35-900fbddf6fbe', start: '2026-12-08T08:00:00.000Z' }
    const lines = bookingIcs([booking, second], new Date('2026-11-29T12:00:00.000Z')).split('\r\n')
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2)
    expect(lines.filter((line) => line.startsWith('UID:'))).toEqual([`UID:${booking.id}@payload-reserve-ledger`, `UID:${second.id}@payload-reserve-ledger`])
    expect(lines.filter((line) => line.startsWith('DTSTART:'))).toEqual(['DTSTART:20261201T080000Z', 'DTSTART:20261208T080000Z'])
    expect(lines.at(-2)).toBe('END:VCALENDAR')
  })
})
