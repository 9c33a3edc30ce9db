/** True for a zone the runtime's ICU knows (IANA names such as `Europe/Berlin`, and `UTC`). */
export const isTimeZone = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length === 0) {
    return false
  }
  try {
    // The constructor throws a RangeError for unknown zones; that is the whole check.
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}
