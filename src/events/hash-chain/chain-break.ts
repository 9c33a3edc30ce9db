/**
 * What can be wrong with a stream's chain. Each stream is reported at its first break only:
 * after it, every later hash is in doubt anyway.
 */
export type ChainBreak =
  /** The event's content (data, metadata, type) does not give the hash it carries. */
  | { kind: 'altered'; revision: number; stream: string }
  /** The event carries a hash that matches it at another revision: events were moved or swapped. */
  | { kind: 'reordered'; revision: number; stream: string; writtenAt: number }
  /** The event is intact but chains to a predecessor other than the one at `revision - 1`. */
  | { kind: 'relinked'; revision: number; stream: string }
  /** Revision `revision` is missing while later ones exist. */
  | { kind: 'removed'; revision: number; stream: string }
  /** Two events hold revision `revision`. */
  | { kind: 'repeated'; revision: number; stream: string }
  /** The stream's event at the revision a checkpoint lists has another hash than the checkpoint's. */
  | { kind: 'diverged'; revision: number; stream: string }
  /** The stream ends at `revision` (-1: it has no events left) though a checkpoint lists `listed`. */
  | { kind: 'shortened'; listed: number; revision: number; stream: string }

/** One line a person can act on. */
export const describeBreak = (problem: ChainBreak): string => {
  const at = `${problem.stream} at revision ${problem.revision}`
  switch (problem.kind) {
    case 'altered':
      return `${at}: the event was changed after it was written (its data, metadata or type do not match its hash)`
    case 'reordered':
      return `${at}: this event was written at revision ${problem.writtenAt} (events were moved or swapped)`
    case 'relinked':
      return `${at}: the event before it is not the one it was written after (revision ${problem.revision - 1} was replaced)`
    case 'removed':
      return `${at}: the event is missing (removed), later revisions exist`
    case 'repeated':
      return `${at}: the revision is held by more than one event`
    case 'diverged':
      return `${at}: the event differs from the one the checkpoint recorded there`
    case 'shortened':
      return problem.revision < 0
        ? `${problem.stream}: the stream is missing, a checkpoint recorded it up to revision ${problem.listed}`
        : `${problem.stream}: the stream ends at revision ${problem.revision}, a checkpoint recorded it up to revision ${problem.listed} (events removed from its end)`
  }
}
