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

const WHOLE = /^[+-]?\d+$/

/**
 * A whole number written in decimal, saturated to the safe-integer range so that a huge value
 * stays a number; null for anything else (`1.5`, `1e3`, `0x10`, `abc`).
 */
export const parseWholeNumber = (text: string): null | number => {
  if (!WHOLE.test(text)) {
    return null
  }
  const value = Number(text)
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value))
}

/** One whole-number parameter in decimal (`parseWholeNumber`); anything else is refused with `message`. */
export const queryWholeNumber = (message: string) => queryText(message).transform(parseWholeNumber).pipe(z.number({ error: message }))
