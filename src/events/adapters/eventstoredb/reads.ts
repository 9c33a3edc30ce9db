import type { ReadStreamOptions, ResolvedEvent, StreamingRead } from '@eventstore/db-client'

import type { ReadAllOptions } from '../../store.js'
import type { RecordedEvent } from '../../types.js'
import type { Connection } from './connection.js'

import { NO_STREAM } from '../../store.js'
import { decodePosition, isSystemStream, toRecordedEvent } from '../eventstoredb-mapping.js'
import { withRetry } from './connection.js'

/**
 * `$all` has no server-side filter on plain reads in this client, so prefix and system-stream
 * filtering happen here; reading at least this many records per round trip keeps that cheap.
 */
const MIN_READ_ALL_BATCH = 256

const drain = async <T>(read: StreamingRead<T>): Promise<T[]> => {
  const items: T[] = []
  for await (const item of read) {
    items.push(item)
  }
  return items
}

/** A stream's events as the client resolves them; none for a stream that does not exist. */
const readResolved = (connection: Connection, stream: string, options: ReadStreamOptions): Promise<ResolvedEvent[]> =>
  withRetry(connection, async () => {
    try {
      return await drain(connection.client.readStream(stream, options))
    } catch (error) {
      if (error instanceof connection.esdb.StreamNotFoundError) {
        return []
      }
      throw error
    }
  })

export const readEvents = async (
  connection: Connection,
  stream: string,
  options: ReadStreamOptions,
): Promise<RecordedEvent[]> =>
  (await readResolved(connection, stream, options)).flatMap(({ event }) => (event ? [toRecordedEvent(event)] : []))

export const streamRevision = async (connection: Connection, stream: string): Promise<number> => {
  const { BACKWARDS, END } = connection.esdb
  const [last] = await readResolved(connection, stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })
  return last?.event ? Number(last.event.revision) : NO_STREAM
}

export const readAll = async (
  connection: Connection,
  { after, limit, streamPrefix }: ReadAllOptions,
): Promise<RecordedEvent[]> => {
  const page: RecordedEvent[] = []
  const batchSize = Math.max(limit, MIN_READ_ALL_BATCH)
  // Reads from a position include the event at it; `last` is the commit position already seen.
  let last = after === undefined ? -1n : decodePosition(after).commit
  while (page.length < limit) {
    const fromPosition = last < 0n ? connection.esdb.START : { commit: last, prepare: last }
    const read = () => drain(connection.client.readAll({ fromPosition, maxCount: batchSize }))
    const batch = await withRetry(connection, read)
    for (const { event } of batch) {
      if (!event || event.position.commit <= last) {
        continue
      }
      last = event.position.commit
      if (isSystemStream(event.streamId) || (streamPrefix && !event.streamId.startsWith(streamPrefix))) {
        continue
      }
      page.push(toRecordedEvent(event))
      if (page.length === limit) {
        break
      }
    }
    if (batch.length < batchSize) {
      break
    }
  }
  return page
}
