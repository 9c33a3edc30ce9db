/**
 * Another OS process on a test database, for the multi-process and crash tests. It boots
 * Payload with the plugin on a database whose schema the parent already pushed, then runs the
 * scenario named by NODE_SCENARIO and reports on stdout in lines starting with "@@ ".
 *   race:  prints "@@ ready", waits for "go" on stdin, books NODE_COUNT times at once one slot
 *          (NODE_START) of NODE_RESOURCE/NODE_SERVICE, prints "@@ result {json}", exits.
 *   crash: books hourly slots one after another, printing "@@ ack <id>" for each acknowledged
 *          booking, and SIGKILLs itself right after the ledger commits booking NODE_KILL_AT,
 *          before its document is written.
 */
import { createInterface } from 'node:readline'

import { ledgerServices } from '../../src/plugin/runtime.js'
import { existingTestDatabase, type TestDatabaseKind } from '../helpers/databases.js'
import { stopPayload } from '../helpers/payload.js'
import { requiredEnv } from './node-env.js'
import { startReservePayload } from './reserve-payload.js'

const say = (line: string) => process.stdout.write(`@@ ${line}\n`)

const kind = requiredEnv('NODE_DATABASE_KIND') as TestDatabaseKind
const payload = await startReservePayload(existingTestDatabase(kind, requiredEnv('NODE_DATABASE_URI')), {
  allowGuestBooking: true,
  // Leave recovery to the parent: this node only writes.
  catchUp: { graceMs: 3_600_000, intervalMs: 3_600_000 },
})
// Payload's default ids on SQLite and PostgreSQL are numbers.
const resource = Number(requiredEnv('NODE_RESOURCE'))
const service = Number(requiredEnv('NODE_SERVICE'))

if (requiredEnv('NODE_SCENARIO') === 'race') {
  say('ready')
  const lines = createInterface({ input: process.stdin })
  for await (const line of lines) {
    if (line.trim() === 'go') {
      break
    }
  }
  const results = await Promise.allSettled(
    Array.from({ length: Number(requiredEnv('NODE_COUNT')) }, () =>
      payload.create({
        collection: 'reservations',
        data: { resource, service, startTime: requiredEnv('NODE_START') },
      }),
    ),
  )
  const statuses = results.map((r) => (r.status === 'fulfilled' ? 201 : ((r.reason as { status?: number }).status ?? 500)))
  say(`result ${JSON.stringify({ conflicts: statuses.filter((s) => s === 409).length, other: statuses.filter((s) => s !== 201 && s !== 409), succeeded: statuses.filter((s) => s === 201).length })}`)
  await stopPayload(payload)
  process.exit(0)
} else {
  const killAt = Number(requiredEnv('NODE_KILL_AT'))
  let booked = 0
  ledgerServices.of(payload).store.committed.subscribe((event) => {
    if (event.type === 'ReservationBooked' && ++booked === killAt) {
      process.kill(process.pid, 'SIGKILL')
    }
  })
  for (let hour = 0; ; hour++) {
    const doc = await payload.create({
      collection: 'reservations',
      data: {
        guest: { email: `guest${hour}@example.test`, name: `Guest ${hour}` },
        resource,
        service,
        startTime: new Date(Date.parse(requiredEnv('NODE_START')) + hour * 3_600_000).toISOString(),
      },
    })
    say(`ack ${doc.id}`)
  }
}
