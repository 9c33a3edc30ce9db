import type { Endpoint } from 'payload'

import type { SeriesPreview } from '../../../../contract/http.js'
import type { BookingWriteOptions } from '../booking-write-options.js'
import type { ReserveRuntime, Services } from '../../../services.js'

import { isPrivileged } from '../../../../contract/roles/is-privileged.js'
import { readJsonObject } from '../../../shared/http/json-body.js'
import { MESSAGES } from '../../../../contract/messages.js'
import { endpoint, messageBody, payloadErrorBody } from '../../../shared/http/request-error.js'
import { previewSeries } from './preview-series.js'
import { checkBookingShape } from '../booking-shape.js'
import { requireKnownRecords } from '../known-records.js'

/**
 * POST /api/reserve/series-preview: the body of a series booking (POST /api/reserve/book with
 * `recurrence`), answered 200 `{ occurrences }` with each occurrence free or not and why, as
 * booking it now would decide. Reads only: nothing reaches the ledger, no host hook runs (a
 * beforeBookingCreate hook may have effects of its own). For staff, as the admin's "repeats…"
 * asks it: 401 without a session, 403 for other users (`{ message }`, as customer-search);
 * a malformed body or recurrence is refused as the booking would refuse it.
 */
export const seriesPreviewEndpoint = (options: BookingWriteOptions, services: Services<Pick<ReserveRuntime, 'feeds' | 'ledger'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    if (!req.user) {
      throw messageBody(401, MESSAGES.unauthorized)
    }
    if (!isPrivileged(req.user, options)) {
      throw messageBody(403, MESSAGES.forbidden)
    }
    const collection = options.slugs.reservations
    const data = checkBookingShape(await readJsonObject(req, (text, status = 400) => payloadErrorBody(status, text)), collection)
    await requireKnownRecords(req, options, data)
    return Response.json((await previewSeries(req, options, services, data)) satisfies SeriesPreview)
  }),
  method: 'post',
  path: '/reserve/series-preview',
})
