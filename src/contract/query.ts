import { z } from 'zod'

/**
 * A query parameter as Payload's query parser (qs) leaves it: missing or blank is absent
 * (undefined), one text is trimmed, anything else (a list of `a=1&a=2` or `a[]=1`, an object
 * of `a[b]=1`, text holding a NUL) stays as it is for the schema to refuse.
 */
export const asGiven = (value: unknown): unknown => {
  if (value === null || (typeof value === 'string' && !value.includes('\u0000') && value.trim() === '')) {
    return undefined
  }
  return typeof value === 'string' && !value.includes('\u0000') ? value.trim() : value
}

/** One text parameter; anything else is refused with `message` (a function: by what was given, absent included). */
export const queryText = (message: ((given: unknown) => string) | string) => {
  const say = typeof message === 'string' ? () => message : message
  return z.preprocess(
    asGiven,
    z.string({ error: (issue) => say(issue.input) }).refine((text) => !text.includes('\u0000'), { error: (issue) => say(issue.input) }),
  )
}
