import type { Subscription } from 'rxjs'

import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'

import type { EventStore } from '../../../src/events/store.js'

import { NO_STREAM } from '../../../src/events/store.js'
import { LEDGER_STREAM_PREFIX } from '../../../src/events/types.js'
import { CatchUp } from '../../../src/projections/catch-up.js'
import { releasedEvent } from '../../support/ledger-fixtures.js'

/** Appends one event after another to a stream outside the ledger's prefix, noting when each was acknowledged. */
export interface AppendProbe {
  /** Acknowledgement times (epoch ms), in order. */
  acks: number[]
  /** Appends that failed (after the store's own retries). */
  failures: string[]
  stop(): Promise<void>
}

export const startAppendProbe = (store: EventStore, everyMs = 20): AppendProbe => {
  const stream = `probe-${randomUUID()}`
  const acks: number[] = []
  const failures: string[] = []
  let stopped = false
  const loop = (async () => {
    let revision = NO_STREAM
    while (!stopped) {
      try {
        revision = (await store.append({ events: [releasedEvent('probe', 'cluster-probe')], expectedRevision: revision, stream })).nextRevision
        acks.push(Date.now())
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error))
        revision = await store.streamRevision(stream).catch(() => revision)
      }
      await sleep(everyMs)
    }
  })()
  return {
    acks,
    failures,
    stop: async () => {
      stopped = true
      await loop
    },
  }
}

/** Polls `done` every 100 ms until it is true; after `timeoutMs`, fails saying what was awaited. */
export const until = async (done: () => boolean, what: () => string, timeoutMs: number): Promise<void> => {
  for (const deadline = Date.now() + timeoutMs; !done(); await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`${what()}: not within ${timeoutMs} ms`)
  }
}

/**
 * The longest time without an acknowledged append from the last acknowledgement before `at`
 * on, within `withinMs`: how long the ledger could not append around that instant.
 */
export const longestGap = (acks: readonly number[], at: number, withinMs = 60_000): number => {
  const from = acks.findLastIndex((ack) => ack <= at)
  let longest = 0
  for (let i = Math.max(0, from); i + 1 < acks.length && acks[i] <= at + withinMs; i++) {
    longest = Math.max(longest, acks[i + 1] - acks[i])
  }
  return longest
}

/** The ledger's events as any process commits them, counted from `after` on. */
export interface LedgerProgress {
  /** Resolves once `count` more events were committed than when it was called; fails after `timeoutMs`. */
  grows(count: number, what: string, timeoutMs?: number): Promise<void>
  stop(): void
}

export const watchLedger = (store: EventStore, after: string | undefined): LedgerProgress => {
  let seen = 0
  let seenAt = Date.now()
  let failure: unknown
  const subscription = store.subscribe!({ after, streamPrefix: LEDGER_STREAM_PREFIX }).subscribe({
    error: (error: unknown) => {
      failure = error
    },
    next: () => {
      seen++
      seenAt = Date.now()
    },
  })
  return {
    async grows(count, what, timeoutMs = 90_000) {
      const from = seen
      await until(
        () => {
          if (failure !== undefined) throw failure
          return seen >= from + count
        },
        () => `the ledger took ${seen - from} of ${count} events ${what} (the last ${Date.now() - seenAt} ms ago)`,
        timeoutMs,
      )
    },
    stop: () => subscription.unsubscribe(),
  }
}

/** A checkpoint in memory, shared by the catch-ups that follow one another. */
export interface MemoryCheckpoint {
  load(): Promise<string | undefined>
  position: string | undefined
  save(position: string): Promise<void>
}

export const memoryCheckpoint = (position: string | undefined): MemoryCheckpoint => {
  const checkpoint: MemoryCheckpoint = {
    load: () => Promise.resolve(checkpoint.position),
    position,
    save: (next) => {
      checkpoint.position = next
      return Promise.resolve()
    },
  }
  return checkpoint
}

/** Live catch-up (the product's `follow`) whose only handler notes each reservation event it is handed. */
export interface RecordingCatchUp {
  /** Positions of the reservation events handed to the handler, in order, by every catch-up this one was. */
  delivered: string[]
  errors: unknown[]
  /** Starts a catch-up from the checkpoint. */
  start(): void
  /** Stops the running one and waits for its run in progress. */
  stop(): Promise<void>
}

export const recordingCatchUp = (store: EventStore, checkpoint: MemoryCheckpoint): RecordingCatchUp => {
  const delivered: string[] = []
  const errors: unknown[] = []
  let running: { catchUp: CatchUp; subscription: Subscription } | undefined
  const handler = {
    handle: (touched: { events: { position: string }[] }) => {
      delivered.push(...touched.events.map(({ position }) => position))
      return Promise.resolve({})
    },
  }
  return {
    delivered,
    errors,
    start() {
      const catchUp = new CatchUp(store, [handler], checkpoint, { graceMs: 200, lookbackMs: 60_000, maxPages: 10, pageSize: 500, retryMs: 500 })
      running = { catchUp, subscription: catchUp.follow((error) => errors.push(error)) }
    },
    async stop() {
      running?.subscription.unsubscribe()
      await running?.catchUp.settle()
      running = undefined
    },
  }
}
