import type { JsonObject } from 'payload'

import type { ReservationDocument } from '../../../contract/http.js'

/**
 * A reservation document safe to send: the cancellation-token digest removed, since no response
 * carries the guest token or its digest (see docs/ARCHITECTURE.md,
 * "Rules and access (`src/plugin/features/booking/rules`, `src/plugin/shared/access`)").
 *
 * Payload types a document of a collection whose slug is chosen at run time as a plain
 * `JsonObject`; read at depth 0, a document of the reservations collection has the contract's
 * `ReservationDocument` shape (its fields are defined in `collections/reservations`). This is
 * the one place that says so.
 */
export const withoutToken = (doc: JsonObject): ReservationDocument => {
  const { cancellationToken: _digest, ...rest } = doc
  return rest as ReservationDocument
}
