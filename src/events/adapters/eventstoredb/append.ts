import type { Subject } from 'rxjs'

import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult } from '../../store.js'
import type { RecordedEvent } from '../../types.js'
import type { Connection } from './connection.js'

import { toConflictError, toEventData, toExpectedRevision } from '../eventstoredb-mapping.js'
import { withRetry } from './connection.js'
import { readEvents } from './reads.js'

/** Appends, reads the events back and publishes them on `committed`. */
export const append = async (
  connection: Connection,
  committed: Subject<RecordedEvent>,
  { events, expectedRevision, stream }: AppendRequest,
): Promise<AppendResult> => {
  const expected = toExpectedRevision(expectedRevision)
  // Ids are fixed once, before the first attempt, so that every retry proposes the same events.
  const proposed = events.map((event) => toEventData(event, uuidv7()))
  try {
    await withRetry(connection, () =>
      connection.client.appendToStream(stream, proposed, { expectedRevision: expected }),
    )
  } catch (error) {
    throw error instanceof connection.esdb.WrongExpectedVersionError ? toConflictError(error, stream, expectedRevision) : error
  }
  // The reply carries neither record times nor per-event positions: read the events back.
  const recorded = await readEvents(connection, stream, {
    fromRevision: BigInt(expectedRevision + 1),
    maxCount: events.length,
  })
  const written = recorded.map(({ eventId }) => eventId).join()
  if (written !== proposed.map(({ id }) => id).join()) {
    throw new Error(`Append to ${stream} succeeded, but revisions ${expectedRevision + 1}… hold other events`)
  }
  for (const event of recorded) {
    committed.next(structuredClone(event))
  }
  return { events: recorded, nextRevision: expectedRevision + events.length, stream }
}
