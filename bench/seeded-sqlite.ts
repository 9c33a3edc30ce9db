import type { TestDatabase } from '../test/helpers/databases.js'
import type { BenchDatabase } from './database.js'
import type { BenchScenario } from './scenario.js'

import { ledgerServices } from '../src/plugin/runtime.js'
import { createTestDatabase } from '../test/helpers/databases.js'
import { stopPayload } from '../test/helpers/payload.js'
import { startBenchPayload } from './boot.js'
import { createScenario, seededSpan } from './scenario.js'
import { Seeder } from './seeder.js'

/**
 * A fresh SQLite database (WAL) with the bench scenario and `n` reservations seeded as
 * `npm run bench` seeds them, for the one-process A/B benches; the seeding instance is stopped.
 * `drop` the returned `sqlite` at the end.
 */
export const seededSqlite = async (
  n: number,
  now: number,
  log: (line: string) => void,
): Promise<{ database: BenchDatabase; scenario: BenchScenario; sqlite: TestDatabase }> => {
  const sqlite = await createTestDatabase('sqlite')
  const database: BenchDatabase = { journal: 'wal', kind: 'sqlite', uri: sqlite.uri }
  const seeding = await startBenchPayload(database, true)
  const scenario = await createScenario(seeding, now)
  await new Seeder(seeding, scenario, n, now).seedTo(n, ({ done }) => done % 5000 === 0 && log(`seeded ${done}`))
  await stopPayload(seeding)
  return { database, scenario, sqlite }
}

/**
 * `seededSqlite`, then the instance that measures on it, booted as every bench boots one and with
 * the busy index of every resource hydrated, so that no measurement pays for that.
 */
export const measuringOnSeededSqlite = async (n: number, now: number, log: (line: string) => void) => {
  const seeded = await seededSqlite(n, now, log)
  const payload = await startBenchPayload(seeded.database, false)
  for (const resource of seeded.scenario.resources) {
    await ledgerServices.of(payload).busy.window(String(resource), ...seededSpan(Date.now()))
  }
  return { ...seeded, payload }
}
