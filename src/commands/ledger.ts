import { createHash } from 'node:crypto'

import type { AppendRequest, AppendResult, EventStore } from '../events/store.js'
import type {
  Actor,
  EventMetadata,
  Interval,
  LedgerEvent,
  NewEvent,
  RecordedEvent,
  ReservationEvent,
  ResourceClaim,
  ResourceEvent,
} from '../events/types.js'
import type { BusyIndex } from '../projections/busy-index.js'

import { isWrongExpectedRevision, NO_STREAM } from '../events/store.js'
import { EVENT_SCHEMA_VERSION, IDEMPOTENCY_STREAM_PREFIX, reservationStream, resourceStream } from '../events/types.js'
import { decideCapacity } from './capacity-decider.js'
import { CommandRejected, isCommandRejected } from './rejection.js'
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

const intervalsByResource = (claims: ResourceClaim[]): Map<string, Interval[]> => {
  const map = new Map<string, Interval[]>()
  for (const claim of claims) {
    map.set(claim.resource, [...(map.get(claim.resource) ?? []), ...claim.intervals])
  }
  return map
}

const sameIntervals = (a: Interval[], b: Interval[]): boolean => JSON.stringify(a) === JSON.stringify(b)

const union = (a: Interval[], b: Interval[]): Interval[] => [
  ...a,
  ...b.filter((x) => !a.some((y) => y.start === x.start && y.end === x.end && y.units === x.units)),
]

const idempotencyStream = (key: string): string =>
  `${IDEMPOTENCY_STREAM_PREFIX}${createHash('sha256').update(key).digest('hex')}`

