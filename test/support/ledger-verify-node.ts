/**
 * The `reserve:ledger verify` bin script's work in its own OS process, as an operator runs it:
 * it boots Payload with the plugin on a database whose schema the parent already pushed
 * (NODE_DATABASE_KIND, NODE_DATABASE_URI), verifies the ledger, prints each line the script
 * prints, its progress included, as "@@ <line>", and exits 1 on a broken chain, 0 when all are intact.
 */
import { verifyWithReport } from '../../src/cli/ledger.js'
import { ledgerServices } from '../../src/plugin/runtime.js'
import { stopPayload } from '../helpers/payload.js'
import { parentDatabase } from './node-env.js'
import { startReservePayload } from './reserve-payload.js'

const payload = await startReservePayload(parentDatabase(), {
  // Nothing but verify reads or writes here: catch-up would set tampered claims right.
  catchUp: { graceMs: 3_600_000, intervalMs: 3_600_000 },
  inProcessTimers: false,
})
// Progress as a log file gets it (no terminal): whole lines, protocol lines here.
const intact = await verifyWithReport(ledgerServices.of(payload).store, (line) => process.stdout.write(`@@ ${line}\n`), {
  isTTY: false,
  write: (text: string) => process.stdout.write(`@@ ${text}`),
})
await stopPayload(payload)
process.exit(intact ? 0 : 1)
