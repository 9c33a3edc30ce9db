import type { Subscription } from 'rxjs'

import { defer, Observable, retry, switchMap, timer } from 'rxjs'

import type { ClaimRepair, CommandMeta, Ledger } from '../commands/ledger.js'
import type { EventStore } from '../events/store.js'
import type { RecordedEvent } from '../events/types.js'
import type { ReservationsProjector } from './reservations-projector.js'
import type { Ownership } from './request-ownership.js'

import { isReservationEvent, isResourceEvent, LEDGER_STREAM_PREFIX, RESOURCE_STREAM_PREFIX } from '../events/types.js'

export interface CheckpointStore {
  load(): Promise<string | undefined>
  save(position: string): Promise<void>
}

export interface CatchUpOptions {
  /** Events younger than this are left to the writer still handling them. */
  graceMs: number
  /** How far before the checkpoint to re-read, for events a concurrent writer committed late. */
  lookbackMs: number
  pageSize: number
  /** Told of every claim reconcile set right (a mismatch between a reservation and its resources). */
  onRepair?: (reservationId: string, repairs: ClaimRepair[]) => void
  /** How long live catch-up waits after a failure before it starts again from the checkpoint. */
  retryMs: number
}

export interface CatchUpResult {
  projected: number
  /** Claims set right: released where no reservation holds them, recorded where one is missing. */
  reconciled: number
}

/** What catch-up needs of the projector: only these, so that it can be specified without Payload. */
export type CatchUpProjector = Pick<ReservationsProjector, 'project'>

const SYSTEM: CommandMeta = { actor: { kind: 'system', name: 'catch-up' }, privileged: true }

/** setTimeout's limit: a longer wait would fire at once. */
const MAX_TIMER_MS = 2_147_483_647

/** The reservations a run of events touched, and the resources where their claims changed. */
class Touched {
  readonly claims = new Map<string, Set<string>>()
  readonly reservations = new Set<string>()

  add(event: RecordedEvent): void {
    if (isReservationEvent(event)) {
      this.reservations.add(event.data.reservationId)
    } else if (isResourceEvent(event)) {
      const resources = this.claims.get(event.data.reservationId) ?? new Set<string>()
      resources.add(event.stream.slice(RESOURCE_STREAM_PREFIX.length))
      this.claims.set(event.data.reservationId, resources)
    }
  }
}

/**
 * Re-delivers what a crash (of this or any other process) left undone: reservation documents
 * and hooks behind their streams, and capacity claims of bookings that never landed. It reads
 * the ledger from a stored checkpoint, so a restart costs only what is new: a page at a time
 * in passes (`run`), or, where the store pushes events, live (`follow`). Both leave events
 * younger than `graceMs` to their writer and handle what they read alike.
 */
export class CatchUp {
  /**
   * Events handled within the look-back window, by position, with their record time: every
   * pass re-reads that window (for events committed late), and must not project and reconcile
   * again what it already handled — at a steady booking rate that would be a minute of bookings
   * every pass.
   */
  private readonly handled = new Map<string, number>()
  /** Live runs and subscription starts in progress, for `settle`. */
  private readonly inProgress = new Set<Promise<unknown>>()
  private running: null | Promise<CatchUpResult> = null
  /** Everything up to here was handled by other means (`advanceTo`): live catch-up skips it. */
  private skipThrough: string | undefined

  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly projector: CatchUpProjector,
    /** Reservations a request in this process is writing: left to it. */
    private readonly owned: Ownership,
    private readonly checkpoint: CheckpointStore,
    private readonly options: CatchUpOptions,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Records that everything up to `position` is projected and delivered, so that catch-up does
   * not handle it again (a restore rebuilds what it imported and must not be scanned again).
   */
  async advanceTo(position: string): Promise<void> {
    if (this.skipThrough === undefined || position > this.skipThrough) {
      this.skipThrough = position
    }
    await this.settle()
    const saved = await this.checkpoint.load()
    if (saved === undefined || position > saved) {
      await this.checkpoint.save(position)
    }
  }

  /**
   * Live catch-up, for stores that push events: follows the ledger from the checkpoint and
   * handles each event once it is `graceMs` old, a run of them at a time, saving the checkpoint
   * after each run. A failure goes to `onError`, and `retryMs` later it starts again from the
   * checkpoint. Unsubscribing stops it; `settle` then waits for the run in progress.
   */
  follow(onError: (error: unknown) => void): Subscription {
    const subscribe = this.store.subscribe?.bind(this.store)
    if (!subscribe) {
      throw new Error(`The ${this.store.kind} event store cannot push events: catch up on it with run()`)
    }
    return defer(() => this.track(this.checkpoint.load()))
      .pipe(
        switchMap((saved) => subscribe({ after: this.rewound(saved), streamPrefix: LEDGER_STREAM_PREFIX })),
        (events) => this.handleWhenDue(events),
        retry({
          delay: (error: unknown) => {
            onError(error)
            // A run may still be going if the subscription failed under it: let it end first.
            return timer(this.options.retryMs).pipe(switchMap(() => this.settle()))
          },
        }),
      )
      .subscribe()
  }

  /** One pass; concurrent callers share the pass in progress. */
  run(): Promise<CatchUpResult> {
    this.running ??= this.pass().finally(() => {
      this.running = null
    })
    return this.running
  }

