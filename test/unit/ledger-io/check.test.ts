import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'

import type { EventMetadata, NewEvent } from '../../../src/events/types.js'

import { createMemoryEventStore } from '../../../src/events/adapters/memory.js'
import { Checkpointer } from '../../../src/events/hash-chain/checkpointer.js'
import { hashChained } from '../../../src/events/hash-chain/hash-chained-store.js'
import { resourceStream } from '../../../src/events/types.js'
import { checkLedger } from '../../../src/ledger-io/check.js'
import { LedgerImportError } from '../../../src/ledger-io/errors.js'
import { exportText } from './ledger-file.js'

const metadata: EventMetadata = { actor: { kind: 'guest' }, at: '2031-01-01T09:00:00.000Z', correlationId: 'x1', schemaVersion: 1 }
const claim = (start: number): NewEvent => ({
  data: { intervals: [{ end: start + 60, start, units: 1 }], reservationId: 'x1' },
  metadata,
  type: 'CapacityClaimed',
})

/** An exported ledger of two resources, checkpointed: its lines, header first. */
const exportedLines = async () => {
  const store = hashChained(createMemoryEventStore())
  await store.append({ events: [claim(0), claim(100), claim(200)], expectedRevision: -1, stream: resourceStream('r1') })
  await store.append({ events: [claim(0)], expectedRevision: -1, stream: resourceStream('r2') })
  let saved: string | undefined
  await new Checkpointer(store, { load: async () => saved, save: async (position) => void (saved = position) }, { lookbackMs: 0 }).run()
  return (await exportText(store)).trimEnd().split('\n')
}

const check = (lines: string[]) => checkLedger(Readable.from([`${lines.join('\n')}\n`]))

const refusal = async (lines: string[]): Promise<string> => {
  const error = await check(lines).then(() => undefined, (reason: unknown) => reason)
  expect(error).toBeInstanceOf(LedgerImportError)
  return (error as Error).message
}

/** The file without its line `index`, the end line's counts set to what remains. */
const without = (lines: string[], index: number) => {
  const rest = lines.filter((_, at) => at !== index)
  const streams = new Set(rest.slice(1, -1).map((line) => (JSON.parse(line) as { stream: string }).stream)).size
  return [...rest.slice(0, -1), JSON.stringify({ end: true, events: rest.length - 2, streams })]
}

describe('checkLedger', () => {
  it('passes an intact file, hashes and checkpoints included', async () => {
    const lines = await exportedLines()
    expect(lines[1]).toContain('"hash":')
    expect(lines.some((line) => line.includes('"LedgerCheckpointed"'))).toBe(true)
    expect((await check(lines)).summary).toEqual({ events: 5, streams: 3 })
  })

  it('refuses a file with an event changed after export, naming the stream and revision', async () => {
    const lines = await exportedLines()
    lines[2] = lines[2].replace('"start":100', '"start":160')
    expect(await refusal(lines)).toContain('reserve-resource-r1 at revision 1: the event was changed')
  })

  it('refuses a file whose last event of a checkpointed stream was removed', async () => {
    const lines = await exportedLines()
    expect(await refusal(without(lines, 3))).toContain('reserve-resource-r1: the stream ends at revision 1')
  })

  it('reads a file of format 1, written before hashing, as it is', async () => {
    const lines = await exportedLines()
    const legacy = lines
      .filter((line) => !line.includes('LedgerCheckpointed'))
      .map((line) => {
        const value = JSON.parse(line) as { metadata?: EventMetadata; version?: number }
        if (value.version) {
          value.version = 1
        }
        if (value.metadata) {
          delete value.metadata.hash
          delete value.metadata.previousHash
        }
        return JSON.stringify(value)
      })
    legacy[legacy.length - 1] = JSON.stringify({ end: true, events: 4, streams: 2 })
    expect((await check(legacy)).header.version).toBe(1)
  })
})
