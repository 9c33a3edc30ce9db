import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { LedgerUsageError, parseLedgerArguments } from '../../../src/cli/ledger-arguments.js'

// What `npx payload reserve:ledger …` gives the process: node, Payload's bin, the script key, the rest.
const argv = (...rest: string[]) => ['/usr/bin/node', '/app/node_modules/.bin/payload', 'reserve:ledger', ...rest]
const base = path.resolve('/home/me/site')

describe('parseLedgerArguments', () => {
  it('reads export --out and import --in, resolving the file against the base folder', () => {
    expect(parseLedgerArguments(argv('export', '--out', 'backup.ndjson'), base)).toEqual({
      file: path.join(base, 'backup.ndjson'),
      name: 'export',
    })
    expect(parseLedgerArguments(argv('import', '--in=/tmp/x.ndjson'), base)).toEqual({
      file: path.resolve('/tmp/x.ndjson'),
      name: 'import',
    })
  })

  it('reads verify and migrate, which take no file', () => {
    expect(parseLedgerArguments(argv('verify'), base)).toEqual({ name: 'verify' })
    expect(parseLedgerArguments(argv('migrate'), base)).toEqual({ name: 'migrate' })
  })

  it('finds the script key wherever Payload left it, in any case', () => {
    const args = ['/usr/bin/node', '/bin/payload', 'RESERVE:LEDGER', '--out', 'a', 'export']
    expect(parseLedgerArguments(args, base).name).toBe('export')
  })

  it.each([
    [argv(), 'Name one command'],
    [argv('export', 'import', '--out', 'a'), 'Name one command'],
    [argv('backup', '--out', 'a'), 'Unknown command "backup"'],
    [argv('export'), 'export needs --out FILE'],
    [argv('import', '--out', 'a'), 'import needs --in FILE'],
    [argv('export', '--out', 'a', '--in', 'b'), 'export takes no --in'],
    [argv('export', '--out', 'a', '--force'), "Unknown option '--force'"],
    [argv('verify', '--in', 'a'), 'verify takes no --in or --out'],
    [argv('migrate', '--out', 'a'), 'migrate takes no --in or --out'],
    [['/usr/bin/node', '/bin/payload', 'reserve:rebuild'], 'Run this as the Payload bin script reserve:ledger'],
  ])('refuses %j with usage', (args, problem) => {
    const attempt = () => parseLedgerArguments(args, base)
    expect(attempt).toThrow(LedgerUsageError)
    expect(attempt).toThrow(problem)
    expect(attempt).toThrow('Usage:')
  })
})
