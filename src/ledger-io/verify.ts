import type { EventStore } from '../events/store.js'
import type { ChainReport } from '../events/hash-chain/chain-verifier.js'
import type { LedgerProgress } from './format.js'
import type { ProgressListener } from './progress.js'

import { ChainVerifier } from '../events/hash-chain/chain-verifier.js'
import { CHECKPOINT_STREAM } from '../events/types.js'
import { LEDGER_STREAM_PREFIX } from './format.js'
import { progressReporter } from './progress.js'

export interface VerifyProgress extends LedgerProgress {
  /** Whether the walk is over (then `streams` is `total`). */
  done: boolean
  /**
   * Streams the walk expects: those the checkpoints list and their own, or the streams seen
   * once more were (streams begun since the last checkpoint); at the end, the streams seen.
   */
  total: number
}

export interface VerifyOptions {
  onProgress?: ProgressListener<VerifyProgress>
  /** Report progress every this many events (default 1000), and always once at the end. */
  progressEvery?: number
}

const PAGE = 1000

/**
 * Verifies every hash chain of the ledger in `store` (any store: it reads `readAll` pages):
 * the checkpoints first, so every revision they list is compared as the walk passes it, then
 * every other stream in position order. Memory is a few fields per stream.
 */
export const verifyLedger = async (
  store: EventStore,
  { onProgress = () => undefined, progressEvery = 1000 }: VerifyOptions = {},
): Promise<ChainReport> => {
  const progress = progressReporter(progressEvery, onProgress)
  const verifier = new ChainVerifier()
  let events = 0
  for (const event of await store.readStream(CHECKPOINT_STREAM)) {
    verifier.accept(event)
    events++
  }
  const expected = verifier.streams + verifier.checkpointed
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, limit: PAGE, streamPrefix: LEDGER_STREAM_PREFIX })
    for (const event of page) {
      if (event.stream !== CHECKPOINT_STREAM) {
        verifier.accept(event)
        events++
      }
    }
    const { streams } = verifier
    progress.update({ done: false, events, streams, total: Math.max(expected, streams) })
    if (page.length < PAGE) {
      break
    }
    after = page[page.length - 1].position
  }
  const report = verifier.finish()
  onProgress({ done: true, events: report.events, streams: report.streams, total: report.streams })
  return report
}
