import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig } from 'payload'

import type { RelationId } from '../../../events/types.js'

import { relationId } from '../relation-id.js'
import { existingReferenceData, type ReferenceKind } from './reference-data.js'

type Doc = Record<string, unknown> | undefined

/** The cache keys a changed document affects: its id, or for a schedule its resource(s). */
const keysOf = (kind: ReferenceKind, ...docs: Doc[]): RelationId[] =>
  docs
    .map((doc) => relationId(kind === 'schedules' ? doc?.resource : doc?.id))
    .filter((key): key is RelationId => key !== null)

/**
 * Adds the hooks that drop cached reference data when a service, resource or schedule of this
 * process changes or is deleted (a schedule moved to another resource affects both).
 */
export const withReferenceDataInvalidation = (collection: CollectionConfig, kind: ReferenceKind): CollectionConfig => {
  const afterChange: CollectionAfterChangeHook = ({ doc, previousDoc, req }) => {
    const data = existingReferenceData(req.payload)
    keysOf(kind, doc, previousDoc).forEach((key) => data?.invalidate(kind, key))
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
    const data = existingReferenceData(req.payload)
    keysOf(kind, doc).forEach((key) => data?.invalidate(kind, key))
  }
  return {
    ...collection,
    hooks: {
      ...collection.hooks,
      afterChange: [...(collection.hooks?.afterChange ?? []), afterChange],
      afterDelete: [...(collection.hooks?.afterDelete ?? []), afterDelete],
    },
  }
}
