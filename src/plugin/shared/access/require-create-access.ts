import type { PayloadRequest } from 'payload'

import { Forbidden } from 'payload'

import type { ResolvedOptions } from '../../options.js'

/**
 * May the caller book at all: the reservations collection's own create access (the site's
 * included), for writes that do not go through the collection's create (holds, series).
 */
export const requireCreateAccess = async (
  req: PayloadRequest,
  options: Pick<ResolvedOptions, 'slugs'>,
  data: Record<string, unknown>,
): Promise<void> => {
  const create = req.payload.collections[options.slugs.reservations]?.config.access.create
  if (create && !(await create({ data, req }))) {
    throw new Forbidden(req.t)
  }
}
