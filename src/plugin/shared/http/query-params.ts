import type { PayloadRequest } from 'payload'

/**
 * One query parameter as Payload's query parser (qs) left it: absent or empty, one text, or
 * something else (qs makes lists of `a=1&a=2` and `a[]=1`, and objects of `a[b]=1`; text
 * holding a NUL counts as something else).
 */
export type QueryParam = { kind: 'absent' } | { kind: 'other'; value: unknown } | { kind: 'text'; value: string }

export const queryParam = (req: PayloadRequest, name: string): QueryParam => {
  const value: unknown = (req.query as Record<string, unknown> | undefined)?.[name]
  if (value === undefined || value === null) {
    return { kind: 'absent' }
  }
  // A NUL character is never part of an id, date or search, and PostgreSQL refuses it in text.
  if (typeof value !== 'string' || value.includes('\u0000')) {
    return { kind: 'other', value }
  }
  const text = value.trim()
  return text === '' ? { kind: 'absent' } : { kind: 'text', value: text }
}
