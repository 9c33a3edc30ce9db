import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'

import { setTimeout as sleep } from 'node:timers/promises'

import type { LedgerMessage, MessageHead, NatsClientModules } from '../jetstream-mapping.js'

import { KeyedQueue } from '../../../concurrency/keyed-queue.js'
import { headOf, isTransientError } from '../jetstream-mapping.js'
import { loadOptional } from '../load-optional.js'

/** The store's client, its JetStream stream, and what this process learnt of the ledger's streams. */
export interface Connection {
  closed: boolean
  /**
   * The last message this process wrote or read on each ledger stream. A revision, once
   * written, stays where it is, so an entry is never wrong, only possibly not the head: an
   * append that expects its revision can skip reading the head, and the server's check of the
   * subject's last sequence refuses it if another process appended since.
   */
  readonly heads: BoundedMap<MessageHead>
  readonly js: JetStreamClient
  readonly jsm: JetStreamManager
  /** The JetStream stream; ledger streams are its subjects `<name>.<escaped stream name>`. */
  readonly name: string
  readonly nats: NatsClientModules
  readonly nc: NatsConnection
  /**
   * This process's publishes, one at a time: each expects the stream's last sequence to be the
   * one the previous publish was stored at, so appends of one process never refuse each other.
   */
  readonly publishing: KeyedQueue
  /**
   * The JetStream stream's last sequence as this process last learnt it (its own last publish,
   * or a read); unknown after a refusal. Only an expectation: the server checks it.
   */
  lastStored: number | undefined
  /**
   * The highest sequence a consumer of this process delivered (0 before any): stored, so the
   * JetStream stream's last is at least this. Lets a publish after another process's expect
   * the right last sequence without reading it first.
   */
  lastSeen: number
  /** Where a forward read of each stream stopped, so the next page starts there. */
  readonly resume: BoundedMap<MessageHead>
}

/**
 * What a consumer of this process delivered, noted as the ledger stream's head where it is
 * later than the one known, and as the last sequence seen. Only expectations, as every entry
 * of `heads`: the server's checks refuse an append made on a stale one.
 */
export const noteDelivered = (connection: Connection, stream: string, message: LedgerMessage): void => {
  const known = connection.heads.get(stream)
  if (!known || known.seq < message.seq) {
    connection.heads.set(stream, headOf(message))
  }
  connection.lastSeen = Math.max(connection.lastSeen, message.seq)
}

/** A map that forgets its oldest entries beyond `limit`. */
export class BoundedMap<V> {
  private readonly entries = new Map<string, V>()

  constructor(private readonly limit: number) {}

  delete(key: string): void {
    this.entries.delete(key)
  }

  get(key: string): undefined | V {
    return this.entries.get(key)
  }

  set(key: string, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.limit) {
      this.entries.delete(this.entries.keys().next().value as string)
    }
  }
}

const KNOWN_STREAMS = 10_000
/** How long one request waits for an answer; a stream without a leader is retried, not waited for. */
const REQUEST_TIMEOUT_MS = 2_000
/** How long the server remembers message ids: retries of an append must land inside it. */
const DUPLICATE_WINDOW_MS = 120_000
const STREAM_NAME_IN_USE = 10_058

/**
 * Waits between attempts of an operation that failed transiently: about 30 s in all, enough for
 * a leader election or a node restart. Capped at a second, so an append goes through within a
 * second of the stream having a leader again, not after a long back-off.
 */
export const RETRY_DELAYS_MS = [100, 250, 500, ...Array<number>(29).fill(1_000)]

export const withRetry = async <T>(connection: Connection, operation: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation()
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt]
      if (connection.closed || delay === undefined || !isTransientError(connection.nats, error)) {
        throw error
      }
      await sleep(delay)
    }
  }
}

/**
 * Creates the ledger's stream where it does not exist; one that does is used as it is (its
 * replicas are an operator's decision once it holds data). Every process may run this at once.
 */
const ensureStream = async ({ jsm, name, nats }: Connection, replicas: number): Promise<void> => {
  const { DiscardPolicy, JetStreamApiError, RetentionPolicy, StorageType } = nats.jetstream
  try {
    await jsm.streams.add({
      deny_delete: true,
      deny_purge: true,
      discard: DiscardPolicy.Old,
      duplicate_window: nats.transport.nanos(DUPLICATE_WINDOW_MS),
      name,
      num_replicas: replicas,
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      subjects: [`${name}.>`],
    })
  } catch (error) {
    if (!(error instanceof JetStreamApiError && error.code === STREAM_NAME_IN_USE)) {
      throw error
    }
  }
}

export interface ConnectOptions {
  name: string
  replicas: number
  servers: string | string[]
}

/** Connects (reconnecting for ever after: a cluster outlives its nodes) and makes sure the stream exists. */
export const openConnection = async ({ name, replicas, servers }: ConnectOptions): Promise<Connection> => {
  // 3.4 and later need Node 22 (through @nats-io/nuid 3); 3.3 installs cleanly on every Node the plugin supports.
  const [jetstream, transport] = await loadOptional<[NatsClientModules['jetstream'], NatsClientModules['transport']]>(
    'The JetStream store',
    ['@nats-io/jetstream@~3.3.1', '@nats-io/transport-node@~3.3.1'],
  )
  const nc = await transport.connect({
    maxReconnectAttempts: -1,
    name: 'payload-reserve-ledger',
    // The client would otherwise build errors with stacks for every request (its context and its
    // timer), in case it fails. Its failures are wrapped and reported by the store.
    noAsyncTraces: true,
    reconnectTimeWait: 250,
    servers,
  })
  try {
    const connection: Connection = {
      closed: false,
      heads: new BoundedMap(KNOWN_STREAMS),
      js: jetstream.jetstream(nc, { timeout: REQUEST_TIMEOUT_MS }),
      jsm: await jetstream.jetstreamManager(nc, { timeout: REQUEST_TIMEOUT_MS }),
      lastSeen: 0,
      lastStored: undefined,
      name,
      nats: { jetstream, transport },
      nc,
      publishing: new KeyedQueue(),
      resume: new BoundedMap(KNOWN_STREAMS),
    }
    await withRetry(connection, () => ensureStream(connection, replicas))
    return connection
  } catch (error) {
    await nc.close()
    throw error
  }
}
