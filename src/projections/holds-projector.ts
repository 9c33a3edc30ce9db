import type { CollectionSlug, Payload, Where } from 'payload'

import type { Ledger } from '../commands/ledger.js'
import type { Hold } from '../commands/reservation-state.js'
import type { RecordedEvent, ReservationEvent } from '../events/types.js'

import { holderRef } from '../commands/hold-rules.js'
import { KeyedQueue } from '../concurrency/keyed-queue.js'

/** A live hold as the holds collection lists it. */
export interface HoldRow {
  endTime: string
  expiresAt: string
  holdId: string
  /** `holderRef` of who placed it; absent on a row written before the plugin kept it, until the hold is projected again. */
  holder?: null | string
  startTime: string
}

/** Whether an event can start or end a hold: the hold's own events, or a booking, void or fence after revision 0. */
export const touchesHold = (event: RecordedEvent<ReservationEvent>): boolean =>
  event.type === 'ReservationHeld' ||
  event.type === 'HoldExpired' ||
  event.type === 'HoldReleased' ||
  (event.revision > 0 && (event.type === 'ReservationBooked' || event.type === 'ReservationWriteVoided'))

/**
 * Keeps the holds collection equal to the holds the reservation streams hold: a row while a
 * stream is held, none once it is booked, expired or released. Work on one hold is serialised
 * in this process; across processes a row may briefly outlive its hold, which the expiry sweep
 * (it projects each hold it expires) and the calendar (it marks only busy time still claimed)
 * both tolerate.
 */
export class HoldsProjector {
  private readonly queue = new KeyedQueue()

  constructor(
    private readonly payload: Payload,
    private readonly ledger: Pick<Ledger, 'load'>,
    private readonly collection: CollectionSlug,
    /** Told of every hold found live (so that its expiry can be timed), and of every one found ended. */
    private readonly watch: { ended(holdId: string): void; live(hold: Hold): void } = { ended: () => undefined, live: () => undefined },
  ) {}

  /** Brings one hold's row to what its stream says; returns the hold if it is live. */
  project(holdId: string): Promise<Hold | null> {
    return this.queue.run(holdId, async () => {
      const { state } = await this.ledger.load(holdId)
      if (state.kind !== 'held') {
        this.watch.ended(holdId)
        await this.payload.db.deleteMany({ collection: this.slug, where: { holdId: { equals: holdId } } })
        return null
      }
      const holder = holderRef(state.hold.holder)
      const existing = await this.payload.db.findOne<{ id: number | string } & HoldRow>({ collection: this.slug, where: { holdId: { equals: holdId } } })
      if (!existing) {
        const { endTime, expiresAt, startTime } = state.hold
        await this.payload.db.create({ collection: this.slug, data: { endTime, expiresAt, holder, holdId, startTime } }).catch(async (error: unknown) => {
          // Another process wrote the row first: it says the same (a hold never changes).
          if (!(await this.payload.db.findOne({ collection: this.slug, where: { holdId: { equals: holdId } } }))) {
            throw error
          }
        })
      } else if (existing.holder !== holder) {
        // A row written before rows kept their holder: a rebuild (or any later projection) fills it in.
        await this.payload.db.updateOne({ collection: this.slug, data: { holder }, where: { holdId: { equals: holdId } } })
      }
      this.watch.live(state.hold)
      return state.hold
    })
  }

  /** Rows whose hold reached its expiry by `now`, oldest first, at most `limit`. */
  async due(now: Date, limit: number): Promise<string[]> {
    const where: Where = { expiresAt: { less_than_equal: now.toISOString() } }
    const { docs } = await this.payload.db.find<HoldRow>({ collection: this.slug, limit, pagination: false, sort: 'expiresAt', where })
    return docs.map((doc) => doc.holdId)
  }

  /** The rows of those of `ids` listed as live holds, by hold id. */
  async listed(ids: string[]): Promise<Map<string, HoldRow>> {
    if (ids.length === 0) {
      return new Map()
    }
    const { docs } = await this.payload.db.find<HoldRow>({ collection: this.slug, limit: 0, pagination: false, where: { holdId: { in: ids } } })
    return new Map(docs.map((doc) => [doc.holdId, doc]))
  }

  /** Every row's hold id (for a rebuild to find rows whose hold the ledger no longer has). */
  async all(): Promise<string[]> {
    const { docs } = await this.payload.db.find<HoldRow>({ collection: this.slug, limit: 0, pagination: false })
    return docs.map((doc) => doc.holdId)
  }

  /** Resolves once every projection queued so far has settled. */
  settle(): Promise<void> {
    return this.queue.drain()
  }

  private get slug(): CollectionSlug {
    return this.collection
  }
}
