import type { PayloadRequest } from 'payload'

import type { CommandMeta } from '../../../commands/ledger.js'
import type { WaitlistEntry } from '../../../commands/waitlist-decider.js'
import type { RelationId } from '../../../events/types.js'

/** What one sweep did. */
export interface WaitlistSweep {
  announced: number
  expired: number
  offered: number
}

/**
 * The waitlist's offers as the runtime's other parts use them (`WaitlistOffers` implements it).
 * Declared apart from the class so that the services' type does not import the offer passes,
 * which import the slot search, which takes the services.
 */
export interface WaitlistOfferService {
  /** `sweep`, unless this process swept less than a while ago (or is stopping): what catch-up's timer runs. */
  backstop(now?: Date): Promise<null | WaitlistSweep>
  /** Counts the entry's offer as announced without calling any hook (a rebuild re-notifies no one). */
  countAnnounced(entryId: string): Promise<void>
  /** Capacity on `resourceId` was released in this process: offer it to the waiting line soon. */
  freed(resourceId: string): void
  /** Staff offer `startTime` on `resource` to a waiting entry by hand (the admin's waitlist panel). */
  offerByHand(
    req: PayloadRequest,
    entry: WaitlistEntry,
    slot: { resource: RelationId; startTime: string },
    meta: CommandMeta,
  ): Promise<{ holdId: string; outcome: 'lost' | 'offered' | 'taken' }>
  /** Stops taking triggers and waits for the pass and the background sweep in progress. */
  stop(): Promise<void>
  /** Everything a background pass does, at `now`: expire, offer, announce. */
  sweep(now?: Date): Promise<WaitlistSweep>
}
