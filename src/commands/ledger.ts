import { createHash } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult, EventStore } from '../events/store.js'
import type {
  Actor,
  ClaimHold,
  EventMetadata,
  Interval,
  LedgerEvent,
  NewEvent,
  RecordedEvent,
  ReservationEvent,
  ResourceClaim,
} from '../events/types.js'
import type { BusyIndex } from '../capacity/busy-index.js'

import { isWrongExpectedRevision, NO_STREAM } from '../events/store.js'
import { EVENT_SCHEMA_VERSION, IDEMPOTENCY_STREAM_PREFIX, reservationStream, resourceStream } from '../events/types.js'
import {
  type CapacityState,
  checkCapacity,
  claimOfHolds,
  decideCapacity,
  holdsOf,
  sameIntervals,
  WHOLE_CLAIM,
} from '../capacity/capacity-decider.js'
import { CommandRejected, isCommandRejected } from '../events/rejection.js'
import {
  type DecisionContext,
  decideReservation,
  evolveReservation,
  foldReservation,
  heldClaims,
  type ReservationCommand,
  type ReservationPolicy,
  type ReservationState,
} from './reservation-decider.js'

/** Who runs a command, for the audit trail and the privilege rules. */
export interface CommandMeta {
  actor: Actor
  /** Decision time; defaults to the ledger's clock. */
  now?: Date
  privileged: boolean
  reason?: string
  requestId?: string
}

/** What the caller of a command may add to its decision. */
export interface ExecuteOptions {
  /**
   * Asked with the state a decision leads to, before anything is appended, on every attempt;
   * throwing refuses the command with nothing written. Where the host's own checks run (Payload's
   * field validation of the document this state projects to).
   */
  approve?: (next: ReservationState) => Promise<void> | void
  /** Refuse unless the reservation stream is at this revision (a void must not undo later writes). */
  expectRevision?: number
}

export interface CommandOutcome {
  /** Reservation events appended by this command (empty when it changed nothing). */
  events: RecordedEvent<ReservationEvent>[]
  revision: number
  state: ReservationState
}

export interface LedgerDeps {
  busy: BusyIndex
  /** Number of units a resource offers; read when a claim is decided. */
  capacityOf: (resourceId: string) => Promise<number>
  clock?: () => Date
  /** Attempts per command when a stream moved under it (optimistic concurrency). */
  maxAttempts?: number
  policy: ReservationPolicy
  store: EventStore
}

interface ClaimChange {
  final: Interval[]
  resource: string
}

/** A reservation's claim on a resource that `reconcileClaims` found different from its stream, and set right. */
export interface ClaimRepair {
  /** What its stream says it holds (none: released). */
  final: Interval[]
  /** What the resource stream had. */
  held: Interval[]
  resource: string
}

/** What one attempt of a command decided, for committing it. */
interface Decision {
  after: ReservationState
  before: ReservationState
  events: ReservationEvent[]
  /** The idempotency stream the booking must claim, if any. */
  guard: null | string
  metadata: EventMetadata
  /** Whether claims may be decided on this process's view without reading the stream heads. */
  optimistic: boolean
  reservationId: string
  /** The reservation stream's revision the decision read. */
  revision: number
}

const intervalsByResource = (claims: ResourceClaim[]): Map<string, Interval[]> => {
  const map = new Map<string, Interval[]>()
  for (const claim of claims) {
    map.set(claim.resource, [...(map.get(claim.resource) ?? []), ...claim.intervals])
  }
  return map
}

const sortedIntervals = (intervals: Interval[]): Interval[] =>
  [...intervals].sort((a, b) => a.start - b.start || a.end - b.end || a.units - b.units)

const byStreamName = (a: string, b: string): number => resourceStream(a).localeCompare(resourceStream(b))

