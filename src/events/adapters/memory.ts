import { filter, Observable, Subject } from 'rxjs'
import { v7 as uuidv7 } from 'uuid'

import type { AppendRequest, AppendResult, EventStore, ReadAllOptions, SubscribeOptions } from '../store.js'
import type { LedgerEvent, RecordedEvent } from '../types.js'

import { NO_STREAM, WrongExpectedRevisionError } from '../store.js'

const POSITION_WIDTH = 16

/** An in-process store: the reference implementation of the port, used by unit tests. */
export const createMemoryEventStore = (): EventStore => {
  const streams = new Map<string, RecordedEvent[]>()
  const all: RecordedEvent[] = []
  const committed = new Subject<RecordedEvent>()

  const head = (stream: string): number => (streams.get(stream)?.length ?? 0) - 1

  /**
   * Checks requests in order as if each were applied, so two requests to one stream in an
   * atomic append cannot both claim the same revisions.
   */
  const check = (requests: AppendRequest[]): void => {
    const heads = new Map<string, number>()
    for (const { events, expectedRevision, stream } of requests) {
      const actual = heads.get(stream) ?? head(stream)
      if (actual !== expectedRevision) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual)
      }
      heads.set(stream, expectedRevision + events.length)
    }
  }

  const write = ({ events, expectedRevision, stream }: AppendRequest): AppendResult => {
    const list = streams.get(stream) ?? []
    streams.set(stream, list)
    const recorded = events.map((event, index): RecordedEvent => {
      // Stored events are copies, as in a database: callers mutating theirs change nothing here.
      const record = {
        ...structuredClone(event),
        eventId: uuidv7(),
        position: String(all.length + 1).padStart(POSITION_WIDTH, '0'),
        recordedAt: new Date().toISOString(),
        revision: expectedRevision + 1 + index,
        stream,
      } as RecordedEvent
      list.push(record)
      all.push(record)
      return record
    })
    return { events: structuredClone(recorded), nextRevision: expectedRevision + events.length, stream }
  }

  const publish = (results: AppendResult[]): void => {
    for (const result of results) {
      for (const event of result.events) {
        committed.next(structuredClone(event))
      }
    }
  }

  return {
    // async, so that a rejected append is a rejected promise rather than a synchronous throw.
    async append(request) {
      check([request])
      const result = write(request)
      publish([result])
      return result
    },
    async appendAtomically(requests) {
      check(requests)
      const results = requests.map(write)
      publish(results)
      return results
    },
    close() {
      committed.complete()
      return Promise.resolve()
    },
    committed: committed.asObservable(),
    kind: 'memory',
    readAll({ after, limit, streamPrefix }: ReadAllOptions) {
      const start = after === undefined ? 0 : Number(after)
      const page: RecordedEvent[] = []
      for (let index = start; index < all.length && page.length < limit; index++) {
        if (!streamPrefix || all[index].stream.startsWith(streamPrefix)) {
          page.push(structuredClone(all[index]))
        }
      }
      return Promise.resolve(page)
    },
    readStream<E extends LedgerEvent>(stream: string, fromRevision = 0, limit = Infinity) {
      const list = streams.get(stream) ?? []
      const from = Math.max(0, fromRevision)
      return Promise.resolve(structuredClone(list.slice(from, from + limit)) as RecordedEvent<E>[])
    },
    rewind: (position) => position,
    streamRevision(stream) {
      return Promise.resolve(streams.has(stream) ? head(stream) : NO_STREAM)
    },
    subscribe: ({ after, streamPrefix }: SubscribeOptions) =>
      new Observable<RecordedEvent>((subscriber) => {
        const matches = (event: RecordedEvent) => !streamPrefix || event.stream.startsWith(streamPrefix)
        // Appends run synchronously, so none can slip in between this replay and the live feed;
        // the loop re-reads the length, for appends made by the subscriber's own handler.
        let index = after === undefined ? 0 : Number(after)
        for (; index < all.length && !subscriber.closed; index++) {
          if (matches(all[index])) {
            subscriber.next(structuredClone(all[index]))
          }
        }
        const replayed = index
        return committed
          .pipe(filter((event) => Number(event.position) > replayed && matches(event)))
          .subscribe(subscriber)
      }),
  }
}
