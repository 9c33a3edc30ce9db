import type { ChainHead } from './event-hash.js'

/** Streams whose heads one process remembers; beyond it the least recently used is forgotten. */
const DEFAULT_CAPACITY = 50_000

/**
 * The last event (revision and hash) this process saw of each recently used stream: what the
 * next append to it chains to without a read. An event at a given revision never changes, so
 * an entry is never wrong about its own revision; a newer head elsewhere only means an append
 * that expects this one will conflict, as it would anyway.
 */
export class ChainHeads {
  private readonly heads = new Map<string, ChainHead>()

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** Records a head unless a later one of the stream is known already. */
  advance(stream: string, head: ChainHead): void {
    const known = this.heads.get(stream)
    if (known && known.revision >= head.revision) {
      return
    }
    // Re-inserted, so that Map order is least recently used first.
    this.heads.delete(stream)
    this.heads.set(stream, head)
    if (this.heads.size > this.capacity) {
      this.heads.delete(this.heads.keys().next().value!)
    }
  }

  get(stream: string): ChainHead | undefined {
    return this.heads.get(stream)
  }
}
