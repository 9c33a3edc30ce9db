/** A query value as Payload's REST API reads it: nested objects and arrays in bracket notation. */
export type QueryValue = boolean | null | number | QueryValue[] | string | undefined | { [key: string]: QueryValue }

const append = (pairs: string[], key: string, value: QueryValue): void => {
  if (value === undefined || value === null) {
    return
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => append(pairs, `${key}[${index}]`, item))
  } else if (typeof value === 'object') {
    for (const [child, item] of Object.entries(value)) {
      append(pairs, `${key}[${child}]`, item)
    }
  } else {
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  }
}

/**
 * `?a=1&where[and][0][status][equals]=pending`: the encoding Payload's REST API parses (qs).
 * Empty when nothing is left after dropping null and undefined values.
 */
export const toQueryString = (params: Record<string, QueryValue>): string => {
  const pairs: string[] = []
  for (const [key, value] of Object.entries(params)) {
    append(pairs, key, value)
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}
