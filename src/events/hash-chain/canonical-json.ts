/**
 * JSON with object keys sorted (by UTF-16 code unit, as `sort` does) and no whitespace: the
 * same value always gives the same text, whatever order a database returns its keys in
 * (PostgreSQL's jsonb reorders them). Numbers and strings are written by `JSON.stringify`, as
 * RFC 8785 (JCS) specifies, and `undefined` members are left out as `JSON.stringify` leaves
 * them, so an event hashes the same before it is stored and after it is read back.
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null'
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON: () => unknown }).toJSON())
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`
  }
  const record = value as Record<string, unknown>
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
  return `{${members.join(',')}}`
}
