import type { CollectionSlug, PayloadRequest, Where } from 'payload'

import { executeAccess } from 'payload'

import type { RelationId } from '../../events/types.js'

/**
 * Whether a constraint of the one shape the default access uses (`{ field: { equals: value } }`,
 * e.g. active records only) holds for a cached record; `undefined` when it cannot say.
 */
const decidedFromCache = (constraint: Where, record: object | undefined): boolean | undefined => {
  const entries = Object.entries(constraint)
  if (!record || entries.length !== 1) {
    return undefined
  }
  const [field, condition] = entries[0]
  const operators = condition && typeof condition === 'object' ? Object.entries(condition) : []
  if (!(field in record) || operators.length !== 1 || operators[0][0] !== 'equals') {
    return undefined
  }
  const expected = operators[0][1]
  return typeof expected === 'boolean' || typeof expected === 'number' || typeof expected === 'string'
    ? (record as Record<string, unknown>)[field] === expected
    : undefined
}

/** What the collection's read access answers the requester: all (`true`), none, or a constraint. */
export const readAccess = async (req: PayloadRequest, collection: CollectionSlug): Promise<boolean | Where> => {
  const collectionConfig = req.payload.collections[collection].config
  return executeAccess({ collectionConfig, disableErrors: true, req }, collectionConfig.access.read)
}

/**
 * The ids among `ids` the requester may read in `collection`, decided by the collection's own
 * read access. Endpoints read reference data from a cache that bypasses access, so this is what
 * keeps them within the host's access control: an anonymous visitor cannot query the
 * availability of an inactive resource that the resources API hides from them. Access that
 * answers `true` or `false`, or a field equality the cached `records` answer, costs no query;
 * any other constraint is checked with one.
 */
export const readableIds = async (
  req: PayloadRequest,
  collection: CollectionSlug,
  ids: readonly RelationId[],
  records: ReadonlyMap<string, object> = new Map(),
): Promise<Set<string>> => {
  if (ids.length === 0) {
    return new Set()
  }
  const constraint = await readAccess(req, collection)
  if (!constraint) {
    return new Set()
  }
  if (constraint === true) {
    return new Set(ids.map(String))
  }
  const decided = ids.map((id) => decidedFromCache(constraint, records.get(String(id))))
  if (decided.every((readable) => readable !== undefined)) {
    return new Set(ids.filter((_, index) => decided[index]).map(String))
  }
  const { docs } = await req.payload.find({
    collection,
    depth: 0,
    overrideAccess: false,
    pagination: false,
    req,
    // Nothing but the id (which is always returned).
    select: {},
    where: { id: { in: [...ids] } },
  })
  return new Set(docs.map((doc) => String(doc.id)))
}

/** Whether the requester may read the record `id` of `collection` (see `readableIds`). */
export const isReadable = async (
  req: PayloadRequest,
  collection: CollectionSlug,
  id: RelationId,
  records?: ReadonlyMap<string, object>,
): Promise<boolean> => (await readableIds(req, collection, [id], records)).has(String(id))