  /** Waits for the work in progress, if any (its failure is reported by whoever started it). */
  async settle(): Promise<void> {
    await Promise.allSettled([this.running, ...this.inProgress])
  }

  /**
   * Projects the touched reservations and sets their claims right (both ways: a claim no
   * reservation holds, a reservation whose claim is missing), except those a request is writing.
   */
  private async bringUpToDate({ claims, reservations }: Touched): Promise<CatchUpResult> {
    let projected = 0
    for (const reservationId of reservations) {
      if (!this.owned.isOwned(reservationId)) {
        await this.projector.project(reservationId)
        projected++
      }
    }
    let reconciled = 0
    for (const reservationId of new Set([...reservations, ...claims.keys()])) {
      if (!this.owned.isOwned(reservationId)) {
        const repairs = await this.ledger.reconcileClaims(reservationId, [...(claims.get(reservationId) ?? [])], SYSTEM)
        if (repairs.length > 0) {
          reconciled += repairs.length
          this.options.onRepair?.(reservationId, repairs)
        }
      }
    }
    return { projected, reconciled }
  }

  /** Handles a run of due events in position order, then moves the checkpoint past them. */
  private async handleRun(run: RecordedEvent[]): Promise<void> {
    const skipThrough = this.skipThrough
    const touched = new Touched()
    const fresh = run.filter(({ position }) => !this.handled.has(position))
    for (const event of fresh) {
      if (skipThrough === undefined || event.position > skipThrough) {
        touched.add(event)
      }
    }
    await this.bringUpToDate(touched)
    this.remember(fresh)
    const last = run[run.length - 1].position
    if (skipThrough === undefined || last > skipThrough) {
      await this.checkpoint.save(last)
    }
  }

  /**
   * Holds the events until each is `graceMs` old and hands them to `handleRun` in arrival
   * order: one run at a time, each taking every event due by the time the previous one ended.
   * Errors when a run fails, so that the subscription starts again from the checkpoint.
   */
  private handleWhenDue(events: Observable<RecordedEvent>): Observable<never> {
    return new Observable<never>((subscriber) => {
      const pending: RecordedEvent[] = []
      let busy = false
      let wake: NodeJS.Timeout | undefined
      const dueIn = (event: RecordedEvent) => Date.parse(event.recordedAt) + this.options.graceMs - this.clock()
      const sleep = (ms: number) => {
        wake = setTimeout(next, Math.min(Math.max(0, ms), MAX_TIMER_MS))
        wake.unref()
      }
      const next = (): void => {
        wake = undefined
        if (busy || subscriber.closed || pending.length === 0) {
          return
        }
        const young = pending.findIndex((event) => dueIn(event) > 0)
        if (young === 0) {
          sleep(dueIn(pending[0]))
          return
        }
        busy = true
        this.track(this.handleRun(pending.splice(0, young === -1 ? pending.length : young))).then(
          () => {
            busy = false
            next()
          },
          (error: unknown) => subscriber.error(error),
        )
      }
      const subscription = events.subscribe({
        complete: () => subscriber.complete(),
        error: (error: unknown) => subscriber.error(error),
        next: (event) => {
          pending.push(event)
          // A timer even for a due event, so that a burst (the replay) is handled as one run.
          if (!busy && wake === undefined) {
            sleep(dueIn(event))
          }
        },
      })
      return () => {
        clearTimeout(wake)
        subscription.unsubscribe()
      }
    })
  }

  private async pass(): Promise<CatchUpResult> {
    const saved = await this.checkpoint.load()
    const cutoff = this.clock() - this.options.graceMs
    const touched = new Touched()
    const read: RecordedEvent[] = []
    let after = this.rewound(saved)
    let reached = saved
    scan: for (;;) {
      const page = await this.store.readAll({ after, limit: this.options.pageSize })
      for (const event of page) {
        if (Date.parse(event.recordedAt) > cutoff) {
          break scan
        }
        if (!this.handled.has(event.position)) {
          touched.add(event)
          read.push(event)
        }
        if (reached === undefined || event.position > reached) {
          reached = event.position
        }
      }
      if (page.length < this.options.pageSize) {
        break
      }
      after = page[page.length - 1].position
    }
    const result = await this.bringUpToDate(touched)
    this.remember(read)
    if (reached !== undefined && reached !== saved) {
      await this.checkpoint.save(reached)
    }
    return result
  }

  /** Marks events handled, and forgets those too old for any look-back to read again. */
  private remember(events: RecordedEvent[]): void {
    for (const event of events) {
      this.handled.set(event.position, Date.parse(event.recordedAt))
    }
    // Twice the window: the checkpoint itself trails the clock by the grace period and more.
    const forgetBefore = this.clock() - this.options.graceMs - 2 * this.options.lookbackMs
    // Entries go in roughly in time order, so the old ones are at the front.
    for (const [position, recordedAt] of this.handled) {
      if (recordedAt >= forgetBefore) {
        break
      }
      this.handled.delete(position)
    }
  }

  /** Where to read from: some way before the checkpoint, for events committed late. */
  private rewound(saved: string | undefined): string | undefined {
    return saved === undefined ? undefined : this.store.rewind(saved, this.options.lookbackMs)
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inProgress.add(work)
    const done = () => this.inProgress.delete(work)
    work.then(done, done)
    return work
  }
}
