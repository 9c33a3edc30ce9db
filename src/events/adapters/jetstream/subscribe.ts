import type { Consumer } from '@nats-io/jetstream'

import { Observable } from 'rxjs'

import type { SubscribeOptions } from '../../store.js'
import type { RecordedEvent } from '../../types.js'

import { decodePosition, fromConsumer, isTransientError, streamOfSubject, toRecordedEvents } from '../jetstream-mapping.js'
import { resubscribing } from '../resubscribe.js'
import { type Connection, noteDelivered } from './connection.js'
import { pull } from './pull.js'

/**
 * Waits before following again after the consumer was lost: about 30 s in all, for a node
 * restart or a leader change; at most a second each, so delivery resumes soon after the stream
 * has a leader again.
 */
const RESUBSCRIBE_DELAYS_MS = [100, 250, 500, ...Array<number>(29).fill(1_000)]
/** How long a pull waits for new messages; the server's heartbeats come at half of it, so a lost consumer shows within seconds. */
const PULL_EXPIRES_MS = 2_000
/** How long the server keeps a consumer nobody pulls from (a process that died). */
const INACTIVE_THRESHOLD_MS = 30_000

/**
 * An ordered consumer made by hand: ephemeral, no acks, in memory, one replica, delivering
 * from `startSeq` (or only messages stored after it is made) in sequence order to one pull at
 * a time. The client's own ordered consumer was seen to stop delivering for good, without an
 * error, once the node holding it died; this one fails instead, and is made again after the
 * last message delivered.
 */
const createConsumer = async (connection: Connection, startSeq: 'new' | number): Promise<Consumer> => {
  const { AckPolicy, DeliverPolicy } = connection.nats.jetstream
  const { nanos } = connection.nats.transport
  const { name } = await connection.jsm.consumers.add(connection.name, {
    ack_policy: AckPolicy.None,
    inactive_threshold: nanos(INACTIVE_THRESHOLD_MS),
    mem_storage: true,
    num_replicas: 1,
    ...(startSeq === 'new' ? { deliver_policy: DeliverPolicy.New } : { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: startSeq }),
  })
  return connection.js.consumers.get(connection.name, name)
}

/**
 * One consumer from the message of `after` on (or from the end), erroring when it is lost.
 * Every message it delivers is noted as its ledger stream's head (`noteDelivered`); only those
 * of `streamPrefix` are decoded.
 */
const subscribeOnce = (connection: Connection, { after, fromEnd, streamPrefix }: SubscribeOptions, onDelivered: () => void): Observable<RecordedEvent> =>
  new Observable<RecordedEvent>((subscriber) => {
    let stopped = false
    let consumer: Consumer | undefined
    const follow = async () => {
      consumer = await createConsumer(connection, after !== undefined ? decodePosition(after).seq : fromEnd ? 'new' : 1)
      try {
        for (let delivery = 1; !stopped; ) {
          for await (const message of pull(connection, consumer, PULL_EXPIRES_MS, 256)) {
            // A consumer that restarts on a node that came back has lost its place (it is in
            // memory) and delivers from its start again: seen as a break in its delivery count.
            if (message.info.deliverySequence !== delivery++) {
              throw new Error(`the consumer delivered #${message.info.deliverySequence}, not #${delivery - 1}`)
            }
            onDelivered()
            const delivered = fromConsumer(message)
            const stream = streamOfSubject(delivered.subject)
            noteDelivered(connection, stream, delivered)
            if (!streamPrefix || stream.startsWith(streamPrefix)) {
              for (const event of toRecordedEvents(delivered)) {
                if (after === undefined || event.position > after) {
                  subscriber.next(event)
                }
              }
            }
          }
        }
      } catch (error) {
        // Missed heartbeats, a consumer gone with its node or restarted: made again after the last event delivered.
        throw new connection.nats.transport.errors.ConnectionError('lost the consumer following the ledger', { cause: error })
      }
    }
    follow().catch((error: unknown) => subscriber.error(error))
    return () => {
      stopped = true
      void consumer?.delete().catch(() => undefined)
    }
  })

/** Every ledger event after `after`; a consumer that fails transiently is made again after the last event delivered. */
export const subscribe = resubscribing(subscribeOnce, RESUBSCRIBE_DELAYS_MS, (error, { nats }) => isTransientError(nats, error))
