import type { RelationId } from '../../events/types.js'

/** The id of a relationship value that may arrive populated (`{ id, ... }`) or as an id. */
export const relationId = (value: unknown): null | RelationId => {
  if (typeof value === 'number' || (typeof value === 'string' && value !== '')) {
    return value
  }
  if (value && typeof value === 'object' && 'id' in value) {
    return relationId((value as { id: unknown }).id)
  }
  return null
}
