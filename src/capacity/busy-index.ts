import type { CapacityStream } from '../events/capacity-streams.js'
import type { EventStore } from '../events/store.js'
import type { RecordedEvent, ResourceEvent } from '../events/types.js'

import { evolveCapacity, type CapacityState, initialCapacityState } from './capacity-decider.js'
import { IntervalIndex } from './interval-index.js'
import { KeyedQueue } from '../concurrency/keyed-queue.js'
import { capacityStream, monthsOf, parseCapacityStream } from '../events/capacity-streams.js'
import { NO_STREAM } from '../events/store.js'
import { isMovedToMonths, isResourceEvent, resourceStream } from '../events/types.js'

/** Events per read while hydrating. */
const PAGE = 1_000

export interface ResourceSnapshot {
  /** Revision of the month stream this state reflects. */
  revision: number
  state: CapacityState
}

/** A resource whose claims are still in the first layout, one stream for its whole history. */
export class LedgerLayoutError extends Error {
  constructor(resource: string) {
    super(`The claims of resource ${resource} are in the ledger's first layout (one stream per resource): run \`npx payload reserve:ledger migrate\``)
    this.name = 'LedgerLayoutError'
  }
}

/**
 * The busy-interval index: per resource and UTC month, the blocked intervals of every claim,
 * hydrated lazily from that month's stream when a decision or query first touches it, and kept
 * in memory. `current` reads only the events appended since the last call (one query that is
 * also the stream-head check), so a booking made by another process is seen by the next
 * decision or availability query. Nothing is read for months nobody asks about.
 */
export class BusyIndex {
  /** Month streams read from the store at least once (not only fed by this process). */
  private readonly hydrated = new Set<string>()
  /** Per resource, the check that its claims are not in the first layout. */
  private readonly layouts = new Map<string, Promise<void>>()
  private readonly queue = new KeyedQueue()
  /** Per month stream, the claims of this process being decided and appended (`claimingOn`). */
  private readonly claiming = new KeyedQueue()
  private readonly snapshots = new Map<string, ResourceSnapshot>()

  constructor(private readonly store: EventStore) {}

  /** Applies events this process knows are committed, when they are next in line. */
  applyCommitted(events: RecordedEvent[]): void {
    for (const event of events) {
      if (isResourceEvent(event) && parseCapacityStream(event.stream)) {
        this.apply(this.snapshot(event.stream), event)
      }
    }
  }

  /**
   * Another process's committed events: those on months held here are applied where they are
   * next in line, so a notice that carries them saves reading them. Others (a month not held,
   * one behind by more than these) are left to `advance`.
   */
  applyAnnounced(events: RecordedEvent[]): void {
    for (const event of events) {
      const snapshot = this.hydrated.has(event.stream) ? this.snapshots.get(event.stream) : undefined
      if (snapshot && isResourceEvent(event)) {
        this.apply(snapshot, event)
      }
    }
  }

  /** The month stream's state at its head. Calls for one stream are serialised. */
  current({ resource, stream }: CapacityStream): Promise<ResourceSnapshot> {
    return this.queue.run(stream, async () => {
      await this.checkLayout(resource)
      return this.refresh(stream)
    })
  }

  /**
   * Another process appended to `stream` up to `revision`: brings a month this process holds
   * up to its head now, so its next optimistic decision is not made on a stale view. Months
   * never read here are left alone (they hydrate when first asked about).
   */
  async advance(stream: string, revision: number): Promise<void> {
    const parsed = parseCapacityStream(stream)
    const known = this.snapshots.get(stream)
    if (parsed && known && this.hydrated.has(stream) && known.revision < revision) {
      await this.current(parsed)
    }
  }

