import { createHash } from 'node:crypto'

import type { AppendRequest } from '../events/store.js'
import type { Actor, EventMetadata, HoldPlaced, RecordedEvent, ReservationEvent } from '../events/types.js'
import type { ClaimRepair } from './reconcile-claims.js'

import { KeyedQueue } from '../concurrency/keyed-queue.js'
import { isWrongExpectedRevision, NO_STREAM } from '../events/store.js'
import { CommandRejected } from '../events/rejection.js'
import { retryOnConflict } from '../events/retry-on-conflict.js'
import { EVENT_SCHEMA_VERSION, HOLDER_STREAM_PREFIX, IDEMPOTENCY_STREAM_PREFIX, reservationStream } from '../events/types.js'
import { bookSeriesOnce, type SeriesDeps, type SeriesEntry, type SeriesOptions, type SeriesOutcome } from './book-series.js'
import { commitAtomically } from './commit-atomically.js'
import { commitOneByOne } from './commit-one-by-one.js'
import { type Decision, keyReused, type LedgerDeps } from './decision.js'
import { foldWithPlans, reconcileClaims } from './reconcile-claims.js'
import { evolveReservation, foldReservation, heldClaims, type ReservationState } from './reservation-state.js'
import type { DecisionContext, ReservationCommand, ReservationPolicy } from './reservation-commands.js'
import { decideReservation } from './reservation-decider.js'

export type { LedgerDeps } from './decision.js'
export type { ClaimRepair } from './reconcile-claims.js'
export type { SeriesEntry, SeriesOutcome, SeriesRefusal } from './book-series.js'

/** Who runs a command, for the audit trail and the privilege rules. */
/** Receives the steps of a command for a debug trace (the plugin's `debug` option); absent, nothing is traced. */
export type Tracer = (step: string, details: Record<string, unknown>) => void

export interface CommandMeta {
  actor: Actor
  /** Decision time; defaults to the ledger's clock. */
  now?: Date
  privileged: boolean
  reason?: string
  requestId?: string
  trace?: Tracer
}

/** What the caller of a command may add to its decision. */
export interface ExecuteOptions {
  /**
   * Asked with the state a decision leads to, before anything is appended, on every attempt;
   * throwing refuses the command with nothing written. Where the host's own checks run (Payload's
   * field validation of the document this state projects to).
   */
  approve?: (next: ReservationState) => Promise<void> | void
  /**
   * Record the claims even where they exceed a resource's capacity: an adopted reservation that
   * already overlapped others stands, and its time must not be offered again (as reconcile does).
   */
  beyondCapacity?: boolean
  /** Refuse unless the reservation stream is at this revision (a void must not undo later writes). */
  expectRevision?: number
}

export interface CommandOutcome {
  /** The reservation the command was decided on: what its events, if voided, give way to. */
  before: ReservationState
  /** Reservation events appended by this command (empty when it changed nothing). */
  events: RecordedEvent<ReservationEvent>[]
  revision: number
  state: ReservationState
}

const idempotencyStream = (key: string): string =>
  `${IDEMPOTENCY_STREAM_PREFIX}${createHash('sha256').update(key).digest('hex')}`

/** The stream of the holds one caller placed (`HoldPlaced`), named by a digest of who the caller is. */
const holderStream = (holderKey: string): string => `${HOLDER_STREAM_PREFIX}${createHash('sha256').update(holderKey).digest('hex')}`

/** A caller's holder stream as read for a new hold: how many of its holds are live, at which revision. */
interface HolderView {
  live: number
  revision: number
  stream: string
}

/** The new hold listed on its caller's holder stream, at the revision the limit was decided on. */
const holderFence = ({ revision, stream }: HolderView, decided: ReservationEvent[], metadata: EventMetadata): AppendRequest => {
  const held = decided.find((event) => event.type === 'ReservationHeld')!
  const placed: HoldPlaced = { data: { expiresAt: held.data.expiresAt, reservationId: held.data.reservationId }, type: 'HoldPlaced' }
  return { events: [{ ...placed, metadata }], expectedRevision: revision, stream }
}

