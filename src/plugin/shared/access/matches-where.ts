import type { Where } from 'payload'

/** The values at a dotted path, stepping into every row of an array on the way (as a query does). */
const valuesAt = (value: unknown, path: string[]): unknown[] => {
  if (Array.isArray(value)) {
    return value.flatMap((row) => valuesAt(row, path))
  }
  if (path.length === 0) {
    return [value]
  }
  if (value === null || typeof value !== 'object') {
    return []
  }
  return valuesAt((value as Record<string, unknown>)[path[0]], path.slice(1))
}

/** Relation ids are numbers on some databases and text on others: compared as text. */
const same = (a: unknown, b: unknown): boolean =>
  (typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string') && String(a) === String(b)

const present = (value: unknown): boolean => value !== null && value !== undefined

/** One operator on the values found at a path; undefined for an operator not decided here. */
const holds = (operator: string, operand: unknown, values: unknown[]): boolean | undefined => {
  const found = values.filter(present)
  switch (operator) {
    case 'equals':
      return operand === null ? found.length === 0 : found.some((value) => same(value, operand))
    case 'exists':
      return typeof operand === 'boolean' ? (found.length > 0) === operand : undefined
    case 'in':
      return Array.isArray(operand) ? found.some((value) => operand.some((one) => same(value, one))) : undefined
    default:
      return undefined
  }
}

/**
 * Whether a document held in memory matches a query of the shapes access functions return
 * (`and`, `or`, and `equals`, `in`, `exists` on a dotted path); undefined where the query uses
 * anything else, which the caller must take as "cannot say". The collection's own query is the
 * authority: this is for a document that is no longer stored as it was.
 */
export const matchesWhere = (where: Where, doc: unknown): boolean | undefined => {
  let result: boolean | undefined = true
  for (const [key, condition] of Object.entries(where)) {
    let part: boolean | undefined
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(condition)) {
        return undefined
      }
      const parts = (condition as Where[]).map((one) => matchesWhere(one, doc))
      part = key === 'and' ? allOf(parts) : anyOf(parts)
    } else {
      if (!condition || typeof condition !== 'object') {
        return undefined
      }
      const values = valuesAt(doc, key.split('.'))
      part = allOf(Object.entries(condition).map(([operator, operand]) => holds(operator, operand, values)))
    }
    result = allOf([result, part])
  }
  return result
}

/** False if any is false, else undefined if any cannot say, else true. */
const allOf = (parts: (boolean | undefined)[]): boolean | undefined =>
  parts.includes(false) ? false : parts.includes(undefined) ? undefined : true

/** True if any is true, else undefined if any cannot say, else false. */
const anyOf = (parts: (boolean | undefined)[]): boolean | undefined =>
  parts.includes(true) ? true : parts.includes(undefined) ? undefined : false
