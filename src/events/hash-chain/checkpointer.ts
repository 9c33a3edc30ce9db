import type { EventStore } from '../store.js'
import type { LedgerCheckpointed, NewEvent, RecordedEvent, StoredEvent, StreamHead } from '../types.js'

import { retryOnConflict } from '../retry-on-conflict.js'
import { CHECKPOINT_STREAM, EVENT_SCHEMA_VERSION, LEDGER_STREAM_PREFIX } from '../types.js'
import { chainHashAt } from './hash-chained-store.js'

/** Where the checkpointer remembers how far it has read the ledger (a position of its store). */
export interface PositionStore {
  load(): Promise<string | undefined>
  save(position: string): Promise<void>
}

export interface CheckpointerOptions {
  /** How far before the saved position to re-read, for events a concurrent writer committed late. */
  lookbackMs: number
}

const PAGE = 1000
/** Heads per checkpoint event, so that no event grows with the ledger. */
const HEADS_PER_EVENT = 500
/** Streams a pass gathers before it writes them, so that a first pass over a large ledger stays bounded. */
const FLUSH_AT = 5000

const checkpointEvent = (heads: StreamHead[], at: string): NewEvent<LedgerCheckpointed> => ({
    data: { heads },
    metadata: {
      actor: { kind: 'system', name: 'checkpoint' },
      at,
      correlationId: CHECKPOINT_STREAM,
      schemaVersion: EVENT_SCHEMA_VERSION,
    },
    type: 'LedgerCheckpointed',
})

/**
 * Writes checkpoints of the hash chains to `reserve-checkpoints`: each lists the head
 * (revision and hash) of every stream whose head moved since the checkpoints before it, so
 * they stay small at any ledger size, and are themselves hash-chained. Verify folds them to
 * every stream's head as of the last one and reports streams missing or cut short since.
 *
 * A pass reads the ledger from its saved position (re-reading `lookbackMs` before it), so a
 * restart costs only what is new; the first pass reads it all. Passes of several processes may
 * overlap: each appends at the checkpoint stream's head, retrying on a conflict, and a head
 * listed twice costs a line, never correctness.
 */
export class Checkpointer {
  /** Heads this process listed recently, not to list them again on the next look-back. */
  private readonly listed = new Map<string, number>()
  private running: null | Promise<number> = null

  constructor(
    /** The hash-chained store: checkpoints are appended through it like every event. */
    private readonly store: EventStore,
    private readonly positions: PositionStore,
    private readonly options: CheckpointerOptions,
    private readonly clock: () => number = Date.now,
  ) {}

  /** One pass; concurrent callers share the one in progress. Resolves to the heads it recorded. */
  run(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null
    })
    return this.running
  }

  async settle(): Promise<void> {
    await Promise.allSettled([this.running])
  }

  private async pass(): Promise<number> {
    const saved = await this.positions.load()
    const seen = new Map<string, number>()
    let gathered = new Map<string, RecordedEvent>()
    let recorded = 0
    let reached = saved
    let after = saved === undefined ? undefined : this.store.rewind(saved, this.options.lookbackMs)
    for (;;) {
      const page = await this.store.readAll({ after, limit: PAGE, streamPrefix: LEDGER_STREAM_PREFIX })
      for (const event of page) {
        const known = gathered.get(event.stream)
        if (event.stream !== CHECKPOINT_STREAM && (!known || known.revision < event.revision)) {
          gathered.set(event.stream, event)
        }
      }
      after = page[page.length - 1]?.position ?? after
      if (page.length < PAGE || gathered.size >= FLUSH_AT) {
        recorded += await this.record(gathered, seen)
        gathered = new Map()
        if (after !== undefined && (reached === undefined || after > reached)) {
          reached = after
          await this.positions.save(reached)
        }
      }
      if (page.length < PAGE) {
        break
      }
    }
    this.listed.clear()
    for (const [stream, revision] of seen) {
      this.listed.set(stream, revision)
    }
    return recorded
  }

  /** Appends the heads not listed already; notes in `seen` every head gathered. */
  private async record(gathered: Map<string, RecordedEvent>, seen: Map<string, number>): Promise<number> {
    const heads: StreamHead[] = []
    for (const [stream, { metadata, revision }] of gathered) {
      seen.set(stream, revision)
      if ((this.listed.get(stream) ?? -1) >= revision) {
        continue
      }
      const hash = metadata.hash ?? (await chainHashAt(this.store, stream, revision))
      if (hash !== undefined) {
        heads.push({ hash, revision, stream })
      }
    }
    if (heads.length === 0) {
      return 0
    }
    const at = new Date(this.clock()).toISOString()
    const events: NewEvent<StoredEvent>[] = []
    for (let from = 0; from < heads.length; from += HEADS_PER_EVENT) {
      events.push(checkpointEvent(heads.slice(from, from + HEADS_PER_EVENT), at))
    }
    await retryOnConflict(10, async () =>
      this.store.append({ events, expectedRevision: await this.store.streamRevision(CHECKPOINT_STREAM), stream: CHECKPOINT_STREAM }),
    )
    return heads.length
  }
}
