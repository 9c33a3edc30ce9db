import type { EventMetadata, LedgerCheckpointed, StreamHead } from '../types.js'
import type { ChainBreak } from './chain-break.js'
import type { HashedContent } from './event-hash.js'

import { CHECKPOINT_STREAM } from '../types.js'
import { eventHash } from './event-hash.js'

export type { ChainBreak } from './chain-break.js'

/** How far from its place a moved event is looked for, each way. */
const MOVE_SEARCH = 16
/** Events held waiting for a missing revision before the stream is reported broken there. */
const MAX_PENDING = 10_000

interface StreamState {
  /** Hash of revision `next - 1`; `null` before revision 0. */
  hash: null | string
  next: number
  /** Events that arrived before a revision they follow (a store's positions may differ from revision order). */
  pending?: Map<number, HashedContent>
}

export interface ChainReport {
  breaks: ChainBreak[]
  /** The last checkpoint read (its revision, hash and time): keep its hash elsewhere to anchor the ledger. */
  checkpoint: { at: string; hash: string; revision: number } | null
  /** Streams a checkpoint lists. */
  checkpointed: number
  events: number
  /** Events without a hash of their own (written before hashing began): verified by their successors and checkpoints. */
  unhashed: number
  streams: number
}

/**
 * Verifies hash chains from events handed to it one at a time, in any order across streams
 * and, within a stream, in revision order up to a bounded reordering. Checkpoint events
 * (`reserve-checkpoints`) it checks as a chain like any other and folds, each stream to the
 * highest revision listed: the event there must have the listed hash, and at the end every
 * listed stream must reach that revision. Hand it the checkpoint stream first where possible:
 * then every listed revision is compared as it passes, not only the streams' last ones.
 *
 * Pure: no I/O, no clock. Memory is a few fields per stream.
 */
export class ChainVerifier {
  private readonly broken = new Map<string, ChainBreak>()
  private checkpoint: ChainReport['checkpoint'] = null
  private events = 0
  private readonly listed = new Map<string, Omit<StreamHead, 'stream'>>()
  private readonly states = new Map<string, StreamState>()
  private unhashed = 0

  /** Streams the checkpoints read so far list. */
  get checkpointed(): number {
    return this.listed.size
  }

  /** Streams seen so far. */
  get streams(): number {
    return this.states.size
  }

  accept(event: HashedContent): void {
    this.events++
    const { revision, stream } = event
    if (this.broken.has(stream)) {
      return
    }
    const state = this.states.get(stream) ?? { hash: null, next: 0 }
    this.states.set(stream, state)
    if (revision < state.next || state.pending?.has(revision)) {
      this.fail({ kind: 'repeated', revision, stream })
    } else if (revision > state.next) {
      state.pending ??= new Map()
      state.pending.set(revision, event)
      if (state.pending.size > MAX_PENDING) {
        this.fail({ kind: 'removed', revision: state.next, stream })
      }
    } else {
      this.link(state, event)
      for (let next = state.pending?.get(state.next); next && !this.broken.has(stream); next = state.pending?.get(state.next)) {
        state.pending!.delete(state.next)
        this.link(state, next)
      }
    }
  }

  /** The report once every event was handed over. */
  finish(): ChainReport {
    for (const [stream, state] of this.states) {
      if (!this.broken.has(stream) && state.pending?.size) {
        this.fail({ kind: 'removed', revision: state.next, stream })
      }
    }
    for (const [stream, { hash, revision }] of this.listed) {
      const state = this.states.get(stream)
      const head = state ? state.next - 1 : -1
      if (this.broken.has(stream)) {
        continue
      }
      if (head < revision) {
        this.fail({ kind: 'shortened', listed: revision, revision: head, stream })
      } else if (head === revision && state!.hash !== hash) {
        this.fail({ kind: 'diverged', revision, stream })
      }
    }
    return {
      breaks: [...this.broken.values()],
      checkpoint: this.checkpoint,
      checkpointed: this.listed.size,
      events: this.events,
      streams: this.states.size,
      unhashed: this.unhashed,
    }
  }

  private fail(problem: ChainBreak): void {
    if (!this.broken.has(problem.stream)) {
      this.broken.set(problem.stream, problem)
    }
  }

  /** Folds a checkpoint's heads in: the highest revision listed of each stream counts. */
  private fold({ heads }: LedgerCheckpointed['data']): void {
    for (const { hash, revision, stream } of heads) {
      const known = this.listed.get(stream)
      if (!known || known.revision < revision) {
        this.listed.set(stream, { hash, revision })
        const state = this.states.get(stream)
        // Already passed: compare now, as the chain went by before the checkpoint was read.
        if (state && state.next - 1 === revision && state.hash !== hash && !this.broken.has(stream)) {
          this.fail({ kind: 'diverged', revision, stream })
        }
      }
    }
  }

  /** The chain hash of `event`, which is the next of its stream, or the break it shows. */
  private hashOf(state: StreamState, event: HashedContent): ChainBreak | string {
    const { metadata, revision, stream } = event
    if (metadata.hash === undefined) {
      this.unhashed++
      return eventHash(event, state.hash)
    }
    const claimed = Object.hasOwn(metadata, 'previousHash') ? (metadata.previousHash ?? null) : state.hash
    if (eventHash(event, claimed) !== metadata.hash) {
      const writtenAt = movedFrom(event, claimed, metadata)
      return writtenAt === undefined ? { kind: 'altered', revision, stream } : { kind: 'reordered', revision, stream, writtenAt }
    }
    return claimed === state.hash ? metadata.hash : { kind: 'relinked', revision, stream }
  }

  private link(state: StreamState, event: HashedContent): void {
    const { revision, stream } = event
    const hash = this.hashOf(state, event)
    if (typeof hash !== 'string') {
      this.fail(hash)
      return
    }
    const listed = this.listed.get(stream)
    if (listed?.revision === revision && listed.hash !== hash) {
      this.fail({ kind: 'diverged', revision, stream })
      return
    }
    state.hash = hash
    state.next = revision + 1
    if (stream === CHECKPOINT_STREAM && event.type === 'LedgerCheckpointed') {
      this.fold(event.data as LedgerCheckpointed['data'])
      this.checkpoint = { at: event.metadata.at, hash, revision }
    }
  }
}

/** The revision near its own at which `event` gives the hash it carries, if any. */
const movedFrom = (event: HashedContent, previousHash: null | string, { hash }: EventMetadata): number | undefined => {
  for (let distance = 1; distance <= MOVE_SEARCH; distance++) {
    for (const revision of [event.revision - distance, event.revision + distance]) {
      if (revision >= 0 && eventHash({ ...event, revision }, previousHash) === hash) {
        return revision
      }
    }
  }
  return undefined
}
