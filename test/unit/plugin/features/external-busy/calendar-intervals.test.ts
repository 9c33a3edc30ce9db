import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { calendarIntervals } from '../../../../../src/plugin/features/external-busy/calendar-intervals.js'

const ics = readFileSync(path.join(import.meta.dirname, '../../../../fixtures/practitioner.ics'), 'utf8')
const iso = (ms: number) => new Date(ms).toISOString()
const read = (from: string, to: string) =>
  calendarIntervals(ics, Date.parse(from), Date.parse(to), 'Europe/Berlin').map(({ end, label, start }) => [iso(start), iso(end), label])

describe('busy time from an iCalendar file', () => {
  it('expands a weekly event across the change to summer time at the same wall-clock hour, without its EXDATE, with its moved occurrence', () => {
    expect(read('2031-03-01T00:00:00Z', '2031-05-01T00:00:00Z').filter(([, , label]) => String(label).startsWith('Team'))).toEqual([
      // 10:00 CET is 09:00 UTC; from 30 March, 10:00 CEST is 08:00 UTC.
      ['2031-03-17T09:00:00.000Z', '2031-03-17T10:00:00.000Z', 'Team meeting'],
      ['2031-03-24T09:00:00.000Z', '2031-03-24T10:00:00.000Z', 'Team meeting'],
      ['2031-04-07T12:00:00.000Z', '2031-04-07T13:00:00.000Z', 'Team meeting (moved)'],
      ['2031-04-14T08:00:00.000Z', '2031-04-14T09:00:00.000Z', 'Team meeting'],
    ])
  })

  it("reads all-day and floating events in the resource's zone, and an undefined TZID as an IANA zone", () => {
    const intervals = read('2031-03-18T00:00:00Z', '2031-03-21T00:00:00Z')
    expect(intervals).toContainEqual(['2031-03-19T23:00:00.000Z', '2031-03-20T23:00:00.000Z', 'Conference'])
    expect(intervals).toContainEqual(['2031-03-19T11:00:00.000Z', '2031-03-19T12:00:00.000Z', 'Lunch'])
    expect(intervals).toContainEqual(['2031-03-18T13:00:00.000Z', '2031-03-18T13:30:00.000Z', 'Dentist'])
  })

  it('leaves out cancelled and free events, and everything outside the range', () => {
    const labels = read('2031-03-19T00:00:00Z', '2031-03-19T23:00:00Z').map(([, , label]) => label)
    expect(labels).toEqual(['Lunch'])
  })
})
