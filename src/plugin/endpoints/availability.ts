import type { Endpoint } from 'payload'

import type { ResolvedOptions } from '../options.js'

import { findSlots } from './find-slots.js'
import { isoRange } from '../http/iso.js'
import { MESSAGES } from '../http/messages.js'
import { endpoint, messageBody } from '../http/request-error.js'
import { parseSlotQuery } from './slot-query.js'

/** GET /api/reserve/availability (SPEC 4.1): `{ slots }`. */
export const availabilityEndpoint = (options: ResolvedOptions): Endpoint => ({
  handler: endpoint(async (req) => {
    // SPEC 7: this endpoint alone answers missing parameters with `{ message }`.
    const query = parseSlotQuery(req, messageBody(400, MESSAGES.missingSlotParams))
    const slots = await findSlots(req, options, query)
    return Response.json({ slots: slots.map(isoRange) })
  }),
  method: 'get',
  path: '/reserve/availability',
})