const keyReused = () => new CommandRejected('invalid', 'idempotencyKey has already been used', 'idempotencyKey')

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The command handler: reads the streams a command touches, decides, appends with the
 * expected revisions and retries (bounded, jittered) when a concurrent writer got there first.
 *
 * Capacity lives on resource streams, so a booking claims every resource it needs. Where the
 * store appends to several streams atomically, claims and the reservation event go together.
 * Otherwise claims are made first in stream-name order (growing what is held), then the
 * reservation event, then releases (shrinking it): a crash leaves more held than needed, never
 * less, and `reconcileClaims` later trims it.
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
  execute(command: ReservationCommand, meta: CommandMeta): Promise<CommandOutcome> {
    const reservationId = command.data.reservationId
    const previous = this.inFlight.get(reservationId) ?? Promise.resolve()
    const run = previous.then(() => this.executeNow(command, meta))
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

  private async executeNow(command: ReservationCommand, meta: CommandMeta): Promise<CommandOutcome> {
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
      const guard = await this.idempotencyGuard(command)
      try {
        const recorded = await this.commit(reservationId, state, next, revision, decided, metadata, guard, attempt === 1)
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
   * Capacity is still checked as each one commits.
   */
  async precheck(reservationId: string, commands: ReservationCommand[], meta: CommandMeta): Promise<void> {
    let { state } = await this.load(reservationId)
    const now = meta.now ?? this.clock()
    const context: DecisionContext = { now, privileged: meta.privileged }
    const metadata = this.metadata(reservationId, meta, now)
    for (const command of commands) {
      state = decideReservation(command, state, this.deps.policy, context).reduce(
        (next, event) => evolveReservation(next, event, metadata),
        state,
      )
    }
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
   * Brings a reservation's claims in line with its stream after a crash left them larger than
   * its status holds (see the class comment). The caller passes only claims older than its
   * grace period. The reservation stream is fenced first (`ReservationAbandoned` for a booking
   * that never landed, `ReservationClaimsReconciled` otherwise), so a writer still in flight
   * loses its race and retries instead of relying on a trimmed claim. Returns the resources
   * trimmed.
   */
  async reconcileClaims(reservationId: string, claimedOn: string[], meta: CommandMeta): Promise<string[]> {
    const now = meta.now ?? this.clock()
    const { revision, state } = await this.load(reservationId)
    const wanted = intervalsByResource(heldClaims(state, this.deps.policy.statusMachine))
    const planned = state.kind === 'active' || state.kind === 'deleted' ? state.reservation.claims : []
    const resources = [...new Set([...claimedOn, ...planned.map((claim) => claim.resource)])]
    const excess: Array<{ final: Interval[]; resource: string }> = []
    for (const resource of resources) {
      const held = (await this.deps.busy.current(resource)).state.index.intervalsOf(reservationId)
      const final = wanted.get(resource) ?? []
      if (!sameIntervals(held, final) && final.every((x) => held.some((y) => sameIntervals([x], [y])))) {
        excess.push({ final, resource })
      }
    }
    if (excess.length === 0) {
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
    for (const { final, resource } of excess) {
      await this.withRetry(() => this.shrink(reservationId, resource, final, metadata))
    }
    return excess.map(({ resource }) => resource)
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
    const resources = [...new Set([...was.keys(), ...will.keys()])].sort((a, b) =>
      resourceStream(a).localeCompare(resourceStream(b)),
    )
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

  private async commit(
    reservationId: string,
    before: ReservationState,
    after: ReservationState,
    revision: number,
    decided: ReservationEvent[],
    metadata: EventMetadata,
    guard: null | string,
    optimistic: boolean,
  ): Promise<RecordedEvent<ReservationEvent>[]> {
    const store = this.deps.store
    const changes = this.changes(before, after)
    const guardAppend: AppendRequest | null = guard
      ? {
          events: this.withMetadata([{ data: { reservationId }, type: 'IdempotencyKeyUsed' }], metadata),
          expectedRevision: NO_STREAM,
          stream: guard,
        }
      : null
    const reservationAppend: AppendRequest = {
      events: this.withMetadata(decided, metadata),
      expectedRevision: revision,
      stream: reservationStream(reservationId),
    }

    if (store.appendAtomically) {
      const claims: AppendRequest[] = []
      for (const change of changes) {
        const { request } = await this.decideClaim(reservationId, change.resource, change.final, after, metadata, {
          grow: false,
          optimistic,
        })
        if (request) {
          claims.push(request)
        }
      }
      const results = await store.appendAtomically([...(guardAppend ? [guardAppend] : []), ...claims, reservationAppend])
      results.forEach((result) => this.deps.busy.applyCommitted(result.events))
      return results[results.length - 1].events as RecordedEvent<ReservationEvent>[]
    }

    // Grow first, in stream order; undo the growth if the reservation event loses its race.
    const machine = this.deps.policy.statusMachine
    const was = intervalsByResource(heldClaims(before, machine))
    const grown: ClaimChange[] = []
    /** Resources where what was recorded is exactly `final`: nothing to shrink after the commit. */
    const exact = new Set<string>()
    if (guardAppend) {
      // A key, once appended, stays used: the spec rejects every reuse, even after a failure.
      await store.append(guardAppend).catch((error: unknown) => {
        throw isWrongExpectedRevision(error) ? keyReused() : error
      })
    }
    let result: AppendResult
    try {
      for (const change of changes) {
        await this.withRetry(async () => {
          const { held, request } = await this.decideClaim(reservationId, change.resource, change.final, after, metadata, {
            grow: true,
            optimistic: false,
          })
          if (request) {
            this.deps.busy.applyCommitted((await store.append(request)).events)
          }
          if (sameIntervals(union(held, change.final), change.final)) {
            exact.add(change.resource)
          }
        })
        grown.push(change)
      }
      result = await store.append(reservationAppend)
    } catch (error) {
      // Undo the growth only on a definite refusal: any other error may come from an append
      // that was in fact written, and a booking must never hold less than its stream says.
      // Extra holds are trimmed by `reconcileClaims`.
      if (isWrongExpectedRevision(error) || isCommandRejected(error)) {
        for (const change of grown) {
          await this.withRetry(() => this.shrink(reservationId, change.resource, was.get(change.resource) ?? [], metadata))
        }
      }
      throw error
    }
    // Committed: a failure from here on leaves extra capacity held, which recovery trims.
    for (const change of changes.filter(({ resource }) => !exact.has(resource))) {
      await this.withRetry(() => this.shrink(reservationId, change.resource, change.final, metadata))
    }
    return result.events as RecordedEvent<ReservationEvent>[]
  }

  /**
   * Decides the claim on one resource at its current head: that `final` fits within capacity,
   * and what to record. Atomic commits record `final`; the claim-one-by-one path `grow`s,
   * recording what is held now plus `final`, so it never takes away what is already held.
   * `optimistic` decides on the state this process knows without reading the stream head (a
   * stale one makes the append fail and the command retry); a refusal is only ever given
   * against the head.
   */
  private async decideClaim(
    reservationId: string,
    resource: string,
    final: Interval[],
    state: ReservationState,
    metadata: EventMetadata,
    { grow, optimistic }: { grow: boolean; optimistic: boolean },
  ): Promise<{ held: Interval[]; request: AppendRequest | null }> {
    const quantity = final.length === 0 ? 0 : await this.deps.capacityOf(resource)
    const known = optimistic ? this.deps.busy.known(resource) : undefined
    const snapshot = known ?? (await this.deps.busy.current(resource))
    const revision = snapshot.revision
    let events: ResourceEvent[]
    try {
      events = decideCapacity({ data: { intervals: final, quantity, reservationId }, type: 'SetCapacityClaim' }, snapshot.state)
    } catch (error) {
      if (known) {
        return this.decideClaim(reservationId, resource, final, state, metadata, { grow, optimistic: false })
      }
      if (isCommandRejected(error) && error.kind === 'conflict') {
        throw new CommandRejected('conflict', error.message, this.claimPath(state, resource))
      }
      throw error
    }
    const held = snapshot.state.index.intervalsOf(reservationId)
    if (grow) {
      const grown = union(held, final)
      events = sameIntervals(grown, held) ? [] : [{ data: { intervals: grown, reservationId }, type: 'CapacityClaimed' }]
    }
    if (events.length === 0) {
      return { held, request: null }
    }
    return {
      held,
      request: { events: this.withMetadata(events, metadata), expectedRevision: revision, stream: resourceStream(resource) },
    }
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

  /** Reduces what a reservation holds on a resource to `final` (never needs capacity). */
  private async shrink(reservationId: string, resource: string, final: Interval[], metadata: EventMetadata) {
    const snapshot = await this.deps.busy.current(resource)
    const held = snapshot.state.index.intervalsOf(reservationId)
    if (sameIntervals(held, final)) {
      return
    }
    if (!final.every((x) => held.some((y) => sameIntervals([x], [y])))) {
      throw new Error(`Claim of ${reservationId} on ${resource} is not a superset of what it keeps`)
    }
    const events: ResourceEvent[] =
      final.length === 0
        ? [{ data: { reservationId }, type: 'CapacityReleased' }]
        : [{ data: { intervals: final, reservationId }, type: 'CapacityClaimed' }]
    await this.appendTo(resourceStream(resource), snapshot.revision, events, metadata)
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

