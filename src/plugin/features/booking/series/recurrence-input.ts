import { ValidationError } from 'payload'
import { z } from 'zod'

import type { Recurrence } from '../../../../time/recurrence.js'

import { MESSAGES } from '../../../../contract/messages.js'
import { localDateOf } from '../../../../time/local-time.js'
import { MAX_OCCURRENCES } from '../../../../time/recurrence.js'
import { WEEKDAYS } from '../../../../time/weekdays.js'
import { isCalendarDate } from '../../../shared/validation/is-calendar-date.js'
import { parseInstant } from '../../../shared/validation/parse-instant.js'

const isGiven = (value: unknown): boolean => value !== undefined && value !== null

const wholeUpToMax = (message: string) => z.int({ error: message }).min(1, message).max(MAX_OCCURRENCES, message)

/**
 * The fields of a recurrence, each refused with its own text. `recurrenceInput` checks them in
 * order and together; the OpenAPI document describes `recurrence` with them.
 */
export const recurrenceFields = {
  frequency: z.enum(['daily', 'weekly'], { error: MESSAGES.recurrenceFrequency }),
  interval: wholeUpToMax(MESSAGES.recurrenceInterval).default(1),
  count: wholeUpToMax(MESSAGES.recurrenceCount),
  /** Whether it lies after the first start depends on that start: `recurrenceInput` checks it. */
  until: z.string({ error: MESSAGES.recurrenceUntil }),
  byWeekday: z
    .array(z.enum(WEEKDAYS), { error: MESSAGES.recurrenceByWeekday })
    .min(1, MESSAGES.recurrenceByWeekday)
    .refine((days) => new Set(days).size === days.length, MESSAGES.recurrenceByWeekday)
    .meta({ uniqueItems: true }),
}

/** `until` as a local date or an instant, when it lies after the first occurrence's start; else null. */
const untilAfter = (until: string, start: number, timeZone: string): null | number | string => {
  if (isCalendarDate(until)) {
    return until > localDateOf(start, timeZone) ? until : null
  }
  const instant = parseInstant(until)
  return instant !== null && instant > start ? instant : null
}

/**
 * The `recurrence` of POST /api/reserve/book, checked whole: every field it gets wrong is an
 * issue, in the order frequency, interval, count (or exactly one of count and until), until,
 * byWeekday. The checks depend on each other (count is read only when until is not given;
 * until is compared with `start`, the first occurrence's start, a date in `timeZone`, the
 * resource's), so they run in one transform rather than as independent fields.
 */
export const recurrenceInput = (start: number, timeZone: string) =>
  z.looseObject({}, { error: MESSAGES.recurrence }).transform((value, ctx): Recurrence => {
    const refuse = (field: keyof typeof recurrenceFields, message: string) => ctx.issues.push({ code: 'custom', input: value[field], message, path: [field] })
    const checked = <T>(field: keyof typeof recurrenceFields, schema: z.ZodType<T>): T | undefined => {
      const result = schema.safeParse(value[field])
      if (!result.success) {
        refuse(field, result.error.issues[0].message)
      }
      return result.data
    }
    const frequency = checked('frequency', recurrenceFields.frequency)
    const interval = checked('interval', recurrenceFields.interval)
    const [hasCount, hasUntil] = [isGiven(value.count), isGiven(value.until)]
    if (hasCount === hasUntil) {
      refuse('count', MESSAGES.recurrenceEnd)
    }
    const count = hasCount && !hasUntil ? checked('count', recurrenceFields.count) : undefined
    const given = hasUntil ? checked('until', recurrenceFields.until) : undefined
    const until = given === undefined ? null : untilAfter(given, start, timeZone)
    if (given !== undefined && until === null) {
      refuse('until', MESSAGES.recurrenceUntil)
    }
    const byWeekday = isGiven(value.byWeekday) ? checked('byWeekday', recurrenceFields.byWeekday) : undefined
    if (ctx.issues.length > 0 || frequency === undefined || interval === undefined) {
      return z.NEVER
    }
    return { ...(byWeekday ? { byWeekday } : {}), ...(count === undefined ? { until: until ?? undefined } : { count }), frequency, interval }
  })

/**
 * The checked recurrence, or a 400 naming every field it gets wrong (Payload's standard body,
 * paths `recurrence.<field>`).
 */
export const parseRecurrence = (value: unknown, start: number, timeZone: string, collection: string): Recurrence => {
  const parsed = recurrenceInput(start, timeZone).safeParse(value)
  if (!parsed.success) {
    throw new ValidationError({ collection, errors: parsed.error.issues.map(({ message, path }) => ({ message, path: ['recurrence', ...path].join('.') })) })
  }
  return parsed.data
}
