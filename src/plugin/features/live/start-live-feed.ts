import type { Payload } from 'payload'

import type { EventStore } from '../../../events/store.js'
import type { CatchUp } from '../../../projections/catch-up.js'
import type { TenancyOptions } from '../../options.js'

import { foldReservation } from '../../../commands/reservation-state.js'
import { type ReservationEvent, reservationStream } from '../../../events/types.js'
import { reservationDocument } from '../../../projections/reservation-document.js'
import { reservationTenantField } from '../../shared/tenancy/tenancy.js'
import { LiveFeed } from './live-feed.js'

/** How often the live calendar's feed reads the ledger while a client listens. */
const LIVE_POLL_MS = 500

/**
 * The live calendar's feed: from catch-up's checkpoint, each event once its document shows it
 * (the projected revision read with access bypassed; each connection applies its own).
 */
export const startLiveFeed = (payload: Payload, options: TenancyOptions, store: EventStore, catchUp: CatchUp): LiveFeed =>
  new LiveFeed(
    {
      async documentAt(reservationId, revision) {
        const state = foldReservation(await store.readStream<ReservationEvent>(reservationStream(reservationId), 0, revision + 1))
        return state.kind === 'active' ? reservationDocument(state.reservation, revision, reservationTenantField(payload, options)) : null
      },
      async projected(ids) {
        const { docs } = await payload.find({
          collection: options.slugs.reservations,
          depth: 0,
          overrideAccess: true,
          pagination: false,
          select: { ledgerRevision: true },
          where: { id: { in: ids } },
        })
        return new Map(docs.map((doc) => [String(doc.id), Number((doc as { ledgerRevision?: unknown }).ledgerRevision ?? -1)]))
      },
      report: (error) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: live feed poll failed' }),
      start: () => catchUp.position(),
      store,
    },
    { lookbackMs: 10_000, maxHoldMs: 10_000, pageSize: 500, pollMs: LIVE_POLL_MS },
  )
