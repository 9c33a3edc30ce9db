import type { Readable } from 'node:stream'

import type { LedgerEventLine } from './format.js'
import type { LedgerFile } from './read.js'

import { describeBreak } from '../events/hash-chain/chain-break.js'
import { ChainVerifier } from '../events/hash-chain/chain-verifier.js'
import { LedgerImportError } from './errors.js'
import { readLedger } from './read.js'

/**
 * Reads a whole ledger file as `readLedger` does and verifies its hash chains and checkpoints
 * too: a file whose chains are broken (an event changed, removed or moved since export, a
 * stream missing that a checkpoint lists) is refused naming the first break, before an import
 * writes anything. Events written before hashing (format 1 files) are verified as far as their
 * successors and checkpoints allow.
 */
export const checkLedger = async (
  input: Readable,
  onEvent: (event: LedgerEventLine, line: number) => Promise<void> | void = () => undefined,
): Promise<LedgerFile> => {
  const chains = new ChainVerifier()
  const file = await readLedger(input, (event, line) => {
    chains.accept(event)
    return onEvent(event, line)
  })
  const { breaks } = chains.finish()
  if (breaks.length > 0) {
    throw new LedgerImportError(
      `The file's hash chains are broken in ${breaks.length} stream(s), first ${describeBreak(breaks[0])}; nothing was imported`,
    )
  }
  return file
}
