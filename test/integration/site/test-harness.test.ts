import { describe, expect, it } from 'vitest'

import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { startPayload, stopPayload } from '../../helpers/payload.js'

describe.runIf(testDatabaseKinds().includes('postgres'))('test harness on postgres', () => {
  it('stopPayload closes every connection the instance opened, so suites do not exhaust the server', async () => {
    const database = await createTestDatabase('postgres')
    const otherConnections = async (): Promise<number> => {
      const [{ count }] = await database.query(
        'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
      return Number(count)
    }
    try {
      const payload = await startPayload({ database })
      await payload.find({ collection: 'users' })
      expect(await otherConnections()).toBeGreaterThan(0)

      await stopPayload(payload)

      await expect.poll(otherConnections, { timeout: 5_000 }).toBe(0)
    } finally {
      await database.drop()
    }
  })
})
