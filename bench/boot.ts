import type { Payload } from 'payload'

import type { EventStoreOption } from '../src/plugin/options.js'

import { ledgerServices } from '../src/plugin/runtime.js'
import { startReservePayload } from '../test/support/reserve-payload.js'
import { bareReservationsPlugin } from './bare-collection.js'
import { benchAdapter, type BenchDatabase } from './database.js'

/** Catch-up once at start, then a pass every hour: a sequential measurement is not interrupted by one. */
const ONCE_AT_START = { graceMs: 300, intervalMs: 3_600_000 }

export interface BenchLedger {
  /** The plugin's `catchUp` option (null: the plugin's default); default a pass at start only (`ONCE_AT_START`). */
  catchUp?: { graceMs: number; intervalMs: number } | null
  /** The plugin's `eventStore` option: the ledger elsewhere than in the database (JetStream); default the payload adapter. */
  eventStore?: EventStoreOption
  /** The plugin's `hashChain` option (default on). */
  hashChain?: boolean
}

/**
 * Payload with the plugin as every benchmark process boots it: guest booking on, the baseline
 * collection added as a host plugin, catch-up as `catchUp` says (by default once at start). Only
 * the seeding process pushes the schema.
 * `hashChain: false` measures the ledger without its hash chain. Resolves when Payload answers;
 * catch-up's first pass is still running then.
 */
export const bootBenchPayload = (
  database: BenchDatabase,
  push: boolean,
  { catchUp = ONCE_AT_START, eventStore, hashChain = true }: BenchLedger = {},
): Promise<Payload> =>
  startReservePayload(
    { adapter: () => benchAdapter(database, push) },
    { allowGuestBooking: true, hashChain, ...(catchUp && { catchUp }), ...(eventStore && { eventStore }) },
    [bareReservationsPlugin],
  )

/** `bootBenchPayload`, once catch-up's first pass is done: no measurement shares the process with it. */
export const startBenchPayload = async (database: BenchDatabase, push: boolean, ledger: BenchLedger = {}): Promise<Payload> => {
  const payload = await bootBenchPayload(database, push, ledger)
  await ledgerServices.of(payload).catchUp.settle()
  return payload
}
