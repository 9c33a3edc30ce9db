import type { Payload } from 'payload'

import { ledgerServices } from '../src/plugin/runtime.js'
import { startReservePayload } from '../test/support/reserve-payload.js'
import { bareReservationsPlugin } from './bare-collection.js'
import { benchAdapter, type BenchDatabase } from './database.js'

/**
 * Payload with the plugin as every benchmark process boots it: guest booking on, the baseline
 * collection added as a host plugin, catch-up once at start (a pass every hour after that, so
 * that a measurement is not interrupted by one). Only the seeding process pushes the schema.
 * `hashChain: false` measures the ledger without its hash chain. Resolves when Payload answers;
 * catch-up's first pass is still running then.
 */
export const bootBenchPayload = (database: BenchDatabase, push: boolean, hashChain = true): Promise<Payload> =>
  startReservePayload(
    { adapter: () => benchAdapter(database, push) },
    { allowGuestBooking: true, catchUp: { graceMs: 300, intervalMs: 3_600_000 }, hashChain },
    [bareReservationsPlugin],
  )

/** `bootBenchPayload`, once catch-up's first pass is done: no measurement shares the process with it. */
export const startBenchPayload = async (database: BenchDatabase, push: boolean, hashChain = true): Promise<Payload> => {
  const payload = await bootBenchPayload(database, push, hashChain)
  await ledgerServices.of(payload).catchUp.settle()
  return payload
}
