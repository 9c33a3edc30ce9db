/**
 * Values loaded by key, kept until they go stale in one of two ways:
 * - this process changed the record: `invalidate(key)` (called from collection hooks);
 * - another process changed it: `clear()` when its notice arrives (PostgreSQL), and entries
 *   expire after `maxAgeMs` for changes no notice announced.
 *
 * A collection hook runs before the write's transaction commits, so a load racing it may read
 * the old row after the invalidation. Loads that start within `settleMs` of an invalidation of
 * their key are therefore served but not stored.
 */
export class KeyedCache<V> {
  readonly #entries = new Map<string, { loadedAt: number; value: V }>()
  readonly #invalidatedAt = new Map<string, number>()
  /** When everything was last dropped: a load that started before may hold what changed. */
  #clearedAt = -Infinity
  #maxAgeMs: number

  constructor(
    private readonly timing: { maxAgeMs: number; settleMs: number },
    private readonly clock: () => number = Date.now,
  ) {
    this.#maxAgeMs = timing.maxAgeMs
  }

  /** Drops every entry (another process changed something, or may have unannounced). */
  clear(): void {
    this.#entries.clear()
    this.#clearedAt = this.clock()
  }

  /** How long an entry is served from now on. */
  expireAfter(maxAgeMs: number): void {
    this.#maxAgeMs = maxAgeMs
  }

  /**
   * The values of `keys`, loading the missing or stale ones with one call of `load`. Keys the
   * loader does not return are absent from the result and not remembered (a record may be
   * created in another process at any moment).
   */
  async getMany(keys: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const startedAt = this.clock()
    const found = new Map<string, V>()
    const missing: string[] = []
    for (const key of new Set(keys)) {
      const entry = this.#entries.get(key)
      if (entry && startedAt - entry.loadedAt < this.#maxAgeMs) {
        found.set(key, entry.value)
      } else {
        missing.push(key)
      }
    }
    if (missing.length === 0) {
      return found
    }
    const loaded = await load(missing)
    for (const key of missing) {
      if (!loaded.has(key)) {
        continue
      }
      const value = loaded.get(key) as V
      found.set(key, value)
      if (startedAt > this.#clearedAt && startedAt >= (this.#invalidatedAt.get(key) ?? -Infinity) + this.timing.settleMs) {
        this.#entries.set(key, { loadedAt: startedAt, value })
      }
    }
    return found
  }

  invalidate(key: string): void {
    this.#entries.delete(key)
    this.#invalidatedAt.set(key, this.clock())
  }
}
