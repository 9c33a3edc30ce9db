import type { CollectionBeforeOperationHook, FlattenedField, Payload, Where } from 'payload'

import { NotFound } from 'payload'

import { parseRecordId } from '../http/record-id.js'
import { LedgerRejection } from '../refusals.js'

/** Operators whose value is compared with a column as is: it must be of the column's kind. */
const COMPARING = new Set(['all', 'equals', 'not_equals', 'in', 'not_in', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'])

/** Geometric operators: only a point field has them; on any other the adapter fails. */
const GEOMETRIC = new Set(['near', 'within', 'intersects'])
/** Text operators: on a date or number column the database fails on them. */
const TEXTUAL = new Set(['like', 'not_like', 'contains'])
/** Bound of LIMIT and OFFSET in both databases (a signed 64-bit integer); far beyond any page. */
const MAX_PAGING = 2 ** 31 - 1

/**
 * Operators Payload's PostgreSQL adapter can turn into a valid JSON path query inside a JSON
 * field (3.90); any other, and `in`/`not_in` with a single value, becomes an invalid query
 * there. `contains` is not one: it becomes `@ ~ "…"`, which PostgreSQL's JSON path rejects.
 * Refused on every database alike, so that a query does not work on one and fail on another.
 */
const JSON_PATH_OPERATORS = new Set(['equals', 'not_equals', 'in', 'not_in', 'like', 'not_like', 'exists'])

const refuse = (message: string) => new LedgerRejection(message, 400)

/**
 * The field a dotted path names, through groups and arrays and into the collection a relation
 * points at (`customer.name`); undefined for an unknown path.
 */
const fieldAt = (payload: Payload, fields: FlattenedField[], path: string): FlattenedField | undefined => {
  const [head, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === head)
  if (!field || rest.length === 0) {
    return field
  }
  if ('flattenedFields' in field) {
    return fieldAt(payload, field.flattenedFields, rest.join('.'))
  }
  const related = (field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string'
    ? payload.collections[field.relationTo as keyof typeof payload.collections]
    : undefined
  return related ? fieldAt(payload, related.config.flattenedFields, rest.join('.')) : field
}

/** Whether a dotted path leads into a JSON field (past its name), where queries are JSON path queries. */
const insideJson = (fields: FlattenedField[], path: string): boolean => {
  const [head, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === head)
  if (!field || rest.length === 0) {
    return false
  }
  return field.type === 'json' || ('flattenedFields' in field && insideJson(field.flattenedFields, rest.join('.')))
}

/** Every (path, operator, value) a `where` holds, through its `and`/`or` nesting. */
const conditionsOf = (where: unknown): Array<[string, string, unknown]> => {
  if (!where || typeof where !== 'object') {
    return []
  }
  return Object.entries(where as Where).flatMap(([key, value]) => {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) {
      return value.flatMap(conditionsOf)
    }
    return value && typeof value === 'object' ? Object.entries(value).map(([operator, operand]): [string, string, unknown] => [key, operator, operand]) : []
  })
}

/** Operators whose text operand Payload splits at commas into a list; any other compares it whole. */
const LISTS = new Set(['all', 'in', 'not_in'])

const valuesOf = (operator: string, operand: unknown): unknown[] =>
  Array.isArray(operand) ? operand : LISTS.has(operator) && typeof operand === 'string' ? operand.split(',') : [operand]

/** Why a compared value (`listed`: one of a list) cannot be of its column's kind, if it cannot. */
const mismatch = (
  payload: Payload,
  collection: string,
  path: string,
  field: FlattenedField | undefined,
  value: unknown,
  listed: boolean,
): string | undefined => {
  if (typeof value === 'string' && value.includes('\u0000')) {
    return `${path}: text must not contain NUL characters`
  }
  if (value === null || value === undefined) {
    return undefined
  }
  // PostgreSQL fails on anything else compared with a boolean column, the empty text included.
  if (field?.type === 'checkbox' && ![true, false, 'true', 'false'].includes(value as boolean | string)) {
    return `${path}: not true or false`
  }
  // PostgreSQL's enum column refuses any other text, the empty one included.
  if (field?.type === 'select' && !field.options.some((option) => (typeof option === 'string' ? option : option.value) === value)) {
    return `${path}: not one of its options`
  }
  if (value === '') {
    // In a list, the SQL adapters bind it as NaN against an integer id, the join's included (found by the fuzz suite).
    return listed && (path === 'id' || field?.type === 'join') ? `${path}: an empty value in a list of ids` : undefined
  }
  if (field?.type === 'date') {
    const ms = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN
    if (!Number.isFinite(ms)) {
      return `${path}: not a date`
    }
  }
  if (path === 'id' && parseRecordId(payload, collection, value) === null) {
    return `${path}: not an id of this collection`
  }
  if (field?.type === 'relationship' && typeof field.relationTo === 'string' && parseRecordId(payload, field.relationTo, value) === null) {
    return `${path}: not an id of ${field.relationTo}`
  }
  if (field?.type === 'join' && typeof field.collection === 'string' && parseRecordId(payload, field.collection, value) === null) {
    return `${path}: not an id of ${field.collection}`
  }
  if (field?.type === 'number' && !(Number.isFinite(Number(value)) && Math.abs(Number(value)) <= Number.MAX_SAFE_INTEGER)) {
    return `${path}: not a number in range`
  }
  return undefined
}

/**
 * Queries on the plugin's own collections that Payload would pass to the database as they are
 * and the database would fail on (a server error): paging out of range, text with a NUL
 * character, a value of the wrong kind compared with a date, id, relation, number or checkbox column, a
 * text, geometric or `all` operator on a column that has none, a value a select does not offer. They are refused with a 400 saying
 * which, on every route (REST, GraphQL, Local API).
 */
export const refuseMalformedQueries =
  (collection: string): CollectionBeforeOperationHook =>
  ({ args, operation, req }) => {
    const { id, limit, page, where } = args as { id?: unknown; limit?: unknown; page?: unknown; where?: unknown }
    // An id no document could have (a NUL character, text for a number) is simply not found.
    if (id !== undefined && id !== null && parseRecordId(req.payload, collection, id) === null) {
      throw new NotFound(req.t)
    }
    if (operation !== 'read' && operation !== 'count') {
      return args
    }
    const whole = (value: unknown, min: number) => Number.isInteger(Number(value)) && Number(value) >= min && Number(value) <= MAX_PAGING
    if (page !== undefined && page !== null && !whole(page, 1)) {
      throw refuse(`page must be a whole number from 1 to ${MAX_PAGING}`)
    }
    if (limit !== undefined && limit !== null && !whole(limit, 0)) {
      throw refuse(`limit must be a whole number from 0 to ${MAX_PAGING}`)
    }
    const fields = req.payload.collections[collection as keyof typeof req.payload.collections].config.flattenedFields
    for (const [path, operator, operand] of conditionsOf(where)) {
      const field = fieldAt(req.payload, fields, path)
      const kind = path === 'id' ? 'id' : field?.type
      if (GEOMETRIC.has(operator) && kind !== 'point') {
        throw refuse(`Invalid query: ${path} cannot be queried with ${operator}`)
      }
      if (insideJson(fields, path) && (!JSON_PATH_OPERATORS.has(operator) || (/in$/.test(operator) && !Array.isArray(operand)))) {
        throw refuse(`Invalid query: ${path} is inside a JSON field, where ${operator} ${JSON_PATH_OPERATORS.has(operator) ? 'needs a list of values' : 'is not supported'}`)
      }
      if (operator === 'all' && !(field && 'hasMany' in field && field.hasMany)) {
        throw refuse(`Invalid query: ${path} holds one value; all needs a field with many`)
      }
      // The SQL adapters build no valid query from `all` on a relationship (3.90), nor from `all`
      // of nothing.
      if (operator === 'all' && kind === 'relationship') {
        throw refuse(`Invalid query: ${path} cannot be queried with all`)
      }
      if (operator === 'all' && valuesOf(operator, operand).every((value) => value === '' || value === null || value === undefined)) {
        throw refuse(`Invalid query: ${path}: all needs at least one value`)
      }
      if (TEXTUAL.has(operator) && (kind === 'checkbox' || kind === 'date' || kind === 'number' || kind === 'select' || kind === 'relationship' || kind === 'join')) {
        throw refuse(`Invalid query: ${path} cannot be queried with ${operator}`)
      }
      // A repeated parameter (`where[type][like]=a&where[type][like]=b`) arrives as a list, which
      // the SQL adapters bind as no text (a server error on SQLite, found by the fuzz suite).
      if (TEXTUAL.has(operator) && Array.isArray(operand)) {
        throw refuse(`Invalid query: ${path}: ${operator} takes one value`)
      }
      for (const value of valuesOf(operator, operand)) {
        // Text operators on an id compare it as the database stores it: an integer column fails
        // on a value out of its range, and PostgreSQL on an empty one.
        if (TEXTUAL.has(operator) && kind === 'id' && value === '') {
          throw refuse(`Invalid query: ${path} cannot be queried with ${operator} and no value`)
        }
        const compared = COMPARING.has(operator) || (TEXTUAL.has(operator) && kind === 'id')
        const problem =
          compared || (typeof value === 'string' && value.includes('\u0000')) ? mismatch(req.payload, collection, path, field, value, LISTS.has(operator)) : undefined
        if (problem) {
          throw refuse(`Invalid query: ${problem}`)
        }
      }
    }
    return args
  }
