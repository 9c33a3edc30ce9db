import type { Readable } from 'node:stream'

import { createInterface } from 'node:readline'

import type { LedgerEventLine, LedgerHeader, LedgerSummary } from './format.js'

import { LedgerFileError } from './errors.js'
import { parseBodyLine, parseHeader } from './parse.js'
import { StreamRevisions } from './revisions.js'

export interface LedgerFile {
  header: LedgerHeader
  summary: LedgerSummary
}

/**
 * Reads a ledger file line by line (memory bounded by the number of streams, not the file),
 * handing each valid event to `onEvent` in file order. Throws `LedgerFileError` at the first
 * bad line, at a revision out of sequence, at counts the end line contradicts, and when the
 * end line is missing (a truncated file); events before that point have been handed over.
 */
export const readLedger = async (
  input: Readable,
  onEvent: (event: LedgerEventLine, line: number) => Promise<void> | void,
): Promise<LedgerFile> => {
  const lines = createInterface({ crlfDelay: Infinity, input })
  const revisions = new StreamRevisions()
  let header: LedgerHeader | undefined
  let ended = false
  let line = 0
  let events = 0
  try {
    for await (const text of lines) {
      line++
      if (line === 1) {
        header = parseHeader(text, line)
        continue
      }
      if (ended) {
        throw new LedgerFileError(line, 'nothing may follow the end line')
      }
      const parsed = parseBodyLine(text, line)
      if (parsed.kind === 'end') {
        const { trailer } = parsed
        if (trailer.events !== events || trailer.streams !== revisions.streams) {
          throw new LedgerFileError(
            line,
            `the end line counts ${trailer.events} events in ${trailer.streams} streams, ` +
              `but the file holds ${events} in ${revisions.streams}`,
          )
        }
        ended = true
        continue
      }
      const problem = revisions.accept(parsed.event.stream, parsed.event.revision)
      if (problem) {
        throw new LedgerFileError(line, problem)
      }
      events++
      await onEvent(parsed.event, line)
    }
  } finally {
    lines.close()
    // The caller opened it for this read; leaving a file descriptor open until GC helps no one.
    input.destroy()
  }
  if (!header) {
    throw new LedgerFileError(1, 'the file is empty')
  }
  if (!ended) {
    throw new LedgerFileError(line + 1, 'the file ends without its end line: it is truncated')
  }
  return { header, summary: { events, streams: revisions.streams } }
}