const sameHolds = (a: ClaimHold[], b: ClaimHold[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => x.operation === b[i].operation && x.after === b[i].after && sameIntervals(x.intervals, b[i].intervals))

const idempotencyStream = (key: string): string =>
  `${IDEMPOTENCY_STREAM_PREFIX}${createHash('sha256').update(key).digest('hex')}`

const keyReused = () => new CommandRejected('invalid', 'idempotencyKey has already been used', 'idempotencyKey')

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The command handler: reads the streams a command touches, decides, appends with the
 * expected revisions and retries (bounded, jittered) when a concurrent writer got there first.
 * Every stream a decision read is checked by its append, including those it writes nothing to,
 * so a cached view can cost a retry but never change an outcome.
 *
 * Capacity lives on resource streams, so a booking claims every resource it needs. Where the
 * store appends to several streams atomically, claims and the reservation event go together.
 * Otherwise each operation adds a hold of its own on the resources first, then appends the
 * reservation event, then removes the holds it superseded: a crash leaves more held than
 * needed, never less, and `reconcileClaims` later sets it right.
 */
export class Ledger {
  private readonly clock: () => Date
  private readonly inFlight = new Map<string, Promise<void>>()
  private readonly maxAttempts: number

  constructor(private readonly deps: LedgerDeps) {
    this.clock = deps.clock ?? (() => new Date())
    this.maxAttempts = deps.maxAttempts ?? 30
  }

  get policy(): ReservationPolicy {
    return this.deps.policy
  }

  get store(): EventStore {
    return this.deps.store
  }

  cancel(reservationId: string, meta: CommandMeta): Promise<CommandOutcome> {
    return this.execute(
      { data: { reservationId, to: this.deps.policy.cancelledStatus }, type: 'ChangeReservationStatus' },
      meta,
    )
  }

  /**
   * Runs a reservation command to completion, or throws `CommandRejected`. Commands on one
   * reservation run one at a time in this process: on stores without atomic appends, two
   * interleaved commands could otherwise undo each other's claims while compensating.
   */
  execute(command: ReservationCommand, meta: CommandMeta, options: ExecuteOptions = {}): Promise<CommandOutcome> {
    const reservationId = command.data.reservationId
    const previous = this.inFlight.get(reservationId) ?? Promise.resolve()
    const run = previous.then(() => this.executeNow(command, meta, options))
    const settled = run.then(
      () => undefined,
      () => undefined,
    )
    this.inFlight.set(reservationId, settled)
    void settled.then(() => {
      if (this.inFlight.get(reservationId) === settled) {
        this.inFlight.delete(reservationId)
      }
    })
    return run
  }

  private async executeNow(command: ReservationCommand, meta: CommandMeta, options: ExecuteOptions): Promise<CommandOutcome> {
    const reservationId = command.data.reservationId
    for (let attempt = 1; ; attempt++) {
      // A booking names a fresh UUIDv7, so its stream is new: the append's expected revision
      // checks that, and only a retry after a conflict reads the stream.
      const { revision, state } =
        command.type === 'BookReservation' && attempt === 1
          ? { revision: NO_STREAM, state: foldReservation([]) }
          : await this.load(reservationId)
      const context: DecisionContext = { now: meta.now ?? this.clock(), privileged: meta.privileged }
      const decided = decideReservation(command, state, this.deps.policy, context)
      if (decided.length === 0) {
        return { events: [], revision, state }
      }
      const metadata = this.metadata(reservationId, meta, context.now)
      const next = decided.reduce((s, e) => evolveReservation(s, e, metadata), state)
      if (options.expectRevision !== undefined && revision !== options.expectRevision) {
        throw new CommandRejected('conflict', 'The reservation changed concurrently; try again')
      }
      await options.approve?.(next)
      const guard = await this.idempotencyGuard(command)
      try {
        const recorded = await this.commit({
          after: next,
          before: state,
          events: decided,
          guard,
          metadata,
          optimistic: attempt === 1,
          reservationId,
          revision,
        })
        return { events: recorded, revision: revision + recorded.length, state: next }
      } catch (error) {
        if (!isWrongExpectedRevision(error) || attempt >= this.maxAttempts) {
          if (isWrongExpectedRevision(error)) {
            throw new CommandRejected('conflict', 'The reservation changed concurrently; try again')
          }
          throw error
        }
        await pause(Math.random() * Math.min(50, 2 ** attempt))
      }
    }
  }

  /**
   * The idempotency stream a booking must claim, or null when it has no key or already
   * claimed it on an earlier attempt (the claim-one-by-one path appends it first).
   */
  private async idempotencyGuard(command: ReservationCommand): Promise<null | string> {
    const key = command.type === 'BookReservation' ? command.data.idempotencyKey : null
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
   * Capacity is still checked as each one commits. Returns the state they start from and lead to.
   */
  async precheck(
    reservationId: string,
    commands: ReservationCommand[],
    meta: CommandMeta,
  ): Promise<{ next: ReservationState; state: ReservationState }> {
    const { state } = await this.load(reservationId)
    const now = meta.now ?? this.clock()
    const context: DecisionContext = { now, privileged: meta.privileged }
    const metadata = this.metadata(reservationId, meta, now)
    let next = state
    for (const command of commands) {
      next = decideReservation(command, next, this.deps.policy, context).reduce(
        (evolved, event) => evolveReservation(evolved, event, metadata),
        next,
      )
    }
    return { next, state }
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
   * Brings a reservation's claims in line with its stream, in both directions: a claim larger
   * than its status holds (a crash between a claim and its release), and a blocking reservation
   * whose claim is missing or different. The caller passes only claims older than its grace
   * period. The reservation stream is fenced first (`ReservationAbandoned` for a booking that
   * never landed, `ReservationClaimsReconciled` otherwise), so a writer still in flight loses
   * its race and retries instead of relying on a repaired claim. A missing claim is recorded
   * even beyond capacity: the reservation stands, and availability must not offer its time
   * again. Returns what it repaired.
   */
  async reconcileClaims(reservationId: string, claimedOn: string[], meta: CommandMeta): Promise<ClaimRepair[]> {
    const now = meta.now ?? this.clock()
    const { revision, state } = await this.load(reservationId)
    const wanted = intervalsByResource(heldClaims(state, this.deps.policy.statusMachine))
    const planned = state.kind === 'active' || state.kind === 'deleted' ? state.reservation.claims : []
    const resources = [...new Set([...claimedOn, ...planned.map((claim) => claim.resource)])].sort(byStreamName)
    const repairs: ClaimRepair[] = []
    for (const resource of resources) {
      const held = (await this.deps.busy.current(resource)).state.index.intervalsOf(reservationId)
      const final = wanted.get(resource) ?? []
      if (!sameIntervals(sortedIntervals(held), sortedIntervals(final))) {
        repairs.push({ final, held, resource })
      }
    }
    if (repairs.length === 0) {
      return []
    }
    const metadata = this.metadata(reservationId, meta, now)
    const fence: ReservationEvent =
      state.kind === 'absent'
        ? { data: { reservationId }, type: 'ReservationAbandoned' }
        : { data: { reservationId }, type: 'ReservationClaimsReconciled' }
    try {
      await this.deps.store.append({
        events: this.withMetadata([fence], metadata),
        expectedRevision: revision,
        stream: reservationStream(reservationId),
      })
    } catch (error) {
      if (isWrongExpectedRevision(error)) {
        return []
      }
      throw error
    }
    const fenced = revision + 1
    for (const { final, resource } of repairs) {
      // Operations that read the fence are still in flight: their holds stay, and theirs to settle.
      await this.withRetry(() =>
        this.setHolds(reservationId, resource, metadata, (holds) => {
          const inFlight = holds.filter((hold) => hold.after >= fenced)
          if (inFlight.length === 0) {
            return final.length === 0 ? [] : [{ after: WHOLE_CLAIM, intervals: final, operation: '' }]
          }
          return [...(final.length === 0 ? [] : [{ after: fenced - 1, intervals: final, operation: `reconciled-${fenced}` }]), ...inFlight]
        }),
      )
    }
    return repairs
  }

  private async appendTo(
    stream: string,
    expectedRevision: number,
    events: LedgerEvent[],
    metadata: EventMetadata,
  ): Promise<AppendResult | null> {
    if (events.length === 0) {
      return null
    }
    const result = await this.deps.store.append({ events: this.withMetadata(events, metadata), expectedRevision, stream })
    this.deps.busy.applyCommitted(result.events)
    return result
  }

  private changes(before: ReservationState, after: ReservationState): ClaimChange[] {
    const machine = this.deps.policy.statusMachine
    const was = intervalsByResource(heldClaims(before, machine))
    const will = intervalsByResource(heldClaims(after, machine))
    const resources = [...new Set([...was.keys(), ...will.keys()])].sort(byStreamName)
    return resources.flatMap((resource) => {
      const old = was.get(resource) ?? []
      const final = will.get(resource) ?? []
      return sameIntervals(old, final) ? [] : [{ final, resource }]
    })
  }

  private claimPath(state: ReservationState, resource: string): string {
    if (state.kind !== 'active' || String(state.reservation.resource) === resource) {
      return 'startTime'
    }
    const index = state.reservation.items.findIndex((item) => String(item.resource) === resource)
    return index < 0 ? 'startTime' : `items.${index}.startTime`
  }

  private conflictAt(error: unknown, decision: Decision, resource: string): unknown {
    return isCommandRejected(error) && error.kind === 'conflict'
      ? new CommandRejected('conflict', error.message, this.claimPath(decision.after, resource))
      : error
  }

  private commit(decision: Decision): Promise<RecordedEvent<ReservationEvent>[]> {
    return this.deps.store.appendAtomically ? this.commitAtomically(decision) : this.commitOneByOne(decision)
  }

  private reservationAppend({ events, metadata, reservationId, revision }: Decision): AppendRequest {
    return { events: this.withMetadata(events, metadata), expectedRevision: revision, stream: reservationStream(reservationId) }
  }

  private guardAppend({ guard, metadata, reservationId }: Decision): AppendRequest | null {
    return guard
      ? {
          events: this.withMetadata([{ data: { reservationId }, type: 'IdempotencyKeyUsed' }], metadata),
          expectedRevision: NO_STREAM,
          stream: guard,
        }
      : null
  }

  /**
   * The claims, the idempotency guard and the reservation event, all-or-nothing. Every resource
   * stream the decision read is in the append with the revision it read, also where it writes
   * nothing there (a claim it found already held, a release already done): a stale view then
   * fails the append and the command decides again, instead of acting on what was true once.
   */
  private async commitAtomically(decision: Decision): Promise<RecordedEvent<ReservationEvent>[]> {
    const appendAtomically = this.deps.store.appendAtomically!.bind(this.deps.store)
    const claims: AppendRequest[] = []
    for (const change of this.changes(decision.before, decision.after)) {
      claims.push(await this.decideClaim(decision, change))
    }
    const guard = this.guardAppend(decision)
    const results = await appendAtomically([...(guard ? [guard] : []), ...claims, this.reservationAppend(decision)])
    results.forEach((result) => this.deps.busy.applyCommitted(result.events))
    return results[results.length - 1].events as RecordedEvent<ReservationEvent>[]
  }

  /**
   * Decides the claim on one resource, to append with the revision it was decided at. An
   * optimistic decision uses the state this process knows without reading the stream head (a
   * stale one makes the append fail and the command retry); a refusal is only ever given
   * against the head.
   */
  private async decideClaim(decision: Decision, { final, resource }: ClaimChange): Promise<AppendRequest> {
    const quantity = final.length === 0 ? 0 : await this.deps.capacityOf(resource)
    const known = decision.optimistic ? this.deps.busy.known(resource) : undefined
    for (const snapshot of [known, undefined]) {
      const { revision, state } = snapshot ?? (await this.deps.busy.current(resource))
      try {
        const command = { data: { intervals: final, quantity, reservationId: decision.reservationId }, type: 'SetCapacityClaim' } as const
        const events = decideCapacity(command, state)
        return { events: this.withMetadata(events, decision.metadata), expectedRevision: revision, stream: resourceStream(resource) }
      } catch (error) {
        if (snapshot === undefined) {
          throw this.conflictAt(error, decision, resource)
        }
      }
    }
    throw new Error('unreachable: the decision against the head returns or throws')
  }

  /**
   * For stores that append to one stream at a time. The operation first adds a hold of its
   * own on each resource it needs (in stream-name order; capacity checked at each head), then
   * appends the reservation event, then removes the holds of the operations decided before it.
   * When the reservation event is refused it removes only its own holds. A crash leaves more
   * held than needed, never less; `reconcileClaims` trims it.
   */
  private async commitOneByOne(decision: Decision): Promise<RecordedEvent<ReservationEvent>[]> {
    const { metadata, reservationId } = decision
    const operation = { after: decision.revision, operation: uuidv7() }
    const guard = this.guardAppend(decision)
    if (guard) {
      // A key, once appended, stays used: the spec rejects every reuse, even after a failure.
      await this.deps.store.append(guard).catch((error: unknown) => {
        throw isWrongExpectedRevision(error) ? keyReused() : error
      })
    }
    const changes = this.changes(decision.before, decision.after)
    const held: string[] = []
    /** Resources where nothing but this operation's hold was found: nothing to remove afterwards. */
    const alone = new Set<string>()
    let result: AppendResult
    try {
      for (const { final, resource } of changes.filter((change) => change.final.length > 0)) {
        const quantity = await this.deps.capacityOf(resource)
        await this.withRetry(() =>
          this.setHolds(reservationId, resource, metadata, (holds, state) => {
            try {
              checkCapacity(state, reservationId, final, quantity)
            } catch (error) {
              throw this.conflictAt(error, decision, resource)
            }
            if (holds.length === 0) {
              alone.add(resource)
            }
            return [...holds, { ...operation, intervals: final }]
          }),
        )
        held.push(resource)
      }
      result = await this.deps.store.append(this.reservationAppend(decision))
    } catch (error) {
      // Undo only on a definite refusal: any other error may come from an append that was in
      // fact written, and a booking must never hold less than its stream says.
      if (isWrongExpectedRevision(error) || isCommandRejected(error)) {
        for (const resource of held) {
          await this.withRetry(() =>
            this.setHolds(reservationId, resource, metadata, (holds) => holds.filter((hold) => hold.operation !== operation.operation)),
          )
        }
      }
      throw error
    }
    // Committed: what operations decided before this one held is superseded; later ones keep theirs.
    for (const { resource } of changes.filter((change) => !alone.has(change.resource))) {
      await this.withRetry(() =>
        this.setHolds(reservationId, resource, metadata, (holds) =>
          holds.filter((hold) => hold.operation === operation.operation || hold.after > operation.after),
        ),
      )
    }
    return result.events as RecordedEvent<ReservationEvent>[]
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

  /**
   * Rewrites a reservation's holds on a resource at the stream head: `change` gets what it holds
   * now (and the resource's state) and returns what it should hold; the same array means no change.
   */
  private async setHolds(
    reservationId: string,
    resource: string,
    metadata: EventMetadata,
    change: (holds: ClaimHold[], state: CapacityState) => ClaimHold[],
  ): Promise<void> {
    const snapshot = await this.deps.busy.current(resource)
    const holds = holdsOf(snapshot.state, reservationId)
    const next = change(holds, snapshot.state)
    if (sameHolds(next, holds)) {
      return
    }
    await this.appendTo(resourceStream(resource), snapshot.revision, [claimOfHolds(reservationId, next)], metadata)
  }

  private async withRetry<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation()
      } catch (error) {
        if (!isWrongExpectedRevision(error) || attempt >= this.maxAttempts) {
          throw error
        }
        await pause(Math.random() * Math.min(50, 2 ** attempt))
      }
    }
  }

  private withMetadata(events: LedgerEvent[], metadata: EventMetadata): NewEvent[] {
    return events.map((event) => ({ ...event, metadata }) as NewEvent)
  }
}

