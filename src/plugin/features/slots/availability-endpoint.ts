import type { Endpoint } from 'payload'

import type { AvailabilityResponse } from '../../../contract/http.js'
import type { SlotOptions } from './slot-options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { findSlots } from './find-slots.js'
import { isoRange } from '../../shared/http/iso.js'
import { MESSAGES } from '../../../contract/messages.js'
import { endpoint, messageBody } from '../../shared/http/request-error.js'
import { parseSlotQuery } from './slot-query.js'

/**
 * GET /api/reserve/availability: `{ slots }` (see docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
export const availabilityEndpoint = (options: SlotOptions, services: Services<Pick<ReserveRuntime, 'busy' | 'feeds' | 'ledger'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    // The published API has this endpoint alone answer missing parameters with `{ message }`.
    const query = parseSlotQuery(req, messageBody(400, MESSAGES.missingSlotParams))
    const slots = await findSlots(req, options, services, query)
    return Response.json({ slots: slots.map(isoRange) } satisfies AvailabilityResponse)
  }),
  method: 'get',
  path: '/reserve/availability',
})
