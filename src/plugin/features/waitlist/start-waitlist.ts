import type { Payload } from 'payload'

import type { Ledger } from '../../../commands/ledger.js'
import type { EventStore } from '../../../events/store.js'
import type { HoldsProjector } from '../../../projections/holds-projector.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { findSlots } from '../slots/index.js'

import { WaitlistLedger } from '../../../commands/waitlist-ledger.js'
import { parseCapacityStream } from '../../../events/capacity-streams.js'
import { isResourceEvent } from '../../../events/types.js'
import { WaitlistProjector } from '../../../projections/waitlist-projector.js'
import { WAITLIST_COLLECTION } from './waitlist-collections.js'
import { WaitlistOffers } from './waitlist-offers.js'

/**
 * The waitlist: its rows, and its offers. On a long-lived server capacity released by this
 * process's commits (a cancel, a hold's expiry or release, a move) starts an offer pass at once;
 * without in-process timers only the sweep (the `reserveCatchUp` job) offers; with
 * `waitlistAutoOffer: false` only staff do.
 */
export const startWaitlist = (
  payload: Payload,
  options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'bookingWindow' | 'debug' | 'defaultBufferTime' | 'enforceActive' | 'getExternalBusy' | 'holdMinutes' | 'hooks' | 'inProcessTimers' | 'maxFlexibleDuration' | 'maxWaitlistEntriesPerCaller' | 'slotInterval' | 'timezone' | 'waitlistAutoOffer'>,
  { holds, ledger, slots, store }: { holds: HoldsProjector; ledger: Ledger; slots: Parameters<typeof findSlots>[2]; store: EventStore },
) => {
  const report = (error: unknown) => payload.logger.error({ err: error, msg: 'payload-reserve-ledger: waitlist offer failed' })
  const waitlist = new WaitlistLedger(store, options.maxWaitlistEntriesPerCaller)
  const waitlistRows = new WaitlistProjector(payload, waitlist, WAITLIST_COLLECTION)
  const waitlistOffers = new WaitlistOffers(payload, options, { holds, ledger, rows: waitlistRows, slots, waitlist }, report)
  const subscription = options.inProcessTimers && options.waitlistAutoOffer
    ? store.committed.subscribe((event) => {
        const freedOn = isResourceEvent(event) && event.type === 'CapacityReleased' ? parseCapacityStream(event.stream) : null
        if (freedOn) {
          waitlistOffers.freed(freedOn.resource)
        }
      })
    : null
  const stopWaitlist = async () => {
    subscription?.unsubscribe()
    await waitlistOffers.stop()
    await waitlistRows.settle()
  }
  return { stopWaitlist, waitlist, waitlistOffers, waitlistRows }
}
