import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'

import type { LedgerEventLine } from '../../../src/ledger-io/format.js'

import { LedgerFileError } from '../../../src/ledger-io/errors.js'
import { readLedger } from '../../../src/ledger-io/read.js'
import { bookedLedger, exportText } from './ledger-file.js'

const read = async (text: string) => {
  const events: Array<[string, number, number]> = []
  const file = await readLedger(Readable.from([text]), (event: LedgerEventLine, line) => {
    events.push([event.stream, event.revision, line])
  })
  return { events, file }
}

const lines = async () => (await exportText((await bookedLedger()).store)).trimEnd().split('\n')

const failure = async (text: string): Promise<LedgerFileError> => {
  const error = await read(text).then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(LedgerFileError)
  return error as LedgerFileError
}

describe('readLedger', () => {
  it('hands over every event in file order with its line number, and returns header and counts', async () => {
    const all = await lines()
    const { events, file } = await read(`${all.join('\n')}\n`)
    expect(file.header).toMatchObject({ format: 'payload-reserve-ledger', source: 'memory', version: 4 })
    expect(file.summary).toEqual({ events: 17, streams: 7 })
    expect(events.map(([, , line]) => line)).toEqual(Array.from({ length: 17 }, (_, i) => i + 2))
    expect(events[0]).toEqual(['reserve-resource-r1-2030-03', 0, 2])
  })

  it('reads CRLF line ends and a file without a final line break', async () => {
    const { file } = await read((await lines()).join('\r\n'))
    expect(file.summary.events).toBe(17)
  })

  it('refuses a truncated file: no end line', async () => {
    const all = await lines()
    const error = await failure(all.slice(0, 10).join('\n'))
    expect(error.message).toBe('line 11: the file ends without its end line: it is truncated')
  })

  it('refuses an end line whose counts disagree with the file', async () => {
    const all = await lines()
    // The last event: dropping it leaves every revision sequence intact.
    const lastDropped = [...all.slice(0, -2), all.at(-1)]
    expect((await failure(lastDropped.join('\n'))).message).toBe(
      `line ${all.length - 1}: the end line counts 17 events in 7 streams, but the file holds 16 in 7`,
    )
  })

  it('takes streams in any interleaving, but the revisions of each stream in sequence', async () => {
    const all = await lines()
    // Lines 2 and 3 are revision 0 of two different streams.
    const otherStreamFirst = [all[0], all[2], all[1], ...all.slice(3)]
    expect((await read(otherStreamFirst.join('\n'))).file.summary.events).toBe(17)

    const laterRevision = all.findIndex((line, index) => index > 1 && line.includes('"stream":"reserve-resource-r1-2030-03"'))
    const reordered = [...all]
    ;[reordered[1], reordered[laterRevision]] = [reordered[laterRevision], reordered[1]]
    const error = await failure(reordered.join('\n'))
    expect(error.message).toBe('line 2: stream reserve-resource-r1-2030-03 starts at revision 1, not 0')
  })

  it('refuses anything after the end line, and an empty file', async () => {
    const all = await lines()
    expect((await failure([...all, all[1]].join('\n'))).message).toBe(`line ${all.length + 1}: nothing may follow the end line`)
    expect((await failure('')).message).toBe('line 1: the file is empty')
  })

  it('stops at the first bad line, after handing over the events before it', async () => {
    const all = await lines()
    const broken = [...all.slice(0, 4), '{oops', ...all.slice(4)]
    const seen: number[] = []
    const error = await readLedger(Readable.from([broken.join('\n')]), (_event, line) => {
      seen.push(line)
    }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(LedgerFileError)
    expect((error as LedgerFileError).line).toBe(5)
    expect(seen).toEqual([2, 3, 4])
  })
})
