import type { Writable } from 'node:stream'

import type { EventStore } from '../events/store.js'
import type { LedgerSummary } from './format.js'
import type { ProgressListener } from './progress.js'

import { eventLine, headerLine, LEDGER_STREAM_PREFIX, trailerLine } from './format.js'
import { progressReporter } from './progress.js'
import { StreamRevisions } from './revisions.js'

export interface ExportOptions {
  /** Time written into the header. */
  now?: Date
  onProgress?: ProgressListener
  /** Report progress every this many events (default 1000). */
  progressEvery?: number
}

const PAGE = 1000

/** Resolves once `output` has taken the chunk, so a slow or failing disk holds the export back. */
const write = (output: Writable, chunk: string): Promise<void> =>
  new Promise((resolve, reject) => {
    output.write(chunk, (error) => (error ? reject(error) : resolve()))
  })

/**
 * Writes every event of the ledger's streams to `output` as a ledger file (see format.ts), in
 * the store's position order, a page at a time. It leaves `output` open: the caller owns it.
 *
 * Export from a ledger nobody writes to: a store whose positions may commit out of order
 * (the payload store) can otherwise hand over a stream with a gap, which this refuses, or
 * leave out the newest events.
 */
export const exportLedger = async (
  store: EventStore,
  output: Writable,
  { now = new Date(), onProgress = () => undefined, progressEvery = 1000 }: ExportOptions = {},
): Promise<LedgerSummary> => {
  const progress = progressReporter(progressEvery, onProgress)
  const revisions = new StreamRevisions()
  let events = 0
  await write(output, headerLine(store.kind, now))
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, limit: PAGE, streamPrefix: LEDGER_STREAM_PREFIX })
    let chunk = ''
    for (const event of page) {
      const problem = revisions.accept(event.stream, event.revision)
      if (problem) {
        throw new Error(`The ledger changed during the export or is damaged (${problem}); stop every writer and export again`)
      }
      chunk += eventLine(event)
      events++
    }
    if (chunk) {
      await write(output, chunk)
    }
    progress.update({ events, streams: revisions.streams })
    if (page.length < PAGE) {
      break
    }
    after = page[page.length - 1].position
  }
  const summary = { events, streams: revisions.streams }
  await write(output, trailerLine(summary))
  progress.finish(summary)
  return summary
}
