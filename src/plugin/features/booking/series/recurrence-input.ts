import { ValidationError } from 'payload'

import type { Recurrence } from '../../../../time/recurrence.js'

import { localDateOf } from '../../../../time/local-time.js'
import { MAX_OCCURRENCES } from '../../../../time/recurrence.js'
import { type Weekday, WEEKDAYS } from '../../../../time/weekdays.js'
import { MESSAGES } from '../../../../contract/messages.js'
import { isCalendarDate } from '../../../shared/validation/is-calendar-date.js'
import { parseInstant } from '../../../shared/validation/parse-instant.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isGiven = (value: unknown): boolean => value !== undefined && value !== null

const isWholeIn = (value: unknown, low: number, high: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high

const isWeekdayList = (value: unknown): value is Weekday[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((day) => (WEEKDAYS as readonly unknown[]).includes(day)) &&
  new Set(value).size === value.length

/**
 * The `recurrence` of POST /api/reserve/book, checked whole: every field it gets wrong is named
 * in one 400 (Payload's standard body, paths `recurrence.<field>`). `start` is the first
 * occurrence's start and `timeZone` the resource's, for `until` given as a date.
 */
export const parseRecurrence = (value: unknown, start: number, timeZone: string, collection: string): Recurrence => {
  const refuse = (errors: { message: string; path: string }[]) => new ValidationError({ collection, errors })
  if (!isObject(value)) {
    throw refuse([{ message: MESSAGES.recurrence, path: 'recurrence' }])
  }
  const { byWeekday, count, frequency, interval = 1, until } = value
  const errors: { message: string; path: string }[] = []
  if (frequency !== 'daily' && frequency !== 'weekly') {
    errors.push({ message: MESSAGES.recurrenceFrequency, path: 'recurrence.frequency' })
  }
  if (!isWholeIn(interval, 1, MAX_OCCURRENCES)) {
    errors.push({ message: MESSAGES.recurrenceInterval, path: 'recurrence.interval' })
  }
  if (isGiven(count) === isGiven(until)) {
    errors.push({ message: MESSAGES.recurrenceEnd, path: 'recurrence.count' })
  } else if (isGiven(count) && !isWholeIn(count, 1, MAX_OCCURRENCES)) {
    errors.push({ message: MESSAGES.recurrenceCount, path: 'recurrence.count' })
  }
  let end: number | string | undefined
  if (isGiven(until)) {
    const instant = typeof until === 'string' ? parseInstant(until) : null
    end = isCalendarDate(until) ? until : (instant ?? undefined)
    const after = typeof end === 'string' ? end > localDateOf(start, timeZone) : end !== undefined && end > start
    if (!after) {
      errors.push({ message: MESSAGES.recurrenceUntil, path: 'recurrence.until' })
    }
  }
  if (isGiven(byWeekday) && !isWeekdayList(byWeekday)) {
    errors.push({ message: MESSAGES.recurrenceByWeekday, path: 'recurrence.byWeekday' })
  }
  if (errors.length > 0) {
    throw refuse(errors)
  }
  return {
    ...(isGiven(byWeekday) ? { byWeekday: byWeekday as Weekday[] } : {}),
    ...(isGiven(count) ? { count: count as number } : { until: end }),
    frequency: frequency as Recurrence['frequency'],
    interval: interval as number,
  }
}
