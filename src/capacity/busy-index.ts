import type { EventStore } from '../events/store.js'
import type { RecordedEvent, ResourceEvent } from '../events/types.js'

import { evolveCapacity, type CapacityState, initialCapacityState } from './capacity-decider.js'
import { KeyedQueue } from '../concurrency/keyed-queue.js'
import { NO_STREAM } from '../events/store.js'
import { isResourceEvent, RESOURCE_STREAM_PREFIX, resourceStream } from '../events/types.js'

/** Events per read while hydrating. */
const PAGE = 1_000

export interface ResourceSnapshot {
  /** Revision of the resource stream this state reflects. */
  revision: number
  state: CapacityState
}

/**
 * The busy-interval index: per resource, the blocked intervals of every claim, hydrated from
 * the resource stream and kept in memory. `current` reads only the events appended since the
 * last call (one query that is also the stream-head check), so a booking made by another
 * process is seen by the next decision or availability query.
 */
export class BusyIndex {
  /** Resources whose snapshot was read from the store at least once (not only fed by this process). */
  private readonly hydrated = new Set<string>()
  private readonly queue = new KeyedQueue()
  private readonly snapshots = new Map<string, ResourceSnapshot>()

  constructor(private readonly store: EventStore) {}

  /** Applies events this process knows are committed, when they are next in line. */
  applyCommitted(events: RecordedEvent[]): void {
    for (const event of events) {
      if (isResourceEvent(event)) {
        const resourceId = event.stream.slice(RESOURCE_STREAM_PREFIX.length)
        this.apply(this.snapshot(resourceId), event)
      }
    }
  }

  /** The resource's state at the stream head. Calls for one resource are serialised. */
  current(resourceId: string): Promise<ResourceSnapshot> {
    return this.queue.run(resourceId, () => this.refresh(resourceId))
  }

  /**
   * The resource's state as last read or appended here, without reading the stream head: it
   * may miss another process's latest events. For deciding optimistically; an append with its
   * revision then fails if it was stale. Undefined until the resource has been hydrated.
   */
  known(resourceId: string): ResourceSnapshot | undefined {
    return this.hydrated.has(resourceId) ? this.snapshots.get(resourceId) : undefined
  }

  /** Forgets everything, so the next query hydrates from the ledger again. */
  reset(): void {
    this.snapshots.clear()
    this.hydrated.clear()
  }

  private apply(snapshot: ResourceSnapshot, event: RecordedEvent<ResourceEvent>): void {
    if (event.revision === snapshot.revision + 1) {
      evolveCapacity(snapshot.state, event)
      snapshot.revision = event.revision
    }
  }

  private async refresh(resourceId: string): Promise<ResourceSnapshot> {
    const snapshot = this.snapshot(resourceId)
    // A page at a time: hydrating a long stream then holds one page of rows, not all of them.
    for (;;) {
      const from = snapshot.revision + 1
      const events = await this.store.readStream<ResourceEvent>(resourceStream(resourceId), from, PAGE)
      for (const event of events) {
        this.apply(snapshot, event)
      }
      if (events.length < PAGE || snapshot.revision < from) {
        break
      }
    }
    this.hydrated.add(resourceId)
    return snapshot
  }

  private snapshot(resourceId: string): ResourceSnapshot {
    let snapshot = this.snapshots.get(resourceId)
    if (!snapshot) {
      snapshot = { revision: NO_STREAM, state: initialCapacityState() }
      this.snapshots.set(resourceId, snapshot)
    }
    return snapshot
  }
}
