/**
 * Checks that each stream's events arrive as revisions 0, 1, 2, … with none missing or
 * repeated: what an import needs to append each event at its own revision, and what tells an
 * export that the ledger changed under it.
 */
export class StreamRevisions {
  private readonly next = new Map<string, number>()

  /** Distinct streams seen so far. */
  get streams(): number {
    return this.next.size
  }

  /** Takes the next event of `stream`; returns what is wrong with its revision, if anything. */
  accept(stream: string, revision: number): string | undefined {
    const expected = this.next.get(stream) ?? 0
    if (revision !== expected) {
      return expected === 0
        ? `stream ${stream} starts at revision ${revision}, not 0`
        : `stream ${stream} goes from revision ${expected - 1} to ${revision}`
    }
    this.next.set(stream, expected + 1)
    return undefined
  }
}
