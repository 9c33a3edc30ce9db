import type { StoredMsg } from '@nats-io/jetstream'

import type { RecordedEvent } from '../../types.js'
import type { LedgerMessage, MessageHead } from '../jetstream-mapping.js'
import type { Connection } from './connection.js'

import { NO_STREAM } from '../../store.js'
import { headOf, lastRevision, subjectOf, toRecordedEvents } from '../jetstream-mapping.js'
import { withRetry } from './connection.js'
import { readForward } from './forward.js'

/**
 * How many messages a read follows back from the head, one request each, before it reads the
 * rest forward through a consumer instead: the head checks and short streams of the hot path
 * stay a request or two, a long resource stream costs a pull per 256 messages.
 */
const WALK_LIMIT = 16

/** A message by its sequence, or the last of a subject, from the stream leader (so it reflects every acknowledged append). */
const getMessage = (connection: Connection, query: { last_by_subj: string } | { seq: number }): Promise<null | StoredMsg> =>
  withRetry(connection, () => connection.jsm.streams.getMessage(connection.name, query))

/** The message stored at `seq`. */
export const messageAt = async (connection: Connection, seq: number): Promise<LedgerMessage> => {
  const message = await getMessage(connection, { seq })
  if (!message) {
    throw new Error(`JetStream message ${seq} of ${connection.name} is gone`)
  }
  return message
}

/** The JetStream stream's last sequence (0 while it is empty), as its leader has stored it. */
export const lastSequence = (connection: Connection): Promise<number> =>
  withRetry(connection, async () => (await connection.jsm.streams.info(connection.name)).state.last_seq)

/** A ledger stream's last message, or none for a stream never written. */
export const readHead = async (connection: Connection, stream: string): Promise<LedgerMessage | undefined> => {
  const message = await getMessage(connection, { last_by_subj: subjectOf(connection.name, stream) })
  if (message) {
    connection.heads.set(stream, headOf(message))
  }
  return message ?? undefined
}

export const streamRevision = async (connection: Connection, stream: string): Promise<number> => {
  const head = await readHead(connection, stream)
  return head ? lastRevision(headOf(head)) : NO_STREAM
}

/** The message before `message` on its subject. */
const previousOf = async (connection: Connection, message: LedgerMessage): Promise<LedgerMessage> => {
  const { previous, seq } = headOf(message)
  const found = await getMessage(connection, { seq: previous })
  if (!found) {
    throw new Error(`JetStream message ${seq} on ${message.subject} follows message ${previous}, which is gone`)
  }
  return found
}

/** The stream's messages before `before` that hold revisions from `from` on, and up to `until`, read forward. */
const readEarlier = async (
  connection: Connection,
  stream: string,
  before: MessageHead,
  from: number,
  until: number,
): Promise<LedgerMessage[]> => {
  const resume = connection.resume.get(stream)
  const startSeq = resume && lastRevision(resume) < from ? resume.seq + 1 : 1
  const messages = await withRetry(connection, () =>
    readForward(connection, {
      filter: subjectOf(connection.name, stream),
      last: (message) => message.seq >= before.seq || lastRevision(headOf(message)) >= until,
      startSeq,
    }),
  )
  const read = messages.filter(({ seq }) => seq < before.seq)
  const end = read[read.length - 1]
  if (end) {
    connection.resume.set(stream, headOf(end))
  }
  return read
}

/**
 * The messages holding events `from`..`from + limit - 1` of a stream: its head message first,
 * then back along the messages' links to the previous one while that stays short, and forward
 * from where the last page stopped for the rest.
 */
export const messagesOf = async (
  connection: Connection,
  stream: string,
  from: number,
  limit: number,
): Promise<LedgerMessage[]> => {
  const head = await readHead(connection, stream)
  if (!head || lastRevision(headOf(head)) < from || limit <= 0) {
    return []
  }
  const chain = [head]
  while (headOf(chain[0]).first > from && chain.length < WALK_LIMIT) {
    chain.unshift(await previousOf(connection, chain[0]))
  }
  const oldest = headOf(chain[0])
  const until = from + limit - 1
  const earlier = oldest.first > from ? await readEarlier(connection, stream, oldest, from, until) : []
  return [...earlier, ...chain].filter((message) => {
    const held = headOf(message)
    return held.first <= until && lastRevision(held) >= from
  })
}

export const readStream = async (
  connection: Connection,
  stream: string,
  from: number,
  limit: number,
): Promise<RecordedEvent[]> =>
  (await messagesOf(connection, stream, from, limit))
    .flatMap(toRecordedEvents)
    .filter(({ revision }) => revision >= from && revision < from + limit)
