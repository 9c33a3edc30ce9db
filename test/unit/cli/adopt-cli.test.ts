import { describe, expect, it } from 'vitest'

import { AdoptUsageError, parseAdoptArguments } from '../../../src/cli/adopt-arguments.js'
import { describeAdoptReport } from '../../../src/cli/adopt.js'
import { progressBar, progressPrinter } from '../../../src/cli/progress-bar.js'

const argv = (...args: string[]) => ['node', 'payload', 'reserve:adopt', ...args]

describe('payload reserve:adopt', () => {
  it('takes --dry-run, and nothing else', () => {
    expect(parseAdoptArguments(argv())).toEqual({ dryRun: false })
    expect(parseAdoptArguments(argv('--dry-run'))).toEqual({ dryRun: true })
    // Payload matches the script's key case-insensitively.
    expect(parseAdoptArguments(['node', 'payload', 'Reserve:Adopt', '--dry-run'])).toEqual({ dryRun: true })
    expect(() => parseAdoptArguments(argv('--collection', 'bookings'))).toThrow(AdoptUsageError)
    expect(() => parseAdoptArguments(argv('now'))).toThrow(/Usage:/)
    expect(() => parseAdoptArguments(['node', 'script.js'])).toThrow(/reserve:adopt/)
  })

  it('draws a bar of the share done', () => {
    expect(progressBar(0, 4, 'documents')).toBe(`[${'.'.repeat(30)}] 0/4 documents`)
    expect(progressBar(1, 4, 'documents')).toBe(`[${'#'.repeat(8)}${'.'.repeat(22)}] 1/4 documents`)
    expect(progressBar(0, 0, 'documents')).toBe(`[${'#'.repeat(30)}] 0/0 documents`)
  })

  it('writes a line per tenth where stderr is no terminal, redraws in place where it is', () => {
    const written: string[] = []
    const stream = (isTTY: boolean) => ({ isTTY, write: (text: string) => written.push(text) }) as unknown as NodeJS.WriteStream
    const log = progressPrinter(stream(false), 'adopt', 'documents')
    for (let done = 1; done <= 100; done++) {
      log(done, 100)
    }
    // The first document, then each tenth up to the end.
    expect(written).toHaveLength(11)
    expect(written.at(-1)).toBe(`adopt: ${progressBar(100, 100, 'documents')}\n`)
    written.length = 0
    const tty = progressPrinter(stream(true), 'adopt', 'documents')
    tty(1, 2)
    tty(2, 2)
    expect(written).toEqual([`\radopt: ${progressBar(1, 2, 'documents')}`, `\radopt: ${progressBar(2, 2, 'documents')}\n`])
  })

  it('reports counts, each conflict and each document left out', () => {
    const lines = describeAdoptReport({
      adopted: ['1', '2'],
      collection: 'reservations',
      conflicts: [{ id: '2', overlaps: ['1'] }],
      dryRun: false,
      failed: [{ id: '3', message: 'Service not found', path: 'service' }],
      skipped: 5,
      total: 8,
    })
    expect(lines).toEqual([
      'adopt: 8 documents in reservations: adopted 2, 1 of them over capacity; 5 already in the ledger; 1 not adoptable',
      'conflict: 2 overlaps 1 beyond capacity (adopted; its time stays taken until staff move or cancel one)',
      'not adopted: 3: Service not found (service)',
    ])
  })
})
