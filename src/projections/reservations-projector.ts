import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import type { Ledger } from '../commands/ledger.js'

import type { RecordedEvent, ReservationEvent } from '../events/types.js'
import type { ProjectorOptions, ReservationDoc } from './host-hooks.js'
import type { RequestOwnership } from './request-ownership.js'

import { foldReservation, type ReservationState, voidedRevisions } from '../commands/reservation-decider.js'
import { KeyedQueue } from '../concurrency/keyed-queue.js'
import { documentDiffers } from './document-differs.js'
import { reservationDocument } from './reservation-document.js'

/**
 * A reservation's document as a request has just written it: the events the request appended,
 * the hook checkpoint it stored and the resulting state.
 */
export interface WrittenDocument {
  events: RecordedEvent<ReservationEvent>[]
  hooksRevision: number
  state: ReservationState
}

export interface ProjectOptions {
  deliverHooks?: boolean
  rebuild?: boolean
}

interface StoredDoc extends Record<string, unknown> {
  id: string
  ledgerHooksRevision?: null | number
  ledgerRevision?: null | number
}

/**
 * Keeps the reservations collection equal to the reservation streams and re-emits the host's
 * hooks from committed events. Work on one reservation is serialised; applying a stream is
 * idempotent (a document is written only where its content differs from what the stream folds
 * to), and hooks fire once per event through its `ledgerHooksRevision` checkpoint (at least
 * once across a crash).
 */
export class ReservationsProjector {
  private readonly queue = new KeyedQueue()
  private readonly timers = new Set<NodeJS.Timeout>()
  private stopped = false

  constructor(
    private readonly payload: Payload,
    private readonly ledger: Ledger,
    private readonly options: ProjectorOptions,
    /** Plaintext guest tokens, handed to afterBookingCreate once. */
    private readonly tokens: Pick<RequestOwnership, 'takeToken'>,
  ) {}

  private get collection(): CollectionSlug {
    return this.options.slugs.reservations as CollectionSlug
  }

  /** Whether any host hook listens for one of these events (else delivering them is a no-op). */
  hasListeners(events: RecordedEvent<ReservationEvent>[]): boolean {
    const { afterBookingCreate, afterStatusChange } = this.options.hooks
    return events.some(
      ({ type }) =>
        (type === 'ReservationBooked' && afterBookingCreate.length > 0) ||
        (type === 'ReservationStatusChanged' && afterStatusChange.length > 0),
    )
  }

  /**
   * Fires the hooks of events newer than the document's hook checkpoint, then advances it.
   * Runs inside `req` so that, in a request, it sees the document its transaction wrote. A
   * request that has just written the document passes what it knows (`written`), which spares
   * reading the checkpoint and the stream when nothing older is pending. A create whose events
   * no hook listens for stores its checkpoint at the head already and costs nothing here.
   */
  async emitHooks(reservationId: string, req: PayloadRequest, written?: WrittenDocument): Promise<void> {
    // What the request wrote answers for the stream unless older events were still pending.
    const known = written !== undefined && written.events.length > 0 && written.hooksRevision >= written.events[0].revision - 1
    const source = known ? written : await this.pendingOf(reservationId, req)
    if (!source || source.state.kind !== 'active') {
      // A voided booking, a deleted reservation: no document to deliver from or to checkpoint.
      return
    }
    const voided = voidedRevisions(source.events)
    const events = source.events.filter((event) => event.revision > source.hooksRevision)
    if (events.length === 0) {
      return
    }
    const due = events.filter((event) => !voided.has(event.revision))
    if (this.hasListeners(due)) {
      await this.deliver(reservationId, due, req)
    }
    const delivered = events[events.length - 1].revision
    await this.payload.db.updateOne({
      collection: this.collection,
      // `updatedAt: null` leaves the document's time as its writer set it (the adapters would
      // stamp their clock); the checkpoint only moves forward, whoever saved the document since.
      data: { ledgerHooksRevision: delivered, updatedAt: null },
      req,
      returning: false,
      where: {
        and: [
          { id: { equals: reservationId } },
          { or: [{ ledgerHooksRevision: { less_than: delivered } }, { ledgerHooksRevision: { exists: false } }] },
        ],
      },
    })
  }

