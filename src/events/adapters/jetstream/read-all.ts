import type { ReadAllOptions } from '../../store.js'
import type { RecordedEvent } from '../../types.js'
import type { Connection } from './connection.js'

import { decodePosition, toRecordedEvents } from '../jetstream-mapping.js'
import { withRetry } from './connection.js'
import { readForward } from './forward.js'
import { lastSequence } from './reads.js'

/**
 * Events of every ledger stream after `after`, in position order: the JetStream stream read
 * forward through an ordered consumer from the message of `after` (the rest of an append it
 * is part of comes first), up to the stream's last message when the read began.
 */
export const readAll = async (
  connection: Connection,
  { after, limit, streamPrefix }: ReadAllOptions,
): Promise<RecordedEvent[]> => {
  const startSeq = after === undefined ? 1 : decodePosition(after).seq
  const end = await lastSequence(connection)
  if (limit <= 0 || startSeq > end) {
    return []
  }
  const wanted = (event: RecordedEvent) =>
    (after === undefined || event.position > after) && (!streamPrefix || event.stream.startsWith(streamPrefix))
  return withRetry(connection, async () => {
    let count = 0
    const messages = await readForward(connection, {
      last(message) {
        count += toRecordedEvents(message).filter(wanted).length
        return count >= limit || message.seq >= end
      },
      startSeq,
    })
    return messages.flatMap(toRecordedEvents).filter(wanted).slice(0, limit)
  })
}
