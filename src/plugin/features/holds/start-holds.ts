import type { Payload } from 'payload'

import type { Ledger } from '../../../commands/ledger.js'
import type { EventStore } from '../../../events/store.js'
import type { ResolvedOptions } from '../../options.js'

import { isReservationEvent } from '../../../events/types.js'
import { HoldsProjector, touchesHold } from '../../../projections/holds-projector.js'
import { HoldExpiry } from './hold-expiry.js'
import { HOLDS_COLLECTION } from './holds-collection.js'

/**
 * Holds: their rows projected as this process commits hold events (a request that books a hold
 * owns its reservation, so this is not the shell's projection of unowned events) and each live
 * one timed to expire; catch-up sweeps for those due that no timer here knows.
 */
export const startHolds = (payload: Payload, options: Pick<ResolvedOptions, 'inProcessTimers'>, { ledger, store }: { ledger: Ledger; store: EventStore }) => {
  const report = (error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: hold expiry failed' })
  const holdExpiry: HoldExpiry = new HoldExpiry(ledger, () => holds, options.inProcessTimers, report)
  const holds: HoldsProjector = new HoldsProjector(payload, ledger, HOLDS_COLLECTION, {
    ended: (holdId) => holdExpiry.disarm(holdId),
    live: (hold) => holdExpiry.arm(hold),
  })
  const subscription = store.committed.subscribe((event) => {
    if (isReservationEvent(event) && touchesHold(event)) {
      holds.project(event.data.reservationId).catch(report)
    }
  })
  const stopHolds = async () => {
    subscription.unsubscribe()
    await holdExpiry.stop()
    await holds.settle()
  }
  return { holdExpiry, holds, stopHolds }
}
