import type { Payload } from 'payload'

import { Writable } from 'node:stream'

import { exportLedger } from '../../src/ledger-io/export.js'
import { ledgerServices } from '../../src/plugin/runtime.js'

/** The instance's ledger as the NDJSON text `payload reserve:ledger export` writes. */
export const exportedLedger = async (payload: Payload): Promise<string> => {
  const chunks: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  await exportLedger(ledgerServices.of(payload).store, sink)
  return chunks.join('')
}
