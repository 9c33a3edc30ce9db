import type { Payload } from 'payload'

import type { EventStoreOption } from '../src/plugin/options.js'

import { ledgerServices } from '../src/plugin/runtime.js'
import { startReservePayload } from '../test/support/reserve-payload.js'
import { bareReservationsPlugin } from './bare-collection.js'
import { benchAdapter, type BenchDatabase } from './database.js'

export interface BenchLedger {
  /** The plugin's `eventStore` option: the ledger elsewhere than in the database (JetStream); default the payload adapter. */
  eventStore?: EventStoreOption
  /** The plugin's `hashChain` option (default on). */
  hashChain?: boolean
}

/**
 * Payload with the plugin as every benchmark process boots it: guest booking on, the baseline
 * collection added as a host plugin, catch-up once at start (a pass every hour after that, so
 * that a measurement is not interrupted by one). Only the seeding process pushes the schema.
 * `hashChain: false` measures the ledger without its hash chain. Resolves when Payload answers;
 * catch-up's first pass is still running then.
 */
export const bootBenchPayload = (database: BenchDatabase, push: boolean, { eventStore, hashChain = true }: BenchLedger = {}): Promise<Payload> =>
  startReservePayload(
    { adapter: () => benchAdapter(database, push) },
    { allowGuestBooking: true, catchUp: { graceMs: Number(process.env.GRACE ?? 300), intervalMs: Number(process.env.CATCHUP_MS ?? 3_600_000) }, hashChain, ...(eventStore && { eventStore }) },
    [bareReservationsPlugin],
  )

/** `bootBenchPayload`, once catch-up's first pass is done: no measurement shares the process with it. */
export const startBenchPayload = async (database: BenchDatabase, push: boolean, ledger: BenchLedger = {}): Promise<Payload> => {
  const payload = await bootBenchPayload(database, push, ledger)
  await ledgerServices.of(payload).catchUp.settle()
  return payload
}
