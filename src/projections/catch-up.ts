import type { Subscription } from 'rxjs'

import { defer, retry, switchMap, timer } from 'rxjs'

import type { EventStore } from '../events/store.js'
import type { RecordedEvent } from '../events/types.js'
import type { CatchUpHandler, CatchUpResult } from './catch-up-handlers.js'

import { isReservationEvent, LEDGER_STREAM_PREFIX } from '../events/types.js'
import { runsWhenDue } from './runs-when-due.js'
import { Touched } from './touched.js'

export type { CatchUpHandler, CatchUpResult } from './catch-up-handlers.js'

export interface CheckpointStore {
  load(): Promise<string | undefined>
  save(position: string): Promise<void>
}

export interface CatchUpOptions {
  /** Events younger than this are left to the writer still handling them. */
  graceMs: number
  /** How far before the checkpoint to re-read, for events a concurrent writer committed late. */
  lookbackMs: number
  /**
   * Pages past the checkpoint one pass reads at most; the next pass goes on from where it
   * stopped. Bounds the pass at boot, which a ledger that was never caught up (or long
   * unattended) would otherwise make proportional to its history.
   */
  maxPages: number
  pageSize: number
  /** How long live catch-up waits after a failure before it starts again from the checkpoint. */
  retryMs: number
}

/**
 * Live runs start at most four times a second (sooner with a short grace): each saves the
 * checkpoint and reads its documents, so a run per booking as it comes due (a store appending
 * 70 a second) cost about two database calls per booking.
 */
const liveRunSpacing = (graceMs: number): number => Math.min(250, graceMs / 4)

/**
 * Re-delivers what a crash (of this or any other process) left undone: reservation documents
 * and hooks behind their streams, and capacity claims of bookings that never landed. A
 * processor: it reads the ledger from a stored checkpoint, so a restart costs only what is new,
 * a page at a time in bounded passes (`run`) or, where the store pushes events, live (`follow`), and
 * hands what each run touched to its handlers (documents, hooks, claims). Both ways leave events
 * younger than `graceMs` to their writer.
 */
export class CatchUp {
  /**
   * Events handled within the look-back window, by position, with their record time: every
   * pass re-reads that window (for events committed late), and must not project and reconcile
   * again what it already handled — at a steady booking rate that would be a minute of bookings
   * every pass.
   */
  private readonly handled = new Map<string, number>()
  /**
   * Claims of reservations whose own event a later run takes (live, on a store that appends a
   * booking's claims before its reservation event): checked in that run, with that event,
   * instead of reading the reservation's stream for them now.
   */
  private deferred = new Map<string, Map<string, number>>()
  /** Live runs and subscription starts in progress, for `settle`. */
  private readonly inProgress = new Set<Promise<unknown>>()
  private running: null | Promise<CatchUpResult> = null
  /** Everything up to here was handled by other means (`advanceTo`): live catch-up skips it. */
  private skipThrough: string | undefined

  constructor(
    private readonly store: EventStore,
    /** The jobs each run of events is handed to, in order (`catch-up-handlers.ts`). */
    private readonly handlers: CatchUpHandler[],
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
        (events) =>
          runsWhenDue(events, { clock: this.clock, graceMs: this.options.graceMs, spacingMs: liveRunSpacing(this.options.graceMs) }, (run, upcoming) =>
            this.track(this.handleRun(run, upcoming)),
          ),
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

  /** The stored checkpoint: a recent position, where a reader of what is new can start. */
  position(): Promise<string | undefined> {
    return this.checkpoint.load()
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

  /** Runs every handler over what a run touched, in order, and adds up what they did. */
  private async bringUpToDate(touched: Touched): Promise<CatchUpResult> {
    const result: CatchUpResult = { projected: 0, reconciled: 0 }
    for (const handler of this.handlers) {
      const done = await handler.handle(touched)
      result.projected += done.projected ?? 0
      result.reconciled += done.reconciled ?? 0
    }
    return result
  }

  /** Handles a run of due events in position order, then moves the checkpoint past them. */
  private async handleRun(run: RecordedEvent[], upcoming: readonly RecordedEvent[]): Promise<void> {
    const skipThrough = this.skipThrough
    const touched = new Touched(this.clock() - this.options.graceMs)
    const fresh = run.filter(({ position }) => !this.handled.has(position))
    for (const event of fresh) {
      if (skipThrough === undefined || event.position > skipThrough) {
        touched.add(event)
      }
    }
    for (const [reservationId, streams] of this.deferred) {
      touched.addClaims(reservationId, streams)
    }
    const deferred = touched.deferClaims(new Set(upcoming.filter(isReservationEvent).map((event) => event.data.reservationId)))
    await this.bringUpToDate(touched)
    // Only now: a run that fails is read again from the checkpoint, the claims put off to it with it.
    this.deferred = deferred
    this.remember(fresh)
    const last = run[run.length - 1].position
    if (skipThrough === undefined || last > skipThrough) {
      await this.checkpoint.save(last)
    }
  }

  private async pass(): Promise<CatchUpResult> {
    const saved = await this.checkpoint.load()
    const cutoff = this.clock() - this.options.graceMs
    const touched = new Touched(cutoff)
    const read: RecordedEvent[] = []
    let after = this.rewound(saved)
    let reached = saved
    /** Pages that went past the checkpoint: the look-back before it is bounded by time, not counted. */
    let pages = 0
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
      pages += saved === undefined || (page.length > 0 && page[page.length - 1].position > saved) ? 1 : 0
      if (page.length < this.options.pageSize || pages >= this.options.maxPages) {
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
