import { describe, expect, it } from 'vitest'

import { recurrenceOf, refusedOccurrences, repeatsFor } from '../../../src/booking/repeat.js'

describe('a weekly series on the booking page', () => {
  it('is offered for the services the site names, or all, or none', () => {
    expect(repeatsFor('all', 3)).toBe(true)
    expect(repeatsFor(['3', 7], 3)).toBe(true)
    expect(repeatsFor([7], 3)).toBe(false)
    expect(repeatsFor(false, 3)).toBe(false)
    expect(repeatsFor('all', null)).toBe(false)
  })

  it('asks the server for weekly occurrences, every week or every other', () => {
    expect(recurrenceOf({ count: 4, interval: 2 })).toEqual({ count: 4, frequency: 'weekly', interval: 2 })
  })

  it('reads the refused occurrences from Payload’s error body, in the server’s words', () => {
    const body = {
      errors: [
        {
          data: {
            errors: [
              { message: '2026-12-21: The requested time is not available', path: 'recurrence.occurrences.1.startTime' },
              { message: '2027-01-04: Outside the schedule', path: 'recurrence.occurrences.3.startTime' },
              { message: 'Please enter a name', path: 'guest.name' },
            ],
          },
          message: 'The series cannot be booked: the time is taken on 2026-12-21',
        },
      ],
    }
    expect(refusedOccurrences(body)).toEqual(['2026-12-21: The requested time is not available', '2027-01-04: Outside the schedule'])
    expect(refusedOccurrences({ errors: [{ message: 'The series cannot be booked' }] })).toEqual([])
    expect(refusedOccurrences(null)).toEqual([])
  })
})
