/** Wait before opening the change stream again once it failed beyond the driver's own resuming. */
const REOPEN_MS = 1_000
/** MongoDB's answer to a change stream on a server that is not a replica set: opening again will not help. */
const CHANGE_STREAMS_UNSUPPORTED = 40_573

/** One change of a watched collection, as the driver delivers it. */
export interface Change {
  /** The inserted or replaced document (the change stream's default for inserts). */
  fullDocument?: Record<string, unknown>
  ns?: { coll?: string }
  operationType: string
}

/** The driver calls used here: a change stream, iterated, that the driver resumes across elections. */
export interface ChangeStream extends AsyncIterable<Change> {
  close(): Promise<void>
  tryNext(): Promise<Change | null>
}

/** The driver's database, as @payloadcms/db-mongodb's mongoose connection holds it. */
export interface Watchable {
  watch(pipeline: object[]): ChangeStream
}

export interface Watching {
  /** Each collection's handler of a change to it. */
  collections: ReadonlyMap<string, (change: Change) => void>
  /**
   * Told `true` once the stream is open, `false` when it fails: changes made in between are not
   * delivered, so whatever they would have refreshed must be refreshed otherwise.
   */
  onWatching(watching: boolean): void
  report(error: unknown): void
  /** Told once, instead of `report`, that the server has no change streams (not a replica set). */
  unavailable(error: unknown): void
}

const unsupported = (error: unknown) => (error as { code?: unknown } | undefined)?.code === CHANGE_STREAMS_UNSUPPORTED

/**
 * Follows `collections` of a MongoDB database through one change stream filtered by `match`,
 * opening it again when it fails; the MongoDB counterpart of `listen`. A server that is not a
 * replica set has no change streams: that is said once (`unavailable`) and nothing more is
 * tried. Returns what stops it.
 */
export const watchChanges = (db: Watchable, match: object, { collections, onWatching, report, unavailable }: Watching): (() => Promise<void>) => {
  let stream: ChangeStream | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const deliver = (change: Change) => {
    try {
      collections.get(change.ns?.coll ?? '')?.(change)
    } catch (error) {
      report(error)
    }
  }
  const open = async () => {
    let opened: ChangeStream | undefined
    let watching = false
    let failure: unknown
    try {
      opened = db.watch([{ $match: match }])
      stream = opened
      // The first try runs the aggregate that opens the stream: every change after it is delivered.
      const first = await opened.tryNext()
      if (stopped) {
        return
      }
      watching = true
      onWatching(true)
      if (first) {
        deliver(first)
      }
      for await (const change of opened) {
        deliver(change)
      }
    } catch (error) {
      failure = error
    }
    if (stopped) {
      return
    }
    // Failed, or ended without being stopped (its connection closed): open it again.
    if (watching) {
      onWatching(false)
    }
    await opened?.close().catch(() => undefined)
    if (unsupported(failure)) {
      unavailable(failure)
      return
    }
    if (failure !== undefined) {
      report(failure)
    }
    timer = setTimeout(() => void open(), REOPEN_MS)
    timer.unref()
  }
  void open()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await stream?.close().catch(() => undefined)
  }
}
