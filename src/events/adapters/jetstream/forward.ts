import type { LedgerMessage } from '../jetstream-mapping.js'
import type { Connection } from './connection.js'

import { fromConsumer } from '../jetstream-mapping.js'
import { pull } from './pull.js'


/** Messages per pull: one round trip each. */
const BATCH = 256
/** How long a pull waits when fewer messages are there than it asked for. */
const PULL_EXPIRES_MS = 1_000

export interface ForwardRead {
  /** Only messages on this subject (a ledger stream); all of them when absent. */
  filter?: string
  /** The read stops after the message for which this is true; there must be one. */
  last(message: LedgerMessage): boolean
  startSeq: number
}

/**
 * The JetStream stream read forward from `startSeq` through an ordered consumer (one pull per
 * 256 messages, in sequence order), until `last`. Callers name a last message they know
 * exists; a pull that brings nothing before it fails the read (transiently), and they retry it
 * whole, so a read cut short never passes for the end of the stream.
 */
export const readForward = async (connection: Connection, { filter, last, startSeq }: ForwardRead): Promise<LedgerMessage[]> => {
  const consumer = await connection.js.consumers.get(connection.name, {
    deliver_policy: connection.nats.jetstream.DeliverPolicy.StartSequence,
    opt_start_seq: startSeq,
    ...(filter === undefined ? {} : { filter_subjects: filter }),
  })
  const messages: LedgerMessage[] = []
  try {
    for (;;) {
      let received = 0
      for await (const message of pull(connection, consumer, PULL_EXPIRES_MS, BATCH)) {
        received++
        const read = fromConsumer(message)
        messages.push(read)
        if (last(read)) {
          return messages
        }
      }
      if (received === 0) {
        // The message callers start it for is not there (yet): a consumer lost with its node, or a stream whose leader is behind.
        throw new connection.nats.transport.errors.ConnectionError(`a read of ${connection.name} ended before its last message`)
      }
    }
  } finally {
    // An ordered consumer is ephemeral; deleting it now spares the server its inactivity timeout.
    void consumer.delete().catch(() => undefined)
  }
}
