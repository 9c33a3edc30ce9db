/** A query or path value as a client gives it; absent values are left out. */
type Value = boolean | null | number | string | undefined

/** `path` below `baseUrl`, its `{name}` parameters filled in and the query appended. */
export const requestUrl = (baseUrl: string, path: string, params: Record<string, Value> = {}, query: Record<string, Value> = {}): string => {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  return `${baseUrl}${filled}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`
}
