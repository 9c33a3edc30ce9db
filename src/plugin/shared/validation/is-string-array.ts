/** True for an array whose entries are all non-empty strings (and, with `nonEmpty`, has one). */
export const isStringArray = (value: unknown, { nonEmpty }: { nonEmpty: boolean }): value is string[] =>
  Array.isArray(value) &&
  (!nonEmpty || value.length > 0) &&
  value.every((entry) => typeof entry === 'string' && entry.length > 0)
