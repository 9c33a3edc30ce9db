import type { EventStoreDBClient } from '@eventstore/db-client'

import { setTimeout as sleep } from 'node:timers/promises'

import type { EventStoreDBClientModule } from '../eventstoredb-mapping.js'

import { isTransientError } from '../eventstoredb-mapping.js'

/** The store's client, its package, and whether the store was closed: nothing is retried after that. */
export interface Connection {
  readonly client: EventStoreDBClient
  closed: boolean
  readonly esdb: EventStoreDBClientModule
}

/** Waits between attempts of an operation that failed transiently: about 8 s in all, enough for a node restart. */
const RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 4_000]

export const withRetry = async <T>(connection: Connection, operation: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation()
    } catch (error) {
      // Some paths (e.g. the server-features probe before an append) reject with raw gRPC errors.
      const failure = error instanceof Error ? connection.esdb.convertToCommandError(error) : error
      const delay = RETRY_DELAYS_MS[attempt]
      if (connection.closed || delay === undefined || !isTransientError(connection.esdb, failure)) {
        throw failure
      }
      await sleep(delay)
    }
  }
}
