import type { Readable } from 'node:stream'

import type { EventStore } from '../events/store.js'
import type { NewEvent } from '../events/types.js'
import type { LedgerEventLine, LedgerSummary } from './format.js'
import type { ProgressListener } from './progress.js'

import { isWrongExpectedRevision } from '../events/store.js'
import { LedgerFileError, LedgerImportError } from './errors.js'
import { LEDGER_STREAM_PREFIX } from './format.js'
import { progressReporter } from './progress.js'
import { readLedger } from './read.js'

export interface ImportOptions {
  /** Most events appended in one call (consecutive events of one stream go together). */
  batchSize?: number
  onProgress?: ProgressListener
  /** Report progress every this many events (default 1000). */
  progressEvery?: number
}

/**
 * Imports go into an empty ledger only. Merging two ledgers would need their streams to be
 * disjoint and their capacity claims to agree, which no import can check; a target with any
 * ledger event is refused, and the way to replace a ledger is to empty it first.
 */
export const assertEmptyLedger = async (store: EventStore): Promise<void> => {
  const [first] = await store.readAll({ limit: 1, streamPrefix: LEDGER_STREAM_PREFIX })
  if (first) {
    throw new LedgerImportError(
      `The target ledger (${store.kind}) already has events (${first.stream} among them); ` +
        'import only into an empty one',
    )
  }
}

const toNewEvent = ({ data, metadata, type }: LedgerEventLine): NewEvent => ({ data, metadata, type }) as NewEvent

/**
 * Appends a ledger file's events to an empty `store`, in file order, each at its exported
 * revision (expected revision = revision − 1, so a concurrent writer to the target fails the
 * import instead of interleaving). The target assigns its own event ids, positions and record
 * times; `metadata` (actor, decision time, reason) is kept as it was.
 *
 * It checks lines as it goes: a bad line stops it with the events before it written. Check a
 * file with `readLedger` first to write nothing from a bad one (`restoreLedger` does).
 */
export const importLedger = async (
  store: EventStore,
  input: Readable,
  { batchSize = 100, onProgress = () => undefined, progressEvery = 1000 }: ImportOptions = {},
): Promise<LedgerSummary> => {
  await assertEmptyLedger(store)
  const progress = progressReporter(progressEvery, onProgress)
  let batch: LedgerEventLine[] = []
  let batchLine = 0
  let events = 0
  let streams = 0

  const flush = async (): Promise<void> => {
    if (batch.length === 0) {
      return
    }
    const [{ revision, stream }] = batch
    try {
      await store.append({ events: batch.map(toNewEvent), expectedRevision: revision - 1, stream })
    } catch (error) {
      const reason = isWrongExpectedRevision(error)
        ? `stream ${stream} in the target is no longer at revision ${revision - 1}: something else writes to the target ledger`
        : (error as Error).message
      throw new LedgerImportError(
        `Import stopped at line ${batchLine} after ${events} events: ${reason}. ` +
          'The target now holds part of the ledger; empty it before importing again.',
        { cause: error },
      )
    }
    events += batch.length
    streams += batch.filter((event) => event.revision === 0).length
    batch = []
    progress.update({ events, streams })
  }

  try {
    await readLedger(input, async (event, line) => {
      if (batch.length > 0 && (batch[0].stream !== event.stream || batch.length >= batchSize)) {
        await flush()
      }
      if (batch.length === 0) {
        batchLine = line
      }
      batch.push(event)
    })
  } catch (error) {
    if (error instanceof LedgerFileError && events > 0) {
      throw new LedgerImportError(
        `Import stopped after ${events} events, the file is damaged at ${error.message}. ` +
          'The target now holds part of the ledger; empty it before importing again.',
        { cause: error },
      )
    }
    throw error
  }
  await flush()
  const summary = { events, streams }
  progress.finish(summary)
  return summary
}
