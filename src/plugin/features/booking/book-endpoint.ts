import type { Endpoint } from 'payload'

import type { ReservationDocument } from '../../../contract/http.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { withHoldBooked } from './booking-of-hold.js'
import { checkBookingShape } from './booking-shape.js'
import { readJsonObject } from '../../shared/http/json-body.js'
import { requireKnownRecords } from './known-records.js'
import { endpoint, payloadErrorBody } from '../../shared/http/request-error.js'
import { bookSeries } from './series/book-series.js'
import { withoutToken } from './without-token.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * POST /api/reserve/book. The beforeBookingCreate hooks run first, in order, each
 * given the data the previous one returned; then the reservations collection creates the
 * booking with the requester's access, so every collection hook and booking rule runs exactly
 * as for POST /api/reservations. With `holdId` (and a guest's `holdToken`) it books that hold
 * (`holds/booking-of-hold.ts`). With `recurrence` it books a series (`series/book-series.ts`) and
 * answers 201 `{ seriesId, reservations, skipped }`. Answers 201 with the document, its token digest removed;
 * refusals come in Payload's standard error body (400 invalid, 409 conflict, 403 access). See
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)".
 */
export const bookEndpoint = (options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'allowGuestBooking' | 'bookingWindow' | 'cancelledStatus' | 'components' | 'debug' | 'defaultBufferTime' | 'disabled' | 'enforceActive' | 'getExternalBusy' | 'hooks' | 'maxFlexibleDuration' | 'slotInterval' | 'statusMachine' | 'timezone'>, services: Services<Pick<ReserveRuntime, 'feeds' | 'ledger' | 'ownership' | 'projector'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    let data = await readJsonObject(req, (text, status = 400) => payloadErrorBody(status, text))
    for (const hook of options.hooks.beforeBookingCreate) {
      const returned = await hook({ data, req })
      // A hook that edits the data in place and returns nothing keeps working.
      data = isObject(returned) ? returned : data
    }
    const collection = options.slugs.reservations
    if (data.recurrence !== undefined && data.recurrence !== null) {
      const series = checkBookingShape(data, collection)
      await requireKnownRecords(req, options, series)
      return Response.json(await bookSeries(req, options, services, series), { status: 201 })
    }
    // With `holdId`, the hold's schedule and contact fill what the body leaves out.
    data = checkBookingShape(await withHoldBooked(req, options, services, data), collection)
    await requireKnownRecords(req, options, data)
    const doc = await req.payload.create({
      collection,
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
