import type { CollectionSlug, Endpoint } from 'payload'

import type { ReservationDocument } from '../http/contract.js'
import type { ResolvedOptions } from '../options.js'

import { CommandRejected } from '../../events/rejection.js'
import { MAX_ITEMS } from '../reservations/booking-plan.js'
import { toPayloadError } from '../reservations/ledger-error.js'
import { checkBookingShape } from './booking-shape.js'
import { readJsonObject } from '../http/json-body.js'
import { requireKnownRecords } from './known-records.js'
import { endpoint, payloadErrorBody } from '../http/request-error.js'
import { withoutToken } from './without-token.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The item cap of the booking plan, applied before any item is looked up: a body of thousands
 * of items costs no lookups, and answers the 400 on `items` the collection's routes answer.
 */
const checkItemCount = (data: Record<string, unknown>, collection: string): void => {
  if (Array.isArray(data.items) && data.items.length > MAX_ITEMS) {
    throw toPayloadError(new CommandRejected('invalid', `A booking takes at most ${MAX_ITEMS} items`, 'items'), collection)
  }
}

/**
 * POST /api/reserve/book. The beforeBookingCreate hooks run first, in order, each
 * given the data the previous one returned; then the reservations collection creates the
 * booking with the requester's access, so every collection hook and booking rule runs exactly
 * as for POST /api/reservations. Answers 201 with the document, its token digest removed;
 * refusals come in Payload's standard error body (400 invalid, 409 conflict, 403 access). See
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/endpoints`, `src/plugin/http`)".
 */
export const bookEndpoint = (options: ResolvedOptions): Endpoint => ({
  handler: endpoint(async (req) => {
    let data = await readJsonObject(req, (text, status = 400) => payloadErrorBody(status, text))
    for (const hook of options.hooks.beforeBookingCreate) {
      const returned = await hook({ data, req })
      // A hook that edits the data in place and returns nothing keeps working.
      data = isObject(returned) ? returned : data
    }
    const collection = options.slugs.reservations
    data = checkBookingShape(data, collection)
    checkItemCount(data, collection)
    await requireKnownRecords(req, options, data)
    const doc = await req.payload.create({
      collection: collection as CollectionSlug,
      data,
      depth: 0,
      // The collection's beforeOperation would end a transaction at once (write-hooks.ts):
      // not beginning one spares its round trips.
      disableTransaction: true,
      overrideAccess: false,
      req,
    })
    return Response.json(withoutToken(doc) satisfies ReservationDocument, { status: 201 })
  }),
  method: 'post',
  path: '/reserve/book',
})