const concurrentChange = () => new CommandRejected('conflict', 'The reservation changed concurrently; try again')

/**
 * A booking or hold names a fresh UUIDv7, so its stream is new: the append's expected revision
 * checks that, and nothing needs to read the stream first.
 */
const opensStream = ([first]: ReservationCommand[]): boolean =>
  (first.type === 'BookReservation' && !first.data.withHold) || first.type === 'PlaceHold'

/**
 * The command handler: reads the streams a command touches, decides, appends with the
 * expected revisions and retries (bounded, jittered) when a concurrent writer got there first.
 * Every stream a decision read is checked by its append, including those it writes nothing to,
 * so a cached view can cost a retry but never change an outcome.
 *
 * Capacity lives on resource streams, so a booking claims every resource it needs. Where the
 * store appends to several streams atomically, claims and the reservation event go together
 * (`commitAtomically`); otherwise each operation holds capacity of its own first
 * (`commitOneByOne`): a crash leaves more held than needed, never less, and `reconcileClaims`
 * later sets it right.
 */
export class Ledger {
  private readonly clock: () => Date
  private readonly commit: (deps: LedgerDeps, decision: Decision) => Promise<RecordedEvent<ReservationEvent>[]>
  /**
   * Commands on one reservation run one at a time in this process: on stores without atomic
   * appends, two interleaved commands could otherwise undo each other's claims.
   */
  private readonly queue = new KeyedQueue()
  private readonly maxAttempts: number

  constructor(private readonly deps: LedgerDeps) {
    this.clock = deps.clock ?? (() => new Date())
    this.maxAttempts = deps.maxAttempts ?? 30
    this.commit = deps.store.appendAtomically ? commitAtomically : commitOneByOne
  }

  get policy(): ReservationPolicy {
    return this.deps.policy
  }

  get store(): LedgerDeps['store'] {
    return this.deps.store
  }

  cancel(reservationId: string, meta: CommandMeta): Promise<CommandOutcome> {
    return this.execute(
      { data: { reservationId, to: this.deps.policy.cancelledStatus }, type: 'ChangeReservationStatus' },
      meta,
    )
  }

  /** Runs a reservation command to completion, or throws `CommandRejected`. */
  execute(command: ReservationCommand, meta: CommandMeta, options: ExecuteOptions = {}): Promise<CommandOutcome> {
    return this.executeAll([command], meta, options)
  }

  /**
   * Runs commands on one reservation as one decision: each is decided on the state the ones
   * before it lead to, and all their events are appended together, or none (a move that also
   * edits the notes is refused whole when its new time is taken).
   */
  executeAll(commands: ReservationCommand[], meta: CommandMeta, options: ExecuteOptions = {}): Promise<CommandOutcome> {
    const reservationId = commands[0].data.reservationId
    const names = commands.map(({ type }) => type).join('+')
    return this.queue.run(reservationId, () =>
      retryOnConflict(this.maxAttempts, (attempt) => this.attempt(commands, meta, options, attempt)).catch((error: unknown) => {
        const refusal = isWrongExpectedRevision(error) ? concurrentChange() : error
        meta.trace?.('refused', { command: names, message: (refusal as Error).message, reservationId })
        throw refusal
      }),
    )
  }

