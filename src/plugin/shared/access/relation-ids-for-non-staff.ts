import type { CollectionAfterReadHook } from 'payload'

import type { RoleOptions } from '../../options.js'

import { relationId } from '../relation-id.js'
import { isStaff } from '../../../contract/roles/is-staff.js'

/** `value` with the relation at `path` (field names, through arrays and hasMany lists) reduced to ids. */
const idsAt = (value: unknown, path: readonly string[]): unknown => {
  if (path.length === 0) {
    return Array.isArray(value) ? value.map(relationId) : relationId(value)
  }
  if (Array.isArray(value)) {
    return value.map((entry) => idsAt(entry, path))
  }
  const [field, ...rest] = path
  if (!value || typeof value !== 'object' || !(field in value)) {
    return value
  }
  return { ...value, [field]: idsAt((value as Record<string, unknown>)[field], rest) }
}

/**
 * Documents read by anyone but staff or trusted server code carry relation ids at `paths`
 * (dot-separated, e.g. `items.resource`), never populated documents, whatever depth the caller
 * asks for: a populated relation would bring staff users (owners) and their data along.
 */
export const relationIdsForNonStaff =
  (resolved: RoleOptions, paths: readonly string[]): CollectionAfterReadHook =>
  ({ doc, req }) => {
    const trusted = req.user ? isStaff(req.user, resolved) : req.payloadAPI === 'local'
    return trusted ? doc : paths.reduce<unknown>((reduced, path) => idsAt(reduced, path.split('.')), doc)
  }
