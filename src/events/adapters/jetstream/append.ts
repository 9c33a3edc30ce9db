import type { MsgHdrs } from '@nats-io/transport-node'
import type { Subject } from 'rxjs'

import { setTimeout as sleep } from 'node:timers/promises'
import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult } from '../../store.js'
import type { RecordedEvent } from '../../types.js'
import type { LedgerMessage } from '../jetstream-mapping.js'
import type { Connection } from './connection.js'

import { isWrongExpectedRevision, NO_STREAM, WrongExpectedRevisionError } from '../../store.js'
import { headOf, isWrongLastSequence, lastRevision, subjectOf, toMessage, toRecordedEvents } from '../jetstream-mapping.js'
import { RETRY_DELAYS_MS, withRetry } from './connection.js'
import { lastSequence, messageAt, messagesOf, readHead } from './reads.js'

/** The port's refusal, with the revision the stream is at. */
const refusal = (stream: string, expectedRevision: number, head: LedgerMessage | undefined) =>
  new WrongExpectedRevisionError(stream, expectedRevision, head ? lastRevision(headOf(head)) : NO_STREAM)

/**
 * The subject sequence of the message holding `expectedRevision` (0 for a new stream), which
 * the publish then expects as the subject's last. Taken from what this process last saw of the
 * stream when that ends at the revision; otherwise read, and a head elsewhere refuses now. A
 * stream this process saw past the revision is refused without a read: nats-server 2.9 checks
 * the subject's sequence against what the leader has applied, and a leader just elected may not
 * have applied what this process saw, so its head could let a stale publish through. A new
 * stream needs no read when the publish expects this process's own stored publish
 * (`afterOwnPublish`): every message up to it is stored, so the subject check alone refuses a
 * stream that exists.
 */
const expectedSequence = async (connection: Connection, stream: string, expectedRevision: number, afterOwnPublish: boolean): Promise<number> => {
  const known = connection.heads.get(stream)
  if (known && lastRevision(known) > expectedRevision) {
    throw new WrongExpectedRevisionError(stream, expectedRevision, lastRevision(known))
  }
  if (expectedRevision === NO_STREAM && afterOwnPublish) {
    return 0
  }
  if (expectedRevision !== NO_STREAM && known && lastRevision(known) === expectedRevision) {
    return known.seq
  }
  const head = await readHead(connection, stream)
  if ((head ? lastRevision(headOf(head)) : NO_STREAM) !== expectedRevision) {
    throw refusal(stream, expectedRevision, head)
  }
  return head?.seq ?? 0
}

/** Pause before trying again when another stream's append got in first. */
const jitter = (attempt: number) => sleep(Math.random() * Math.min(20, 2 ** attempt))
/** Attempts an append makes while other processes' appends keep getting in first. */
const MAX_ATTEMPTS = 200

/**
 * Publishes the append as one message with the append's message id and two expectations: the
 * subject's last sequence (the stream revision) and the JetStream stream's last sequence. The
 * second is what makes the first hold on a cluster: nats-server 2.9 checks a subject's last
 * sequence only against what the leader has stored, not against proposals still in flight, so
 * two appends to one subject can both pass it (seen: up to 8 of 12 racers stored); the stream's
 * last sequence it checks against every proposal. With it, a publish lands only directly after
 * the message the subject head was checked against.
 *
 * A process publishes one append at a time, each expecting the sequence its previous publish
 * was stored at, or a later one its consumers delivered (another process's), so its own
 * appends never refuse each other and need no read first; only after another process's append
 * got in first does it read the stream's last sequence. When another
 * stream's append got in first, the append tries again; when its own stream moved, it is
 * refused. A transient failure is retried with the same message. Where the first attempt was
 * stored, the server answers the retry as a duplicate, or (a cluster checks the subject's
 * sequence before the message id) as a wrong last sequence: `publish` then finds the attempt stored.
 */