  /**
   * Runs `task`, which decides claims on the month `streams` from what is known here and
   * appends them, while no other such task of this process runs on any of them. Two decisions
   * here on one month would otherwise both be made on the state before either append, and the
   * later append would fail and decide again. Streams are taken in name order, so two tasks
   * never wait for each other. Only an optimisation: the append still checks every revision.
   */
  claimingOn<T>(streams: string[], task: () => Promise<T>): Promise<T> {
    const [first, ...rest] = [...new Set(streams)].sort()
    return first === undefined ? task() : this.claiming.run(first, () => this.claimingOn(rest, task))
  }

  /**
   * The month stream's state as last read or appended here, without reading the stream head:
   * it may miss another process's latest events. For deciding optimistically; an append with
   * its revision then fails if it was stale. Undefined until the stream has been hydrated.
   */
  known({ stream }: CapacityStream): ResourceSnapshot | undefined {
    return this.hydrated.has(stream) ? this.snapshots.get(stream) : undefined
  }

  /**
   * The month stream's state once it is at `revision` or later: read only where this process
   * has not seen that far (`current`). For a check of events up to `revision`, whatever came
   * after them is the next check's.
   */
  atLeast(stream: CapacityStream, revision: number): Promise<ResourceSnapshot> {
    const seen = this.known(stream)
    return seen && seen.revision >= revision ? Promise.resolve(seen) : this.current(stream)
  }

  /**
   * Every claim on the resource reaching into `[from, to)`, each once, at the heads of the
   * months the range touches. A claim spanning months is in each of their streams.
   */
  async window(resource: string, from: number, to: number): Promise<IntervalIndex> {
    const months = await Promise.all(monthsOf(from, to).map((month) => this.current(capacityStream(resource, month))))
    if (months.length === 1) {
      return months[0].state.index
    }
    const merged = new IntervalIndex()
    const seen = new Set<string>()
    for (const { state } of months) {
      for (const { end, key, start, units } of state.index.overlapping(from, to)) {
        const id = `${key} ${start} ${end} ${units}`
        if (!seen.has(id)) {
          seen.add(id)
          merged.add(key, { end, start, units })
        }
      }
    }
    return merged
  }

  /** Forgets everything, so the next query hydrates from the ledger again. */
  reset(): void {
    this.snapshots.clear()
    this.hydrated.clear()
    this.layouts.clear()
  }

  private apply(snapshot: ResourceSnapshot, event: RecordedEvent<ResourceEvent>): void {
    if (event.revision === snapshot.revision + 1) {
      evolveCapacity(snapshot.state, event)
      snapshot.revision = event.revision
    }
  }

  /**
   * Refuses a resource whose old stream holds claims not yet moved to month streams: deciding
   * without them could double-book. One read per resource and process (two once migrated).
   */
  private checkLayout(resource: string): Promise<void> {
    let checked = this.layouts.get(resource)
    if (!checked) {
      checked = this.readLayout(resource)
      this.layouts.set(resource, checked)
      checked.catch(() => this.layouts.delete(resource))
    }
    return checked
  }

  private async readLayout(resource: string): Promise<void> {
    const old = resourceStream(resource)
    const revision = await this.store.streamRevision(old)
    if (revision === NO_STREAM) {
      return
    }
    const [last] = await this.store.readStream(old, revision, 1)
    if (!isMovedToMonths(last)) {
      throw new LedgerLayoutError(resource)
    }
  }

  private async refresh(stream: string): Promise<ResourceSnapshot> {
    const snapshot = this.snapshot(stream)
    // A page at a time: hydrating a long stream then holds one page of rows, not all of them.
    for (;;) {
      const from = snapshot.revision + 1
      const events = await this.store.readStream<ResourceEvent>(stream, from, PAGE)
      for (const event of events) {
        this.apply(snapshot, event)
      }
      if (events.length < PAGE || snapshot.revision < from) {
        break
      }
    }
    this.hydrated.add(stream)
    return snapshot
  }

  private snapshot(stream: string): ResourceSnapshot {
    let snapshot = this.snapshots.get(stream)
    if (!snapshot) {
      snapshot = { revision: NO_STREAM, state: initialCapacityState() }
      this.snapshots.set(stream, snapshot)
    }
    return snapshot
  }
}
