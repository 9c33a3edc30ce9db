import type { ReservationDocumentData } from './reservation-document.js'

/** The projection's date fields, on the document and on its item rows. */
const DATES = new Set(['createdAt', 'endTime', 'startTime', 'updatedAt'])

const instant = (value: unknown): unknown => {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN
  return Number.isFinite(ms) ? new Date(ms).toISOString() : value
}

/**
 * A value as the ledger means it, whatever the database gave back: a date as its instant, a
 * number or id as text, and an empty value, row list or group as null (adapters store and
 * return each either way). Only the named date fields are read as dates, so a note that
 * happens to look like one is compared as written.
 */
const normal = (value: unknown, key?: string): unknown => {
  if (value === undefined || value === null || value === '') {
    return null
  }
  if (key !== undefined && DATES.has(key)) {
    return instant(value)
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    return String(value)
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? null : value.map((row) => normal(row))
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([inner, field]) => [inner, normal(field, inner)] as const)
      .filter(([, field]) => field !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return entries.length === 0 ? null : Object.fromEntries(entries)
  }
  return value
}

/**
 * Whether a stored reservation document says anything other than the ledger's projection of
 * it, in any field the projection writes, item rows included. Two saves interleaving can leave
 * a document at the right revision with another write's rows or times, which comparing the
 * revision alone would keep. Fields the projection does not write (the hooks checkpoint) are
 * not compared.
 */
export const documentDiffers = (stored: Record<string, unknown>, projected: ReservationDocumentData): boolean =>
  (Object.keys(projected) as Array<keyof ReservationDocumentData>).some(
    (key) => JSON.stringify(normal(stored[key], key)) !== JSON.stringify(normal(projected[key], key)),
  )

/** Whether two values mean the same, however the database gave them back (`normal`). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(normal(a)) === JSON.stringify(normal(b))