  /**
   * Books the occurrences of a recurring series (`book-series.ts`): decided together, refused
   * whole unless `partial`, and appended in one conditional append where the store allows it,
   * tried again when a resource stream moved meanwhile. Throws `SeriesRejected` naming every
   * occurrence refused, or `CommandRejected` for what refuses the series as a whole.
   */
  bookSeries(entries: SeriesEntry[], meta: CommandMeta, options: SeriesOptions): Promise<SeriesOutcome> {
    const now = meta.now ?? this.clock()
    const deps: SeriesDeps = {
      ...this.deps,
      guardOf: (command) => this.idempotencyGuard(command),
      metadataOf: (reservationId) => this.metadata(reservationId, meta, now),
      voidBooking: async (reservationId, reason) => {
        const command = { data: { reason, reservationId, restores: null, voidsFrom: 0 }, type: 'VoidReservationWrite' } as const
        await this.execute(command, { ...meta, now, reason })
      },
    }
    const context: DecisionContext = { now, privileged: meta.privileged }
    return retryOnConflict(this.maxAttempts, (attempt) => {
      if (attempt > 1) {
        meta.trace?.('retry', { attempt, command: 'BookSeries', reservationId: entries[0]?.command.data.reservationId })
      }
      return bookSeriesOnce(deps, entries, context, options)
    }).catch((error: unknown) => {
      throw isWrongExpectedRevision(error) ? concurrentChange() : error
    })
  }

  /**
   * The one decide loop, of the append (`attempt`) and of `precheck`: each command is decided on
   * the state the ones before it lead to. Returns their events and the state they lead to.
   */
  private decide(
    commands: ReservationCommand[],
    state: ReservationState,
    context: DecisionContext,
    metadata: EventMetadata,
  ): { events: ReservationEvent[]; next: ReservationState } {
    const decided: ReservationEvent[] = []
    let next = state
    for (const command of commands) {
      const events = decideReservation(command, next, this.deps.policy, context)
      decided.push(...events)
      next = events.reduce((s, e) => evolveReservation(s, e, metadata), next)
    }
    return { events: decided, next }
  }

  /** One read → decide → append of the commands; a stream that moved under it fails the append. */
  private async attempt(commands: ReservationCommand[], meta: CommandMeta, options: ExecuteOptions, attempt: number): Promise<CommandOutcome> {
    const reservationId = commands[0].data.reservationId
    const names = commands.map(({ type }) => type).join('+')
    if (attempt > 1) {
      meta.trace?.('retry', { attempt, command: names, reservationId })
    }
    // Only a retry after a conflict reads a new stream.
    const [first] = commands
    const { revision, state } = opensStream(commands) && attempt === 1 ? { revision: NO_STREAM, state: foldReservation([]) } : await this.load(reservationId)
    const now = meta.now ?? this.clock()
    const holder = first.type === 'PlaceHold' && first.data.holderKey ? await this.liveHoldsOf(first.data.holderKey, now) : null
    const context: DecisionContext = { ...(holder ? { liveHolds: holder.live } : {}), now, privileged: meta.privileged }
    const metadata = this.metadata(reservationId, meta, now)
    const { events: decided, next } = this.decide(commands, state, context, metadata)
    meta.trace?.('decision', { attempt, command: names, events: decided.map(({ type }) => type), reservationId, revision })
    if (decided.length === 0) {
      return { before: state, events: [], revision, state }
    }
    if (options.expectRevision !== undefined && revision !== options.expectRevision) {
      throw concurrentChange()
    }
    await options.approve?.(next)
    const guard = await this.idempotencyGuard(commands[0])
    const decision = {
      after: next,
      before: state,
      beyondCapacity: options.beyondCapacity ?? false,
      events: decided,
      fences: holder ? [holderFence(holder, decided, metadata)] : [],
      guard,
      metadata,
      optimistic: attempt === 1,
      reservationId,
      revision,
    }
    const recorded = await this.commit(this.deps, decision)
    meta.trace?.('appended', {
      claims: heldClaims(next, this.deps.policy.statusMachine).map(({ resource }) => resource),
      reservationId,
      revision: revision + recorded.length,
    })
    return { before: state, events: recorded, revision: revision + recorded.length, state: next }
  }

