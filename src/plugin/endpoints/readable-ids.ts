import type { CollectionSlug, PayloadRequest } from 'payload'

import type { RelationId } from '../../events/types.js'

/**
 * The ids among `ids` the requester may read in `collection`, decided by the collection's own
 * read access (one query). Endpoints read reference data from a cache that bypasses access, so
 * this is what keeps them within the host's access control: an anonymous visitor cannot query
 * the availability of an inactive resource that the resources API hides from them.
 */
export const readableIds = async (
  req: PayloadRequest,
  collection: string,
  ids: readonly RelationId[],
): Promise<Set<string>> => {
  if (ids.length === 0) {
    return new Set()
  }
  const { docs } = await req.payload.find({
    collection: collection as CollectionSlug,
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
