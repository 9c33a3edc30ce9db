import type { EventStore } from '../events/store.js'
import type { EventMetadata, NewEvent, RecordedEvent, WaitlistEvent } from '../events/types.js'
import type { CommandMeta } from './ledger.js'

import { retryOnConflict } from '../events/retry-on-conflict.js'
import { EVENT_SCHEMA_VERSION, waitlistStream } from '../events/types.js'
import { decideWaitlist, evolveWaitlist, foldWaitlist, type WaitlistCommand, type WaitlistState } from './waitlist-decider.js'

/** A waitlist stream read: its events, what they fold to, and the revision to append at. */
export interface WaitlistView {
  events: RecordedEvent[]
  revision: number
  state: WaitlistState
}

const MAX_ATTEMPTS = 10

/**
 * The waitlist's command handler: reads an entry's stream, decides (`decideWaitlist`), and appends
 * at the revision it read; a stream that moved meanwhile is read and decided again. So an entry
 * is offered once however many processes try: the second offer is decided against the first.
 */
export class WaitlistLedger {
  constructor(
    private readonly store: Pick<EventStore, 'append' | 'readStream'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async load(entryId: string): Promise<WaitlistView> {
    const events = await this.store.readStream(waitlistStream(entryId))
    return { events, revision: events.length - 1, state: foldWaitlist(events as unknown as Array<RecordedEvent & WaitlistEvent>) }
  }

  /** Decides and appends `command`; returns the events appended (none when nothing was to change) and the new state. */
  async execute(command: WaitlistCommand, meta: CommandMeta): Promise<{ events: WaitlistEvent[]; state: WaitlistState }> {
    const now = meta.now ?? this.clock()
    const { entryId } = command.data
    return retryOnConflict(MAX_ATTEMPTS, async () => {
      const { revision, state } = await this.load(entryId)
      const events = decideWaitlist(command, state, { now, privileged: meta.privileged })
      if (events.length === 0) {
        return { events, state }
      }
      const metadata = metadataOf(entryId, meta, now)
      // Waitlist events are not reservation events; the store takes them as it takes checkpoints.
      const appended = events.map((event) => ({ ...event, metadata }) as unknown as NewEvent)
      await this.store.append({ events: appended, expectedRevision: revision, stream: waitlistStream(entryId) })
      return { events, state: events.reduce((next, event) => evolveWaitlist(next, { ...event, metadata }), state) }
    })
  }
}

const metadataOf = (entryId: string, meta: CommandMeta, now: Date): EventMetadata => ({
  actor: meta.actor,
  at: now.toISOString(),
  correlationId: entryId,
  ...(meta.reason ? { reason: meta.reason } : {}),
  ...(meta.requestId ? { requestId: meta.requestId } : {}),
  schemaVersion: EVENT_SCHEMA_VERSION,
})
