import type { ReservationDocumentData } from './reservation-document.js'

/** Values as the ledger means them: a date as its instant, a number or id as text, an empty value or group as null. */
const normal = (value: unknown): unknown => {
  if (value === undefined || value === null || value === '') {
    return null
  }
  if (value instanceof Date) {
    return value.toISOString()
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) {
    const ms = Date.parse(value)
    return Number.isFinite(ms) ? new Date(ms).toISOString() : value
  }
  if (typeof value === 'number') {
    return String(value)
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? null : value.map(normal)
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [key, normal(inner)] as const)
      .sort(([a], [b]) => a.localeCompare(b))
    // A group with nothing in it is no group: databases store it either way.
    return entries.every(([, inner]) => inner === null) ? null : Object.fromEntries(entries)
  }
  return value
}

/**
 * Whether a stored reservation document says anything other than the ledger's projection of
 * it: any field the projection writes, item rows included. Two writers interleaving their
 * saves can leave a document at the right revision with another write's rows; comparing the
 * revision alone would keep it. The hooks checkpoint is the projector's own and not compared.
 */
export const documentDiffers = (stored: Record<string, unknown>, projected: ReservationDocumentData): boolean =>
  (Object.keys(projected) as Array<keyof ReservationDocumentData>).some(
    (key) => JSON.stringify(normal(stored[key])) !== JSON.stringify(normal(projected[key])),
  )
