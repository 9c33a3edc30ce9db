import { z } from 'zod'

/**
 * The building blocks of the HTTP contract's schemas: ids, instants, ranges. Times are ISO 8601
 * strings in UTC; a response's schema says what the endpoint sends, it is not parsed.
 */

export const RecordId = z.union([z.string(), z.number()])
export type RecordId = z.output<typeof RecordId>

export const dateTime = () => z.string().meta({ format: 'date-time' })
export const date = () => z.string().meta({ format: 'date' })

export const TimeRange = z.object({ end: dateTime(), start: dateTime() })
export type TimeRange = z.output<typeof TimeRange>

export const BusyInterval = TimeRange.extend({ units: z.int() })
export type BusyInterval = z.output<typeof BusyInterval>

export const Guest = z.object({
  email: z.string().nullish(),
  name: z.string().nullish(),
  phone: z.string().nullish(),
})
export type Guest = z.output<typeof Guest>
