/**
 * The `reserve:rebuild` bin script's work in its own OS process, so a test can kill it mid-way.
 * It boots Payload with the plugin on a database whose schema the parent already pushed
 * (NODE_DATABASE_KIND, NODE_DATABASE_URI), rebuilds the reservations collection, and prints
 * each line the script prints as "@@ <line>", then exits.
 */
import { rebuildWithProgress } from '../../src/cli/rebuild.js'
import { stopPayload } from '../helpers/payload.js'
import { parentDatabase } from './node-env.js'
import { startReservePayload } from './reserve-payload.js'

const payload = await startReservePayload(parentDatabase(), {
  allowGuestBooking: true,
  // Only the rebuild writes documents here: catch-up would repair them too.
  catchUp: { graceMs: 3_600_000, intervalMs: 3_600_000 },
})
await rebuildWithProgress(payload, (line) => process.stdout.write(`@@ ${line}\n`))
await stopPayload(payload)
process.exit(0)
