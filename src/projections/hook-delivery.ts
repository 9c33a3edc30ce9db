import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import type { Ledger } from '../commands/ledger.js'
import type { ReservationState } from '../commands/reservation-state.js'
import type { RecordedEvent, ReservationEvent } from '../events/types.js'
import type { BookingTransitionHook, ProjectorOptions, ReservationDoc } from './host-hooks.js'
import type { RequestOwnership } from './request-ownership.js'

import { foldReservation, voidedRevisions } from '../commands/reservation-state.js'
import { settled } from './settled.js'

/**
 * A reservation's document as a request has just written it: the events the request appended,
 * the hook checkpoint it stored and the resulting state.
 */
export interface WrittenDocument {
  events: RecordedEvent<ReservationEvent>[]
  hooksRevision: number
  state: ReservationState
}

/**
 * Fires the host's after-hooks (create, status change, confirm, cancel) from committed events, once per
 * event through the document's `ledgerHooksRevision` checkpoint (at least once across a crash);
 * voided events fire nothing.
 */
export class HookDelivery {
  constructor(
    private readonly payload: Payload,
    private readonly ledger: Ledger,
    private readonly options: ProjectorOptions,
    /** Plaintext guest tokens, handed to afterBookingCreate once. */
    private readonly tokens: Pick<RequestOwnership, 'takeToken'>,
  ) {}

  private get collection(): CollectionSlug {
    return this.options.slugs.reservations
  }

  /** Whether any host hook listens for one of these events (else delivering them is a no-op). */
  listenFor(events: RecordedEvent<ReservationEvent>[]): boolean {
    const { afterBookingCreate, afterStatusChange } = this.options.hooks
    return events.some(
      (event) =>
        (event.type === 'ReservationBooked' && afterBookingCreate.length > 0) ||
        (event.type === 'ReservationStatusChanged' &&
          (afterStatusChange.length > 0 || this.transitionHooks(event.data.to) !== null)),
    )
  }

  /** The afterBookingConfirm or afterBookingCancel hooks a move to `status` fires. */
  private transitionHooks(status: string): { hooks: BookingTransitionHook[]; name: string } | null {
    const { cancelledStatus, confirmedStatus, hooks } = this.options
    if (status === confirmedStatus && hooks.afterBookingConfirm.length > 0) {
      return { hooks: hooks.afterBookingConfirm, name: 'afterBookingConfirm' }
    }
    if (status === cancelledStatus && hooks.afterBookingCancel.length > 0) {
      return { hooks: hooks.afterBookingCancel, name: 'afterBookingCancel' }
    }
    return null
  }

  /**
   * Fires the hooks of events newer than the document's hook checkpoint, then advances it.
   * Runs inside `req` so that, in a request, it sees the document its transaction wrote. A
   * request that has just written the document passes what it knows (`written`), which spares
   * reading the checkpoint and the stream when nothing older is pending. A create whose events
   * no hook listens for stores its checkpoint at the head already and costs nothing here.
   */
  async deliver(reservationId: string, req: PayloadRequest, written?: WrittenDocument, settledBefore?: number): Promise<void> {
    // What the request wrote answers for the stream unless older events were still pending.
    const known = written !== undefined && written.events.length > 0 && written.hooksRevision >= written.events[0].revision - 1
    const source = known ? written : await this.pendingOf(reservationId, req)
    if (!source || source.state.kind !== 'active' || !settled(source.events, settledBefore)) {
      // A voided booking, a deleted reservation: no document to deliver from or to checkpoint.
      return
    }
    const voided = voidedRevisions(source.events)
    const events = source.events.filter((event) => event.revision > source.hooksRevision)
    if (events.length === 0) {
      return
    }
    const due = events.filter((event) => !voided.has(event.revision))
    if (this.listenFor(due)) {
      await this.fire(reservationId, due, req)
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
    })) as null | { ledgerHooksRevision?: null | number }
    if (!doc) {
      return null
    }
    const history = await this.ledger.history(reservationId)
    return { events: history, hooksRevision: doc.ledgerHooksRevision ?? -1, state: foldReservation(history) }
  }

  private async fire(reservationId: string, events: RecordedEvent<ReservationEvent>[], req: PayloadRequest): Promise<void> {
    const hooks = this.options.hooks
    const fresh = (await this.payload.findByID({
      collection: this.collection,
      depth: 0,
      id: reservationId,
      overrideAccess: true,
      req,
    })) as ReservationDoc
    for (const event of events) {
      if (event.type === 'ReservationBooked') {
        const token = this.tokens.takeToken(reservationId)
        const bookedDoc = token ? { ...fresh, cancellationToken: token } : fresh
        await this.runEach(hooks.afterBookingCreate, (hook) => hook({ doc: bookedDoc, req }), 'afterBookingCreate')
      } else if (event.type === 'ReservationStatusChanged') {
        const { from, to } = event.data
        await this.runEach(hooks.afterStatusChange, (hook) => hook({ doc: fresh, newStatus: to, req }), 'afterStatusChange')
        const transition = this.transitionHooks(to)
        if (transition) {
          await this.runEach(transition.hooks, (hook) => hook({ doc: fresh, previousStatus: from, req }), transition.name)
        }
      }
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