const publishUntilDecided = (
  connection: Connection,
  stream: string,
  expectedRevision: number,
  message: (previous: number) => { body: string; header: MsgHdrs },
  msgID: string,
): Promise<LedgerMessage> =>
  connection.publishing.run('', async () => {
    const subject = subjectOf(connection.name, stream)
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // After a refusal, read: what the consumers delivered may be as stale as what was refused (they lag, or are gone).
      const known = Math.max(connection.lastStored ?? 0, attempt === 0 ? connection.lastSeen : 0)
      // Where `last` is read, read it first: the subject's head then reflects every message up to it.
      const last = known > 0 ? known : await lastSequence(connection)
      const previous = await expectedSequence(connection, stream, expectedRevision, last === connection.lastStored)
      try {
        const [ack, sent] = await withRetry(connection, async () => {
          // Built for each try, so that it is stamped when it is sent: one stored after a leader
          // change's retries must not look seconds old to catch-up's grace period.
          const built = message(previous)
          const expect = { lastSequence: last, lastSubjectSequence: previous }
          return [await connection.js.publish(subject, built.body, { expect, headers: built.header, msgID }), built] as const
        })
        // A duplicate is an earlier attempt's message, stored with that attempt's headers; later ones may follow it.
        connection.lastStored = ack.duplicate ? undefined : ack.seq
        return ack.duplicate ? await messageAt(connection, ack.seq) : { data: new TextEncoder().encode(sent.body), header: sent.header, seq: ack.seq, subject }
      } catch (error) {
        connection.lastStored = undefined
        if (!isWrongLastSequence(connection.nats, error)) {
          throw error
        }
      }
      const head = await readHead(connection, stream)
      if ((head ? lastRevision(headOf(head)) : NO_STREAM) !== expectedRevision) {
        throw refusal(stream, expectedRevision, head)
      }
      // Another process got in first: its appends come in bursts too, so back off a little.
      await jitter(attempt)
    }
    throw new Error(`Append to ${stream} gave up: other appends to the ledger got in first ${MAX_ATTEMPTS} times`)
  })

/**
 * The message holding `revision` when it is the one with `eventId` first: an attempt of this
 * append whose answer was lost (a timeout as the leader died) was stored after all, and other
 * appends to the stream may have followed it. The refusal says where the stream was (`seen`),
 * maybe from what this process's consumers delivered, and the stream leader can read the stream
 * without a message it has not applied yet (one just elected, say): while its read stays short
 * of `seen` it is made again. Never catching up is a failure, not a refusal: the append may be
 * stored.
 */
const storedAt = async (connection: Connection, stream: string, revision: number, eventId: string, seen: number | undefined): Promise<LedgerMessage | undefined> => {
  for (const delay of [0, ...RETRY_DELAYS_MS]) {
    await sleep(delay)
    const [message] = await messagesOf(connection, stream, revision, 1)
    if (message) {
      return headOf(message).first === revision && toRecordedEvents(message)[0]?.eventId === eventId ? message : undefined
    }
    if (seen === undefined || seen < revision) {
      return undefined
    }
  }
  throw new Error(`The JetStream leader of ${connection.name} still reads ${stream} short of revision ${seen}, which was delivered: whether an append was stored there is unknown`)
}

/**
 * The append, published until it is stored or refused. A refusal after the first publish may be
 * the stream moving past an attempt of this very append: the message at the revision it asked
 * for says which, so a lost answer costs a read, never a different outcome.
 */
const publish = async (connection: Connection, stream: string, expectedRevision: number, events: AppendRequest['events']) => {
  const eventIds = events.map(() => uuidv7())
  // Copied once, before the first attempt, so that a caller changing its objects changes no retry.
  const copied = structuredClone(events)
  let published = false
  const message = (previous: number) => {
    published = true
    return toMessage(connection.nats, copied, eventIds, expectedRevision + 1, previous, new Date().toISOString())
  }
  try {
    return await publishUntilDecided(connection, stream, expectedRevision, message, eventIds[0])
  } catch (error) {
    const stored = published && isWrongExpectedRevision(error) ? await storedAt(connection, stream, expectedRevision + 1, eventIds[0], error.actualRevision) : undefined
    if (stored) {
      return stored
    }
    throw error
  }
}

/** Appends one message and publishes its events on `committed`. */
export const append = async (
  connection: Connection,
  committed: Subject<RecordedEvent>,
  { events, expectedRevision, stream }: AppendRequest,
): Promise<AppendResult> => {
  if (events.length === 0) {
    const head = await readHead(connection, stream)
    if ((head ? lastRevision(headOf(head)) : NO_STREAM) !== expectedRevision) {
      throw refusal(stream, expectedRevision, head)
    }
    return { events: [], nextRevision: expectedRevision, stream }
  }
  const message = await publish(connection, stream, expectedRevision, events)
  connection.heads.set(stream, headOf(message))
  const recorded = toRecordedEvents(message)
  for (const event of recorded) {
    committed.next(structuredClone(event))
  }
  return { events: recorded, nextRevision: expectedRevision + events.length, stream }
}
