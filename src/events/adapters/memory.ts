import { filter, Observable, Subject } from 'rxjs'
import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult, EventStore, ReadAllOptions, SubscribeOptions } from '../store.js'
import type { RecordedEvent, StoredEvent } from '../types.js'

import { NO_STREAM, WrongExpectedRevisionError } from '../store.js'

const POSITION_WIDTH = 16

/** What the memory store holds: each stream's events, all of them in append order, and the feed of new ones. */
interface MemoryLog {
  all: RecordedEvent[]
  committed: Subject<RecordedEvent>
  streams: Map<string, RecordedEvent[]>
}

const head = (log: MemoryLog, stream: string): number => (log.streams.get(stream)?.length ?? 0) - 1

/**
 * Checks requests in order as if each were applied, so two requests to one stream in an
 * atomic append cannot both claim the same revisions.
 */
const check = (log: MemoryLog, requests: AppendRequest[]): void => {
  const heads = new Map<string, number>()
  for (const { events, expectedRevision, stream } of requests) {
    const actual = heads.get(stream) ?? head(log, stream)
    if (actual !== expectedRevision) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, actual)
    }
    heads.set(stream, expectedRevision + events.length)
  }
}

const write = (log: MemoryLog, { events, expectedRevision, stream }: AppendRequest): AppendResult => {
  const list = log.streams.get(stream) ?? []
  log.streams.set(stream, list)
  const recorded = events.map((event, index): RecordedEvent => {
    // Stored events are copies, as in a database: callers mutating theirs change nothing here.
    const record = {
      ...structuredClone(event),
      eventId: uuidv7(),
      position: String(log.all.length + 1).padStart(POSITION_WIDTH, '0'),
      recordedAt: new Date().toISOString(),
      revision: expectedRevision + 1 + index,
      stream,
    } as RecordedEvent
    list.push(record)
    log.all.push(record)
    return record
  })
  return { events: structuredClone(recorded), nextRevision: expectedRevision + events.length, stream }
}

const publish = (log: MemoryLog, results: AppendResult[]): void => {
  for (const result of results) {
    for (const event of result.events) {
      log.committed.next(structuredClone(event))
    }
  }
}

const readAll = (log: MemoryLog, { after, limit, streamPrefix }: ReadAllOptions): RecordedEvent[] => {
  const start = after === undefined ? 0 : Number(after)
  const page: RecordedEvent[] = []
  for (let index = start; index < log.all.length && page.length < limit; index++) {
    if (!streamPrefix || log.all[index].stream.startsWith(streamPrefix)) {
      page.push(structuredClone(log.all[index]))
    }
  }
  return page
}

const subscribe = (log: MemoryLog, { after, fromEnd, streamPrefix }: SubscribeOptions): Observable<RecordedEvent> =>
  new Observable<RecordedEvent>((subscriber) => {
    const matches = (event: RecordedEvent) => !streamPrefix || event.stream.startsWith(streamPrefix)
    // Appends run synchronously, so none can slip in between this replay and the live feed;
    // the loop re-reads the length, for appends made by the subscriber's own handler.
    let index = after === undefined ? (fromEnd ? log.all.length : 0) : Number(after)
    for (; index < log.all.length && !subscriber.closed; index++) {
      if (matches(log.all[index])) {
        subscriber.next(structuredClone(log.all[index]))
      }
    }
    const replayed = index
    return log.committed
      .pipe(filter((event) => Number(event.position) > replayed && matches(event)))
      .subscribe(subscriber)
  })

/** An in-process store: the reference implementation of the port, used by unit tests. */
export const createMemoryEventStore = (): EventStore => {
  const log: MemoryLog = { all: [], committed: new Subject<RecordedEvent>(), streams: new Map() }

  return {
    // async, so that a rejected append is a rejected promise rather than a synchronous throw.
    async append(request) {
      check(log, [request])
      const result = write(log, request)
      publish(log, [result])
      return result
    },
    async appendAtomically(requests) {
      check(log, requests)
      const results = requests.map((request) => write(log, request))
      publish(log, results)
      return results
    },
    close() {
      log.committed.complete()
      return Promise.resolve()
    },
    committed: log.committed.asObservable(),
    kind: 'memory',
    readAll: (options) => Promise.resolve(readAll(log, options)),
    readStream<E extends StoredEvent>(stream: string, fromRevision = 0, limit = Infinity) {
      const list = log.streams.get(stream) ?? []
      const from = Math.max(0, fromRevision)
      return Promise.resolve(structuredClone(list.slice(from, from + limit)) as RecordedEvent<E>[])
    },
    rewind: (position) => position,
    streamRevision(stream) {
      return Promise.resolve(log.streams.has(stream) ? head(log, stream) : NO_STREAM)
    },
    subscribe: (options) => subscribe(log, options),
  }
}
