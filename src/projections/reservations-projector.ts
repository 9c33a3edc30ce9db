import type { CollectionSlug, Payload } from 'payload'

import { createLocalReq } from 'payload'

import type { Ledger } from '../commands/ledger.js'
import type { RecordedEvent, ReservationEvent } from '../events/types.js'
import type { ProjectorOptions } from './host-hooks.js'
import type { RequestOwnership } from './request-ownership.js'

import { foldReservation } from '../commands/reservation-state.js'
import { KeyedQueue } from '../concurrency/keyed-queue.js'
import { documentDiffers } from './document-differs.js'
import { HookDelivery } from './hook-delivery.js'
import { reservationDocument } from './reservation-document.js'
import { settled } from './settled.js'

export interface ProjectOptions {
  deliverHooks?: boolean
  rebuild?: boolean
  /** Leave the reservation alone when its newest event was recorded after this (epoch ms): its writer is still at work. */
  settledBefore?: number
}

interface StoredDoc extends Record<string, unknown> {
  id: string
  ledgerHooksRevision?: null | number
  ledgerRevision?: null | number
}

/**
 * Keeps the reservations collection equal to the reservation streams, and has the host's hooks
 * fired from committed events (`HookDelivery`). Work on one reservation is serialised; applying
 * a stream is idempotent: a document is written only where its content differs from what the
 * stream folds to.
 */
export class ReservationsProjector {
  private readonly queue = new KeyedQueue()
  private readonly timers = new Set<NodeJS.Timeout>()
  private stopped = false

  /** The host's callbacks, fired from the events each document's checkpoint has not passed. */
  readonly hooks: HookDelivery

  constructor(
    private readonly payload: Payload,
    private readonly ledger: Ledger,
    private readonly options: ProjectorOptions,
    /** Plaintext guest tokens, handed to afterBookingCreate once. */
    tokens: Pick<RequestOwnership, 'takeToken'>,
  ) {
    this.hooks = new HookDelivery(payload, ledger, options, tokens)
  }

  private get collection(): CollectionSlug {
    return this.options.slugs.reservations
  }

  /**
   * Brings one reservation's document to what its stream says (creating, rewriting or deleting
   * it; leaving it unwritten when it says that already) and fires pending hooks, unless
   * `deliverHooks` is false (catch-up delivers them in a handler of their own). `rebuild` fires
   * none and marks the hooks of a newly created document as already delivered.
   */
  project(reservationId: string, options: ProjectOptions = {}): Promise<void> {
    if (this.stopped) {
      // Shutting down: catch-up on the next start brings the document up to its stream.
      return Promise.resolve()
    }
    return this.queue.run(reservationId, () => this.apply(reservationId, options))
  }

  /**
   * Projects a little later, after the failing request that asked for it has rolled back its
   * own write. Failures are reported through `onError`.
   */
  projectSoon(reservationId: string, delayMs: number, onError: (error: unknown) => void): void {
    if (this.stopped) {
      return
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.project(reservationId).catch(onError)
    }, delayMs)
    timer.unref()
    this.timers.add(timer)
  }

  /** Stops taking work and waits for the projections in progress, so connections can close. */
  async stop(): Promise<void> {
    this.stopped = true
    for (const timer of this.timers) {
      clearTimeout(timer)
    }
    this.timers.clear()
    await this.queue.drain()
  }

  /**
   * Fires the hooks of events newer than the document's checkpoint, as the document says it now;
   * none while the newest event is younger than `settledBefore` (its writer delivers them).
   */
  deliverPending(reservationId: string, settledBefore?: number): Promise<void> {
    if (this.stopped) {
      return Promise.resolve()
    }
    return this.queue.run(reservationId, async () =>
      this.hooks.deliver(reservationId, await createLocalReq({}, this.payload), undefined, settledBefore),
    )
  }

  /**
   * Of the reservations given with their whole streams (`Touched.wholeStream`), those whose
   * document already says what the stream folds to at its newest event, hooks delivered
   * through it: one read of their documents stands in for a read of each document and stream.
   * A document torn at that revision differs from the fold and is left to `project`, as are
   * documents behind, ahead (a later run holds the events they are at) or missing.
   */
  async upToDate(streams: Map<string, RecordedEvent<ReservationEvent>[]>): Promise<Set<string>> {
    const current = new Set<string>()
    if (streams.size === 0) {
      return current
    }
    const { docs } = (await this.payload.db.find({
      collection: this.collection,
      limit: streams.size,
      pagination: false,
      where: { id: { in: [...streams.keys()] } },
    })) as { docs: StoredDoc[] }
    for (const doc of docs) {
      const events = streams.get(String(doc.id)) ?? []
      const state = foldReservation(events)
      const revision = events[events.length - 1]?.revision
      if (
        state.kind === 'active' &&
        doc.ledgerRevision === revision &&
        (doc.ledgerHooksRevision ?? -1) >= revision &&
        !documentDiffers(doc, reservationDocument(state.reservation, revision, this.options.tenantField ?? null))
      ) {
        current.add(String(doc.id))
      }
    }
    return current
  }

  private async apply(reservationId: string, { deliverHooks = true, rebuild = false, settledBefore }: ProjectOptions): Promise<void> {
    const where = { id: { equals: reservationId } }
    // The document before the stream: every revision a document can say was committed before
    // it was written, so the stream read next is at least as new as the document.
    const doc = (await this.payload.db.findOne({ collection: this.collection, where })) as null | StoredDoc
    const events = await this.ledger.history(reservationId)
    if (!settled(events, settledBefore)) {
      return
    }
    const state = foldReservation(events)
    if (state.kind !== 'active') {
      // Deleted, voided, or a document the ledger never had.
      if (doc) {
        await this.payload.db.deleteOne({ collection: this.collection, where })
      }
      return
    }
    const revision = events[events.length - 1].revision
    const data = reservationDocument(state.reservation, revision, this.options.tenantField ?? null)
    // A new document's hooks are delivered already when rebuilding or when no hook listens.
    const hooksRevision = doc ? (doc.ledgerHooksRevision ?? -1) : rebuild || !this.hooks.listenFor(events) ? revision : -1
    if (!doc) {
      await this.payload.db.create({ collection: this.collection, data: { ...data, ledgerHooksRevision: hooksRevision } })
    } else if (documentDiffers(doc, data)) {
      // Behind the stream, or torn by two interleaved saves. A document
      // that already says what the ledger says is not written: its updatedAt stays.
      // Unless another process has saved a newer revision meanwhile: its document stands.
      await this.payload.db.updateOne({
        collection: this.collection,
        data,
        returning: false,
        where: {
          and: [{ id: { equals: reservationId } }, { or: [{ ledgerRevision: { less_than_equal: revision } }, { ledgerRevision: { exists: false } }] }],
        },
      })
    }
    if (!rebuild && deliverHooks) {
      // The stream and the checkpoint were just read: nothing to read again.
      await this.hooks.deliver(reservationId, await createLocalReq({}, this.payload), { events, hooksRevision, state })
    }
  }

}
