import type { EventStore } from '../../src/events/store.js'

/** Records the streams `store` reads from now until `restore`: which reads a step made. */
export const recordStreamReads = (store: EventStore): { reads: string[]; restore: () => void } => {
  const readStream = store.readStream.bind(store)
  const reads: string[] = []
  store.readStream = (stream, ...rest) => {
    reads.push(stream)
    return readStream(stream, ...rest)
  }
  return {
    reads,
    restore: () => {
      store.readStream = readStream
    },
  }
}
