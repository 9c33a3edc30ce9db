import { describe, expect, it } from 'vitest'

import { parseBenchArgs } from '../../../bench/args.js'

describe('npm run bench -- --store', () => {
  it('runs the concurrency mode with the ledger on JetStream', () => {
    const args = parseBenchArgs(['--concurrency', '--db', 'postgres', '--store', 'jetstream', '--processes', '1,2,4'])
    expect(args).toMatchObject({ concurrency: 'only', databases: ['postgres'], processes: [1, 2, 4], store: 'jetstream' })
  })

  it('keeps the ledger on the payload adapter unless told', () => {
    expect(parseBenchArgs(['--concurrency']).store).toBe('payload')
  })

  it('refuses JetStream for the N series, which runs on the payload adapter only', () => {
    expect(() => parseBenchArgs(['--store', 'jetstream'])).toThrow('--store jetstream measures the concurrency mode only: add --concurrency')
    expect(() => parseBenchArgs(['--store=jetstream', '--no-concurrency'])).toThrow('add --concurrency')
  })

  it('names the stores it takes', () => {
    expect(() => parseBenchArgs(['--concurrency', '--store', 'eventstoredb'])).toThrow('--store takes payload or jetstream, not "eventstoredb"')
  })
})

describe('npm run bench -- --catch-up-passes', () => {
  it("runs the concurrency mode's processes with catch-up as a site does, and without it by default", () => {
    expect(parseBenchArgs(['--concurrency', '--catch-up-passes']).catchUpPasses).toBe(true)
    expect(parseBenchArgs(['--concurrency']).catchUpPasses).toBe(false)
  })

  it('takes no value', () => {
    expect(() => parseBenchArgs(['--catch-up-passes=yes'])).toThrow('usage')
  })
})
