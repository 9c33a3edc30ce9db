import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { sqlCollection } from '../../../src/events/adapters/payload-sql.js'
import { catchUpLease } from '../../../src/plugin/cross-process/catch-up-lease.js'
import { CHECKPOINTS_COLLECTION } from '../../../src/plugin/ledger-checkpoints-collection.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { usePayloadOn } from '../../support/suite-payload.js'

describe.each(testDatabaseKinds())("catch-up's lease among processes sharing the database (%s)", (kind) => {
  // Passes far apart: the suite's own process does not take the lease while the test runs.
  const site = usePayloadOn(kind, { catchUp: { graceMs: 300, intervalMs: 3_600_000 } })

  it(
    kind === 'postgres'
      ? 'is held by one process at a time, and passes to another when its holder lets go or its connection dies'
      : 'is held by every process: without PostgreSQL each one makes its own passes',
    async () => {
      const reported: unknown[] = []
      const report = (error: unknown) => reported.push(error)
      const [a, b, c] = [catchUpLease(site.payload, report), catchUpLease(site.payload, report), catchUpLease(site.payload, report)]
      try {
        const both = await Promise.all([a.holds(), b.holds()])
        if (kind !== 'postgres') {
          expect(both).toEqual([true, true])
          return
        }
        expect(both.filter(Boolean)).toHaveLength(1)
        const [holder, other] = both[0] ? [a, b] : [b, a]
        expect(await holder.holds()).toBe(true)
        expect(await c.holds()).toBe(false)
        await holder.release()
        expect(await other.holds()).toBe(true)
        expect(await c.holds()).toBe(false)

        // The holder's session ends, as when its process dies: the next one to ask takes it.
        const checkpoints = sqlCollection(site.payload.db, CHECKPOINTS_COLLECTION)
        if (checkpoints?.dialect !== 'postgres') {
          throw new Error('expected PostgreSQL')
        }
        await checkpoints.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        )
        const deadline = Date.now() + 5_000
        while (!(await c.holds()) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(await c.holds()).toBe(true)
        expect(await other.holds()).toBe(false)
      } finally {
        await Promise.all([a.release(), b.release(), c.release()])
      }
    },
  )
})
