import type { Payload } from 'payload'

import type { Ledger } from '../commands/ledger.js'
import type { WaitlistLedger } from '../commands/waitlist-ledger.js'
import type { EventStore } from '../events/store.js'
import type { Checkpointer } from '../events/hash-chain/checkpointer.js'
import type { BusyIndex } from '../capacity/busy-index.js'
import type { CatchUp } from '../projections/catch-up.js'
import type { HoldsProjector } from '../projections/holds-projector.js'
import type { RequestOwnership } from '../projections/request-ownership.js'
import type { ReservationsProjector } from '../projections/reservations-projector.js'
import type { WaitlistProjector } from '../projections/waitlist-projector.js'
import type { ResolvedOptions } from './options.js'
// The services' own modules, not the features' index.ts: an index loads its feature, whose
// endpoints and hooks name these services back.
import type { FeedCache } from './features/external-busy/feed-cache.js'
import type { FeedSync } from './features/external-busy/feed-sync.js'
import type { HoldExpiry } from './features/holds/hold-expiry.js'
import type { LiveFeed } from './features/live/live-feed.js'
import type { WaitlistOfferService } from './features/waitlist/waitlist-offer-service.js'
import type { WebhookDeliverer } from './features/webhooks/deliverer.js'

/** The ledger's moving parts for one Payload instance (built by `runtime.ts` at onInit). */
export interface ReserveRuntime {
  busy: BusyIndex
  catchUp: CatchUp
  /** Writes the hash chains' checkpoints; null with `hashChain: false`. */
  checkpointer: Checkpointer | null
  /** The synced busy time of calendar feeds, in memory. */
  feeds: FeedCache
  /** The background sync of calendar feeds. */
  feedSync: FeedSync
  /** Ends holds at their expiry: timers in this process, and `sweep` for those listed as due. */
  holdExpiry: HoldExpiry
  /** The holds collection as a projection of the ledger's holds. */
  holds: HoldsProjector
  ledger: Ledger
  /** Reservation events of every process, for the live calendar's connections. */
  live: LiveFeed
  options: ResolvedOptions
  /** Which reservations a request in this process is writing, and guest tokens on their way to afterBookingCreate. */
  ownership: RequestOwnership
  projector: ReservationsProjector
  stop(): Promise<void>
  store: EventStore
  /** The waitlist's command handler. */
  waitlist: WaitlistLedger
  /** Offers freed capacity to the waitlist, expires entries and announces offers. */
  waitlistOffers: WaitlistOfferService
  /** The waitlist collection as a projection of the waitlist streams. */
  waitlistRows: WaitlistProjector
  /** Sends the webhook outbox. */
  webhooks: WebhookDeliverer
}

/**
 * The services of the running ledger as the shell passes them to an endpoint, hook or job.
 * Those are declared when the config is built, the ledger starts at onInit (once per Payload
 * instance), so they ask for the services per call; `T` says which they use
 * (`Services<Pick<ReserveRuntime, 'ledger'>>`).
 */
export interface Services<T> {
  /** The services, or undefined while the ledger does not run. */
  find(payload: Payload): T | undefined
  /** The services; a 503 while the ledger waits for its tables, or where it does not run. */
  of(payload: Payload): T
}