  /**
   * The live holds of a caller: the holds its holder stream lists that have not reached their
   * expiry and whose streams still hold (a stale read only counts one too many: a refusal, never
   * a hold beyond the limit, since the hold's append checks the holder stream's revision).
   */
  private async liveHoldsOf(holderKey: string, now: Date): Promise<HolderView> {
    const stream = holderStream(holderKey)
    const events = await this.deps.store.readStream<HoldPlaced>(stream)
    const pending = events.filter((event) => Date.parse(event.data.expiresAt) > now.getTime())
    const states = await Promise.all(pending.map((event) => this.load(event.data.reservationId)))
    const revision = events.length === 0 ? NO_STREAM : events[events.length - 1].revision
    // Where streams are appended one at a time, a hold's entry here comes before its own stream:
    // one whose stream is not there may be being placed, and counts until it would expire (a
    // placement refused after its entry costs its caller that hold's time, never the limit).
    return { live: states.filter(({ state }) => state.kind === 'held' || state.kind === 'absent').length, revision, stream }
  }

  /**
   * The idempotency stream a booking must claim, or null when it has no key or already
   * claimed it on an earlier attempt (the claim-one-by-one path appends it first).
   */
  private async idempotencyGuard(command: ReservationCommand): Promise<null | string> {
    const key = command.type === 'BookReservation' || command.type === 'AdoptReservation' ? command.data.idempotencyKey : null
    if (!key) {
      return null
    }
    const guard = idempotencyStream(key)
    const [used] = await this.deps.store.readStream(guard)
    if (!used) {
      return guard
    }
    if (used.data.reservationId === command.data.reservationId) {
      return null
    }
    throw keyReused()
  }

  /**
   * Decides `commands` one after another against the reservation's current state, appending
   * nothing: a write that becomes several commands is refused whole before the first commits.
   * Capacity is still checked as each one commits. Returns the state they start from, at which
   * revision, and the state they lead to with the revision their events would reach.
   */
  async precheck(
    reservationId: string,
    commands: ReservationCommand[],
    meta: CommandMeta,
  ): Promise<{ next: ReservationState; nextRevision: number; revision: number; state: ReservationState }> {
    const { revision, state } = opensStream(commands) ? { revision: NO_STREAM, state: foldReservation([]) } : await this.load(reservationId)
    const now = meta.now ?? this.clock()
    const context: DecisionContext = { now, privileged: meta.privileged }
    const { events, next } = this.decide(commands, state, context, this.metadata(reservationId, meta, now))
    return { next, nextRevision: revision + events.length, revision, state }
  }

  /** A reservation's events in order: its audit trail. */
  history(reservationId: string): Promise<RecordedEvent<ReservationEvent>[]> {
    return this.deps.store.readStream<ReservationEvent>(reservationStream(reservationId))
  }

  async load(reservationId: string): Promise<{ revision: number; state: ReservationState }> {
    const events = await this.history(reservationId)
    const state = foldReservation(events)
    return { revision: events.length === 0 ? NO_STREAM : events[events.length - 1].revision, state }
  }

  /**
   * Sets a reservation's claims right where they differ from its stream (see `reconcileClaims`).
   * `known`: its stream as the caller holds it, read before, and how far the caller's events
   * reached in each month stream (catch-up's run). A stream that moved on since refuses the
   * repair's fence, and the newer events bring the reservation to the caller again.
   */
  async reconcileClaims(
    reservationId: string,
    claimedOn: string[],
    meta: CommandMeta,
    known?: { events: RecordedEvent<ReservationEvent>[]; seen: ReadonlyMap<string, number> },
  ): Promise<ClaimRepair[]> {
    const events = known?.events ?? (await this.history(reservationId))
    const { planned, state } = foldWithPlans(events)
    const revision = events.length === 0 ? NO_STREAM : events[events.length - 1].revision
    const metadata = this.metadata(reservationId, meta, meta.now ?? this.clock())
    return reconcileClaims(this.deps, { claimedOn, metadata, planned, reservationId, revision, seen: known?.seen, state })
  }

  private metadata(reservationId: string, meta: CommandMeta, now: Date): EventMetadata {
    return {
      actor: meta.actor,
      at: now.toISOString(),
      correlationId: reservationId,
      ...(meta.reason ? { reason: meta.reason } : {}),
      ...(meta.requestId ? { requestId: meta.requestId } : {}),
      schemaVersion: EVENT_SCHEMA_VERSION,
    }
  }
}
