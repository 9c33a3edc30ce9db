import { calendarDate } from '../../time/local-time.js'

/** `value` when it is a real calendar date `YYYY-MM-DD`, else undefined. */
export const validDate = (value: unknown): string | undefined => {
  if (typeof value !== 'string') {
    return undefined
  }
  try {
    return calendarDate(value)
  } catch {
    return undefined
  }
}
