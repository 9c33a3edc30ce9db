import { describe, expect, it } from 'vitest'

import { MESSAGES } from '../../../../../src/contract/messages.js'
import { recurrenceInput } from '../../../../../src/plugin/features/booking/series/recurrence-input.js'

// 23:30 UTC is already the next day in Berlin: `until` as a date is compared with 2030-06-05.
const start = Date.parse('2030-06-04T23:30:00Z')
const input = recurrenceInput(start, 'Europe/Berlin')

const refusals = (value: unknown) => input.safeParse(value).error?.issues.map(({ message, path }) => ({ message, path: path.join('.') }))

describe('recurrenceInput', () => {
  it.each([null, [], 'weekly', 3])('refuses %j as a whole', (value) => {
    expect(refusals(value)).toEqual([{ message: MESSAGES.recurrence, path: '' }])
  })

  it('names every wrong field at once, in order', () => {
    expect(refusals({ byWeekday: ['mon', 'mon'], count: 3, frequency: 'hourly', interval: 0, until: '2030-06-05' })).toEqual([
      { message: MESSAGES.recurrenceFrequency, path: 'frequency' },
      { message: MESSAGES.recurrenceInterval, path: 'interval' },
      { message: MESSAGES.recurrenceEnd, path: 'count' },
      { message: MESSAGES.recurrenceUntil, path: 'until' },
      { message: MESSAGES.recurrenceByWeekday, path: 'byWeekday' },
    ])
  })

  it('wants exactly one of count and until, and reads count only without until', () => {
    expect(refusals({ frequency: 'daily' })).toEqual([{ message: MESSAGES.recurrenceEnd, path: 'count' }])
    expect(refusals({ count: 53, frequency: 'daily' })).toEqual([{ message: MESSAGES.recurrenceCount, path: 'count' }])
    expect(refusals({ count: 1.5, frequency: 'daily', interval: null })).toEqual([
      { message: MESSAGES.recurrenceInterval, path: 'interval' },
      { message: MESSAGES.recurrenceCount, path: 'count' },
    ])
  })

  it('takes until after the first start: a local date of the zone, or an instant', () => {
    expect(refusals({ frequency: 'daily', until: '2030-06-05' })).toEqual([{ message: MESSAGES.recurrenceUntil, path: 'until' }])
    expect(refusals({ frequency: 'daily', until: '2030-06-04T23:30:00Z' })).toEqual([{ message: MESSAGES.recurrenceUntil, path: 'until' }])
    expect(refusals({ frequency: 'daily', until: 20300610 })).toEqual([{ message: MESSAGES.recurrenceUntil, path: 'until' }])
    expect(input.parse({ frequency: 'daily', until: '2030-06-06' })).toEqual({ frequency: 'daily', interval: 1, until: '2030-06-06' })
    expect(input.parse({ frequency: 'daily', until: '2030-06-05T02:00:00+02:00' })).toEqual({ frequency: 'daily', interval: 1, until: Date.parse('2030-06-05T00:00:00Z') })
  })

  it('answers the recurrence checked, interval 1 by default', () => {
    expect(input.parse({ byWeekday: ['tue', 'thu'], count: 4, frequency: 'weekly', interval: 2 })).toEqual({ byWeekday: ['tue', 'thu'], count: 4, frequency: 'weekly', interval: 2 })
    expect(refusals({ byWeekday: [], count: 4, frequency: 'weekly' })).toEqual([{ message: MESSAGES.recurrenceByWeekday, path: 'byWeekday' }])
  })
})
