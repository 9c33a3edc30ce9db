import type { CollectionBeforeOperationHook } from 'payload'

import { LedgerRejection } from '../refusals.js'
import { namesDigest } from './token-digest.js'

/**
 * JSON objects of the events that hold a digest, in some event or in files of older versions:
 * a `like` on one of them matches its text, digest included.
 */
const HOLDERS = new Set(['data', 'data.restores', 'data.holder'])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Every field path a `where` names, through its `and`/`or` nesting, and every key below a
 * path's operators too (`{ data: { restores: … } }`): what Payload does not read as a path
 * cannot reach the digest, but a key that spells it is refused all the same.
 */
const pathsOf = (where: unknown): string[] => {
  if (Array.isArray(where)) {
    return where.flatMap(pathsOf)
  }
  if (!isRecord(where)) {
    return []
  }
  return Object.entries(where).flatMap(([key, value]) =>
    key === 'and' || key === 'or' ? pathsOf(value) : [key, ...pathsOf(value).map((inner) => `${key}.${inner}`)],
  )
}

/** The paths a `select` names: `{ data: { restores: { cancellationTokenHash: true } } }` names all three. */
const selectedPaths = (select: unknown, prefix = ''): string[] =>
  isRecord(select)
    ? Object.entries(select).flatMap(([key, value]) => [`${prefix}${key}`, ...selectedPaths(value, `${prefix}${key}.`)])
    : []

const sortPaths = (sort: unknown): string[] =>
  (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : []).map(String)

const plain = (path: string): string =>
  path
    .replace(/^-/, '')
    .split('.')
    .map((segment) => segment.trim())
    .join('.')

/** Filters or sorts on the digest: the digest itself at any depth, or a whole object holding it. */
const reachesDigest = (path: string): boolean => namesDigest(path) || HOLDERS.has(plain(path))

/**
 * A guest's token digest is stripped from every event read (`withoutTokenDigest`), but a
 * filter or a sort on it would still spell it out a character at a time (`like 'a%'`, then
 * `'ab%'`…). No one may filter or sort on it, at any depth, or on a JSON object that holds it
 * (`data`, `data.restores`, a hold's `data.holder`), nor select it, nor ask for its distinct values, through any route:
 * REST, GraphQL and the Local API all pass here. The event store reads below the hooks.
 */
export const refuseDigestQueries: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'read' && operation !== 'count' && operation !== 'readDistinct') {
    return args
  }
  const { field, select, sort, where } = args as { field?: unknown; select?: unknown; sort?: unknown; where?: unknown }
  const distinct = operation === 'readDistinct' && typeof field === 'string' ? [field] : []
  if (
    [...pathsOf(where), ...sortPaths(sort), ...distinct].some(reachesDigest) ||
    selectedPaths(select).some(namesDigest)
  ) {
    throw new LedgerRejection('The cancellation token digest cannot be queried', 400)
  }
  return args
}
