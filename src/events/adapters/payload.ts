import type { CollectionSlug, Payload } from 'payload'

import { Subject } from 'rxjs'
import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult, EventStore } from '../store.js'
import type { RecordedEvent, StoredEvent } from '../types.js'
import type { EventRow } from './payload-rows.js'

import { createPayloadCallRows } from './payload-calls.js'
import { DEFAULT_EVENTS_COLLECTION } from './payload-collection.js'
import { toRecorded } from './payload-rows.js'
import { createSqlEventRows, ROWS_PER_INSERT, sqlEvents } from './payload-sql.js'

export interface PayloadEventStoreOptions {
  /** Slug of the collection made by `reservationEventsCollection`. */
  collection?: CollectionSlug
}

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The smallest string that sorts at the given millisecond among UUIDv7 positions: below every
 * id generated in that millisecond.
 */
const positionAt = (milliseconds: number): string => {
  const hex = Math.max(0, milliseconds).toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8)}-0000-0000-000000000000`
}

/**
 * The embedded event store: events are rows of a Payload collection in the host's database,
 * written and read below Payload's operations (no hooks, access control or population).
 *
 * On the SQL adapters (SQLite, PostgreSQL) it runs its own statements on their drizzle
 * database (`payload-sql.ts`); on others (MongoDB) it makes Payload's adapter calls
 * (`payload-calls.ts`). Either way the unique index on (stream, revision) is the concurrency
 * control: of concurrent writers to one stream exactly one insert succeeds. Positions are the
 * UUIDv7 event ids, which sort in creation time but may commit out of that order across
 * writers, hence `rewind`. Atomic multi-stream appends are offered where transactions are real:
 * PostgreSQL and a MongoDB replica set (SQLite runs with transactions off, see
 * docs/ARCHITECTURE.md, "Event stores (`src/events/adapters`)").
 */
export const createPayloadEventStore = (
  payload: Payload,
  { collection = DEFAULT_EVENTS_COLLECTION }: PayloadEventStoreOptions = {},
): EventStore => {
  const sql = sqlEvents(payload.db, collection)
  const rows = sql ? createSqlEventRows(sql) : createPayloadCallRows(payload, collection)
  const committed = new Subject<RecordedEvent>()

  const publish = (results: AppendResult[]): void => {
    for (const { events } of results) {
      for (const event of events) {
        committed.next(event)
      }
    }
  }

  const { appendAtomically } = rows
  return {
    async append(request) {
      const result = await rows.append(request)
      publish([result])
      return result
    },
    ...(appendAtomically && {
      async appendAtomically(requests: AppendRequest[]) {
        const results = await appendAtomically(requests)
        publish(results)
        return results
      },
    }),
    close() {
      committed.complete()
      return Promise.resolve()
    },
    committed: committed.asObservable(),
    kind: 'payload',
    readAll: (options) => rows.readAll(options),
    async readStream<E extends StoredEvent>(stream: string, fromRevision = 0, limit?: number) {
      return (await rows.readStream(stream, fromRevision, limit)) as RecordedEvent<E>[]
    },
    rewind(position, milliseconds) {
      const match = UUID.exec(position)
      if (!match) {
        throw new Error(`Not a position of the payload event store: ${position}`)
      }
      return positionAt(Number.parseInt(match[1] + match[2], 16) - milliseconds)
    },
    streamRevision: (stream) => rows.head(stream),
  }
}

/**
 * Loads pre-decided history into the embedded store's collection many rows per statement, for
 * seeding a ledger that nothing else writes to meanwhile (the benchmark in bench/ seeds 10^5
 * reservations this way; `append` costs a statement per append). It is not part of the store:
 * it reads no heads and notifies no one. Each request's events go at
 * `expectedRevision + 1` on; the unique (stream, revision) index is the only check, and a
 * clash fails its batch. Events are recorded at their decision time (`metadata.at`, or the
 * previous event's time when that is later), so loaded history keeps its own timeline and
 * catch-up sees it as old; positions increase in the order given. Callers hydrate busy
 * indexes and write documents themselves. SQL adapters insert in batches, others row by row.
 */
export const bulkLoadPayloadEvents = async (
  payload: Payload,
  requests: AppendRequest[],
  { collection = DEFAULT_EVENTS_COLLECTION }: PayloadEventStoreOptions = {},
): Promise<AppendResult[]> => {
  const clock = { msecs: -Infinity, seq: 0 }
  const rows: EventRow[] = []
  const results = requests.map(({ events, expectedRevision, stream }): AppendResult => {
    const recorded = events.map((event, index) => {
      const at = Date.parse(event.metadata.at)
      clock.seq = at > clock.msecs ? 0 : clock.seq + 1
      clock.msecs = Math.max(at, clock.msecs)
      const row: EventRow = {
        data: event.data,
        eventId: uuidv7({ msecs: clock.msecs, seq: clock.seq }),
        metadata: event.metadata,
        recordedAt: new Date(clock.msecs).toISOString(),
        revision: expectedRevision + 1 + index,
        stream,
        type: event.type,
      }
      rows.push(row)
      return toRecorded(row)
    })
    return { events: recorded, nextRevision: expectedRevision + events.length, stream }
  })
  const sql = sqlEvents(payload.db, collection)
  if (sql) {
    for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
      await sql.db.insert(sql.table).values(rows.slice(from, from + ROWS_PER_INSERT))
    }
  } else {
    for (const row of rows) {
      await payload.db.create({ collection, data: { ...row }, returning: false })
    }
  }
  return results
}
