import type { CollectionBeforeOperationHook, Where } from 'payload'

import { APIError } from 'payload'

const DIGEST = 'data.cancellationTokenHash'

/** Every field path a `where` names, through its `and`/`or` nesting. */
const pathsOf = (where: unknown): string[] => {
  if (!where || typeof where !== 'object') {
    return []
  }
  return Object.entries(where as Where).flatMap(([key, value]) =>
    (key === 'and' || key === 'or') && Array.isArray(value) ? value.flatMap(pathsOf) : [key],
  )
}

/** Reaches the digest: the digest itself, anything under it, or the whole `data` document. */
const reachesDigest = (path: string): boolean => {
  const plain = path.replace(/^-/, '').trim()
  return plain === 'data' || plain === DIGEST || plain.startsWith(`${DIGEST}.`)
}

/**
 * A guest's token digest is stripped from every event read (`withoutTokenDigest`), but a
 * filter or a sort on it would still spell it out a character at a time (`like 'a%'`, then
 * `'ab%'`…). No one may filter, sort or select on it, or on the whole `data` document that
 * holds it, through any route: REST, GraphQL and the Local API all pass here. The event store
 * reads below the hooks.
 */
export const refuseDigestQueries: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'read' && operation !== 'count' && operation !== 'readDistinct') {
    return args
  }
  const { select, sort, where } = args as { select?: unknown; sort?: unknown; where?: unknown }
  const sorts = (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : []).map(String)
  const selected = select && typeof select === 'object' ? Object.keys((select as Record<string, unknown>).data ?? {}).map((key) => `data.${key}`) : []
  if ([...pathsOf(where), ...sorts, ...selected].some(reachesDigest)) {
    throw new APIError('The cancellation token digest cannot be queried', 400, undefined, true)
  }
  return args
}