  private async pendingOf(reservationId: string, req: PayloadRequest): Promise<null | WrittenDocument> {
    const doc = (await this.payload.db.findOne({
      collection: this.collection,
      req,
      where: { id: { equals: reservationId } },
    })) as null | StoredDoc
    if (!doc) {
      return null
    }
    const history = await this.ledger.history(reservationId)
    return { events: history, hooksRevision: doc.ledgerHooksRevision ?? -1, state: foldReservation(history) }
  }

  private async deliver(reservationId: string, events: RecordedEvent<ReservationEvent>[], req: PayloadRequest): Promise<void> {
    const hooks = this.options.hooks
    const fresh = (await this.payload.findByID({
      collection: this.collection,
      depth: 0,
      id: reservationId,
      overrideAccess: true,
      req,
    })) as unknown as ReservationDoc
    for (const event of events) {
      if (event.type === 'ReservationBooked') {
        const token = this.tokens.takeToken(reservationId)
        const bookedDoc = token ? { ...fresh, cancellationToken: token } : fresh
        await this.runEach(hooks.afterBookingCreate, (hook) => hook({ doc: bookedDoc, req }), 'afterBookingCreate')
      } else if (event.type === 'ReservationStatusChanged') {
        await this.runEach(
          hooks.afterStatusChange,
          (hook) => hook({ doc: fresh, newStatus: event.data.to, req }),
          'afterStatusChange',
        )
      }
    }
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

  /** Fires the hooks of events newer than the document's checkpoint, as the document says it now. */
  deliverPending(reservationId: string): Promise<void> {
    if (this.stopped) {
      return Promise.resolve()
    }
    return this.queue.run(reservationId, async () => this.emitHooks(reservationId, await createLocalReq({}, this.payload)))
  }

  private async apply(reservationId: string, { deliverHooks = true, rebuild = false }: ProjectOptions): Promise<void> {
    const where = { id: { equals: reservationId } }
    // The document before the stream: every revision a document can say was committed before
    // it was written, so the stream read next is at least as new as the document.
    const doc = (await this.payload.db.findOne({ collection: this.collection, where })) as null | StoredDoc
    const events = await this.ledger.history(reservationId)
    const state = foldReservation(events)
    if (state.kind !== 'active') {
      // Deleted, voided, or a document the ledger never had.
      if (doc) {
        await this.payload.db.deleteOne({ collection: this.collection, where })
      }
      return
    }
    const revision = events[events.length - 1].revision
    const data = reservationDocument(state.reservation, revision)
    // A new document's hooks are delivered already when rebuilding or when no hook listens.
    const hooksRevision = doc ? (doc.ledgerHooksRevision ?? -1) : rebuild || !this.hasListeners(events) ? revision : -1
    if (!doc) {
      await this.payload.db.create({ collection: this.collection, data: { ...data, ledgerHooksRevision: hooksRevision } })
    } else if (documentDiffers(doc, data)) {
      // Behind the stream, torn by two interleaved saves, or stamped with Payload's clock by a
      // request that did not live to set the ledger's time back (write-hooks.ts). A document
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
      await this.emitHooks(reservationId, await createLocalReq({}, this.payload), { events, hooksRevision, state })
    }
  }

  private async runEach<H>(hooks: H[], call: (hook: H) => Promise<void> | void, name: string): Promise<void> {
    for (const hook of hooks) {
      try {
        await call(hook)
      } catch (error) {
        // The event is committed; a failing host callback is reported, never undone.
        this.payload.logger.error({ err: error, msg: `payload-reserve-ledger: ${name} hook failed` })
      }
    }
  }
}
