import { createHash } from 'node:crypto'

import type { EventMetadata } from '../types.js'

import { canonicalJson } from './canonical-json.js'

/** What an event's hash covers: all of it but what the store assigns (id, position, record time). */
export interface HashedContent {
  data: unknown
  metadata: EventMetadata
  revision: number
  stream: string
  type: string
}

/** A stream's last event as a chain knows it. */
export interface ChainHead {
  hash: string
  revision: number
}

/**
 * SHA-256 (hex) of the canonical JSON of `{ data, metadata, previousHash, revision, stream,
 * type }`, the metadata without its own `hash` and `previousHash`. `previousHash` is the hash of
 * the stream's previous event (`null` at revision 0), which chains each stream: changing,
 * removing or moving an event changes every hash after it.
 */
export const eventHash = ({ data, metadata, revision, stream, type }: HashedContent, previousHash: null | string): string => {
  const content: Partial<EventMetadata> = { ...metadata }
  delete content.hash
  delete content.previousHash
  return createHash('sha256')
    .update(canonicalJson({ data, metadata: content, previousHash, revision, stream, type }))
    .digest('hex')
}

/**
 * The hash an event has in its chain: the one it carries, or, for an event written before
 * hashing began (or by a process that does not hash), the one it would have had.
 */
export const chainHash = (event: HashedContent, previousHash: null | string): string =>
  event.metadata.hash ?? eventHash(event, previousHash)

/** The metadata an event is appended with: its own plus its hash and its predecessor's. */
export const sealMetadata = (event: HashedContent, previousHash: null | string): EventMetadata => {
  const metadata: EventMetadata = { ...event.metadata, previousHash }
  delete metadata.hash
  return { ...metadata, hash: eventHash({ ...event, metadata }, previousHash) }
}

/**
 * Folds a stream's events from revision 0, in revision order, to the hash of its last one.
 * Undefined when they do not start at 0 or skip a revision.
 */
export const foldChain = (events: HashedContent[]): ChainHead | undefined => {
  let head: ChainHead | undefined
  for (const event of events) {
    if (event.revision !== (head ? head.revision + 1 : 0)) {
      return undefined
    }
    head = { hash: chainHash(event, head?.hash ?? null), revision: event.revision }
  }
  return head
}
