import type { Endpoint } from 'payload'

import type { SlotsResponse } from '../../../contract/http.js'
import type { SlotOptions } from './slot-options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { findSlots } from './find-slots.js'
import { isoRange } from '../../shared/http/iso.js'
import { MESSAGES } from '../../../contract/messages.js'
import { endpoint, errorBody } from '../../shared/http/request-error.js'
import { parseSlotQuery } from './slot-query.js'

/**
 * GET /api/reserve/slots: the slots with the date and clamped guestCount echoed (see
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
export const slotsEndpoint = (options: SlotOptions, services: Services<Pick<ReserveRuntime, 'busy' | 'feeds' | 'ledger'>>): Endpoint => ({
  handler: endpoint(async (req) => {
    const query = parseSlotQuery(req, errorBody(400, MESSAGES.missingSlotParams))
    const slots = await findSlots(req, options, services, query)
    return Response.json({ date: query.date, guestCount: query.guestCount, slots: slots.map(isoRange) } satisfies SlotsResponse)
  }),
  method: 'get',
  path: '/reserve/slots',
})
