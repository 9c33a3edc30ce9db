import type { PayloadRequest } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { matchesWhere } from './access/matches-where.js'
import { readAccess } from './readable-ids.js'

/** The reservations collection's read access, for documents it does not store as they are. */
export interface InMemoryAccess {
  /** Whether the requester would read this document (null: there is none). */
  admits(doc: null | object): boolean
  /** The requester's read access is unconstrained: they read every reservation. */
  everything: boolean
}

/**
 * The reservations collection's own read access (owner mode, tenants, a site's own access)
 * applied to documents held in memory: a reservation as it was (the live feed's document
 * before a change, the as-of answer), or the reservations a calendar feed would carry. The
 * access constraint is matched in memory where it has a shape that can be (`matchesWhere`); a
 * constraint with anything else counts as no.
 */
export const reservationAccessInMemory = async (req: PayloadRequest, options: Pick<ResolvedOptions, 'slugs'>): Promise<InMemoryAccess> => {
  const constraint = await readAccess(req, options.slugs.reservations)
  return {
    admits: (doc) => doc !== null && (constraint === true || (constraint !== false && matchesWhere(constraint, doc) === true)),
    everything: constraint === true,
  }
}
