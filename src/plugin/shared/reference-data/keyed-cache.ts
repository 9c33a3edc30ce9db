/**
 * Values loaded by key, kept until they go stale in one of two ways:
 * - this process changed the record: `invalidate(key)` (called from collection hooks);
 * - another process changed it, which nothing here can observe: entries expire after `maxAgeMs`.
 *
 * A collection hook runs before the write's transaction commits, so a load racing it may read
 * the old row after the invalidation. Loads that start within `settleMs` of an invalidation of
 * their key are therefore served but not stored.
 */
export class KeyedCache<V> {
  readonly #entries = new Map<string, { loadedAt: number; value: V }>()
  readonly #invalidatedAt = new Map<string, number>()

  constructor(
    private readonly timing: { maxAgeMs: number; settleMs: number },
    private readonly clock: () => number = Date.now,
  ) {}

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
      if (entry && startedAt - entry.loadedAt < this.timing.maxAgeMs) {
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
      if (startedAt >= (this.#invalidatedAt.get(key) ?? -Infinity) + this.timing.settleMs) {
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
