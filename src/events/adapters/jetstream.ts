import type { EventStore } from '../store.js'
import type { RecordedEvent, StoredEvent } from '../types.js'

import { append } from './jetstream/append.js'
import { openConnection } from './jetstream/connection.js'
import { readAll } from './jetstream/read-all.js'
import { readStream, streamRevision } from './jetstream/reads.js'
import { subscribe } from './jetstream/subscribe.js'
import { remoteLifecycle } from './remote-lifecycle.js'

export interface JetStreamStoreOptions {
  /** Replicas of the stream when this store creates it (default 1; 3 on a three-node cluster). */
  replicas?: number
  /** NATS server URLs (`nats://host:4222`), one or several of a cluster. */
  servers: string | string[]
  /** The JetStream stream holding the ledger (default `reserve`); its subjects are `<stream>.>`. */
  stream?: string
}

export const DEFAULT_JETSTREAM_STREAM = 'reserve'

/**
 * The ledger on NATS JetStream: one JetStream stream, a subject per ledger stream, and the
 * server's check of the subject's last sequence (`Nats-Expected-Last-Subject-Sequence`) as
 * the concurrency control. Each append is one message, so an append to one stream is atomic;
 * JetStream 2.9 has no multi-subject batch, so there is no `appendAtomically` and the ledger
 * claims one stream at a time. Appends and reads ride out a node restart or a leader change
 * (retried for about 30 s; a retried append reuses its message id, which the server
 * deduplicates). `subscribe` follows an ordered consumer from the checkpoint.
 */
export const createJetStreamStore = async ({
  replicas = 1,
  servers,
  stream = DEFAULT_JETSTREAM_STREAM,
}: JetStreamStoreOptions): Promise<EventStore> => {
  const connection = await openConnection({ name: stream, replicas, servers })
  const { close, closing, committed } = remoteLifecycle(connection, () => connection.nc.close())

  return {
    append: (request) => append(connection, committed, request),
    close,
    committed: committed.asObservable(),
    kind: 'jetstream',
    readAll: (options) => readAll(connection, options),
    async readStream<E extends StoredEvent>(name: string, fromRevision = 0, limit = Number.MAX_SAFE_INTEGER) {
      return (await readStream(connection, name, Math.max(0, fromRevision), limit)) as RecordedEvent<E>[]
    },
    // Positions are stream sequences, given by the stream leader as it commits: a later commit never gets an earlier one.
    rewind: (position) => position,
    streamRevision: (name) => streamRevision(connection, name),
    subscribe: (options) => subscribe(connection, closing, options),
  }
}
