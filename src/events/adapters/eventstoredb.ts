import type { EventStore } from '../store.js'
import type { RecordedEvent, StoredEvent } from '../types.js'
import type { EventStoreDBClientModule } from './eventstoredb-mapping.js'
import type { Connection } from './eventstoredb/connection.js'

import { toClientConnectionString } from './eventstoredb-mapping.js'
import { append } from './eventstoredb/append.js'
import { readAll, readEvents, streamRevision } from './eventstoredb/reads.js'
import { subscribe } from './eventstoredb/subscribe.js'
import { loadOptional } from './load-optional.js'
import { remoteLifecycle } from './remote-lifecycle.js'

export interface EventStoreDBStoreOptions {
  /** `esdb://`, `esdb+discover://`, `kurrentdb://` or `kurrentdb+discover://` URI. */
  connectionString: string
}

/**
 * The production event store: one EventStoreDB (KurrentDB) stream per ledger stream, with the
 * server's expected-revision check as the concurrency control.
 *
 * Appends retry transient failures with the same event ids. The server compares the ids of
 * an append that names an expected revision against the events already at those revisions,
 * so a retry of an append that was in fact written succeeds without writing it twice.
 *
 * No `appendAtomically`: this client (6.x) has no multi-stream append, so the ledger claims
 * one stream at a time.
 *
 * `subscribe` follows `$all` with the server filtering by stream name. A subscription that
 * drops transiently (a node restart) is opened again after the last event it delivered, with
 * growing waits that start over once the server confirms it; only a failure that is not
 * transient, or that outlasts those waits, reaches the subscriber.
 *
 * The client, `@eventstore/db-client`, is an optional peer dependency, loaded here.
 */
export const createEventStoreDBStore = async ({ connectionString }: EventStoreDBStoreOptions): Promise<EventStore> => {
  const [esdb] = await loadOptional<[EventStoreDBClientModule]>('The EventStoreDB store', ['@eventstore/db-client'])
  const connection: Connection = {
    client: esdb.EventStoreDBClient.connectionString(toClientConnectionString(connectionString)),
    closed: false,
    esdb,
  }
  const { close, closing, committed } = remoteLifecycle(connection, () => connection.client.dispose())

  return {
    append: (request) => append(connection, committed, request),
    close,
    committed: committed.asObservable(),
    kind: 'eventstoredb',
    readAll: (options) => readAll(connection, options),
    async readStream<E extends StoredEvent>(stream: string, fromRevision = 0, limit?: number) {
      const options = { fromRevision: BigInt(Math.max(0, fromRevision)), ...(limit === undefined ? {} : { maxCount: limit }) }
      return (await readEvents(connection, stream, options)) as RecordedEvent<E>[]
    },
    // Positions are commit positions: a later commit never gets an earlier position.
    rewind: (position) => position,
    streamRevision: (stream) => streamRevision(connection, stream),
    subscribe: (options) => subscribe(connection, closing, options),
  }
}
