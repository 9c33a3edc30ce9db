import type { AppendRequest, AppendResult, EventStore } from '../store.js'
import type { NewEvent, RecordedEvent, StoredEvent } from '../types.js'
import type { ChainHead, HashedContent } from './event-hash.js'

import { WrongExpectedRevisionError } from '../store.js'
import { ChainHeads } from './chain-heads.js'
import { chainHash, foldChain, sealMetadata } from './event-hash.js'

/**
 * The hash of `stream`'s event at `revision`, read from `store`: the one it carries, else (an
 * event written before hashing) the chain folded from revision 0. Undefined when there is no
 * such event.
 */
export const chainHashAt = async (store: EventStore, stream: string, revision: number): Promise<string | undefined> => {
  const [event] = await store.readStream(stream, revision, 1)
  if (!event) {
    return undefined
  }
  return event.metadata.hash ?? foldChain(await store.readStream(stream, 0, revision + 1))?.hash
}

/**
 * What a read tells of a stream's head: the last event read when it carries its hash, or
 * chains on from what was known (legacy events get the hashes they would have had).
 */
const headAfter = (known: ChainHead | undefined, events: HashedContent[]): ChainHead | undefined => {
  let head = known
  for (const event of events) {
    if (event.metadata.hash !== undefined) {
      head = { hash: event.metadata.hash, revision: event.revision }
    } else if (event.revision === (head ? head.revision + 1 : 0)) {
      head = { hash: chainHash(event, head?.hash ?? null), revision: event.revision }
    }
  }
  return head
}

/** The hash the event after `expectedRevision` chains to: known to this process or this request, else read. */
const hashBefore = async (
  store: EventStore,
  known: ChainHead | undefined,
  stream: string,
  expectedRevision: number,
): Promise<null | string> => {
  if (expectedRevision < 0) {
    return null
  }
  if (known?.revision === expectedRevision) {
    return known.hash
  }
  const hash = await chainHashAt(store, stream, expectedRevision)
  if (hash === undefined) {
    throw new WrongExpectedRevisionError(stream, expectedRevision, await store.streamRevision(stream))
  }
  return hash
}

/** The requests with their events sealed, in order, each continuing any earlier one to its stream. */
const seal = async (store: EventStore, heads: ChainHeads, requests: AppendRequest[]): Promise<AppendRequest[]> => {
  const sealing = new Map<string, ChainHead>()
  const sealed: AppendRequest[] = []
  for (const request of requests) {
    const { events, expectedRevision, stream } = request
    if (events.length === 0) {
      sealed.push(request)
      continue
    }
    let previous = await hashBefore(store, sealing.get(stream) ?? heads.get(stream), stream, expectedRevision)
    const withHashes = events.map((event, index): NewEvent<StoredEvent> => {
      const metadata = sealMetadata({ ...event, revision: expectedRevision + 1 + index, stream }, previous)
      previous = metadata.hash!
      return { ...event, metadata }
    })
    sealing.set(stream, { hash: previous!, revision: expectedRevision + events.length })
    sealed.push({ ...request, events: withHashes })
  }
  return sealed
}

/**
 * Wraps any store so that every event it appends carries its hash chain: `metadata.hash` over
 * its stream, revision, type, data and metadata and the previous event's hash, which it also
 * carries as `metadata.previousHash` (see `event-hash.ts`). What is appended where, with which
 * expected revision, is the caller's as before: only the metadata grows.
 *
 * The previous hash comes from the heads this process last saw (its own appends and its reads
 * through this store); an append expecting another revision reads that one event first, and
 * one expecting a revision the stream does not have fails as the store itself would.
 */
export const hashChained = (store: EventStore): EventStore => {
  const heads = new ChainHeads()

  const remember = (results: AppendResult[]): void => {
    for (const { events, stream } of results) {
      const last = events[events.length - 1]
      if (last?.metadata.hash !== undefined) {
        heads.advance(stream, { hash: last.metadata.hash, revision: last.revision })
      }
    }
  }

  const appendAtomically = store.appendAtomically?.bind(store)
  return {
    async append(request) {
      const [sealed] = await seal(store, heads, [request])
      const result = await store.append(sealed)
      remember([result])
      return result
    },
    ...(appendAtomically && {
      async appendAtomically(requests: AppendRequest[]) {
        const results = await appendAtomically(await seal(store, heads, requests))
        remember(results)
        return results
      },
    }),
    close: () => store.close(),
    committed: store.committed,
    kind: store.kind,
    readAll: (options) => store.readAll(options),
    async readStream<E extends StoredEvent>(stream: string, fromRevision?: number, limit?: number) {
      const events = await store.readStream(stream, fromRevision, limit)
      const head = headAfter(heads.get(stream), events)
      if (head) {
        heads.advance(stream, head)
      }
      return events as RecordedEvent<E>[]
    },
    rewind: (position, milliseconds) => store.rewind(position, milliseconds),
    streamRevision: (stream) => store.streamRevision(stream),
    ...(store.subscribe && { subscribe: store.subscribe.bind(store) }),
  }
}
