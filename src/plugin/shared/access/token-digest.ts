/** The field a guest token's digest is kept under, in `ReservationBooked` and `ReservationAdopted` (and nowhere else). */
export const DIGEST_FIELD = 'cancellationTokenHash'
/** The field a guest's hold token digest is kept under, in `ReservationHeld.data.holder`. */
export const HOLD_DIGEST_FIELD = 'tokenHash'

const DIGEST_KEYS = new Set([DIGEST_FIELD, HOLD_DIGEST_FIELD].map((key) => key.toLowerCase()))

const isDigestKey = (key: string): boolean => DIGEST_KEYS.has(key.trim().toLowerCase())

/**
 * `value` without the digest at any depth: events of older versions also carried it inside
 * `ReservationWriteVoided.restores`, and an event added later must not be able to leak it by
 * nesting it. Returns `value` itself when there is nothing to strip.
 */
export const withoutDigestDeep = <T>(value: T): T => {
  if (Array.isArray(value)) {
    const items = value.map(withoutDigestDeep)
    return (items.some((item, index) => item !== value[index]) ? items : value) as T
  }
  if (!value || typeof value !== 'object' || value instanceof Date) {
    return value
  }
  let changed = false
  const kept: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (isDigestKey(key)) {
      changed = true
      continue
    }
    const stripped = withoutDigestDeep(entry)
    changed ||= stripped !== entry
    kept[key] = stripped
  }
  return (changed ? kept : value) as T
}

/** A field path (`data.restores.cancellationTokenHash`, `-data…` as a sort) names the digest at some depth. */
export const namesDigest = (path: string): boolean => path.replace(/^-/, '').split('.').some(isDigestKey)
