import type { Payload, Where } from 'payload'

import { AsyncLocalStorage } from 'node:async_hooks'

import type { EventStore } from '../../src/events/store.js'
import type { CatchUp, CatchUpHandler } from '../../src/projections/catch-up.js'

import { reservationStream } from '../../src/events/types.js'

/** A reservation document catch-up wrote, and what it said before. */
export interface DocumentWrite {
  at: string
  /** How old the stream's newest event was when catch-up wrote. */
  newestEventAgeMs?: number
  /** Fields the write changed (for an update). */
  changed?: string[]
  /** The revision the document said before (for an update). */
  from?: number
  id: string
  kind: 'create' | 'deleteOne' | 'updateOne'
  /** The revision it says now (for a create or an update). */
  to?: number
}

/** What catch-up passes did while watched: in a run without crashes, nothing needs repair. */
export interface CatchUpTally {
  /**
   * Reservation documents catch-up created, rewrote or deleted (the projector writes only where
   * a document differs from its stream) when every event of the stream was older than the grace
   * period: no request could still have been writing it, so the document had been left wrong.
   */
  documents: number
  /** The first few of those writes. */
  documentWrites: DocumentWrite[]
  /** Passes that failed (their error goes to the runtime's logger as well). */
  failed: number
  /** The first few failures' messages. */
  failures: string[]
  /** Hook checkpoints catch-up advanced, on the same terms: host hooks the request that appended their events did not deliver. */
  hooks: number
  /** The first few of those: the reservation, the checkpoint before and after, and the events it had not delivered. */
  hookWrites: { events: string[]; from: null | number; id: string; newestEventAgeMs?: number; to: unknown }[]
  /**
   * Document writes and hook checkpoints of catch-up on a reservation whose newest event was
   * younger than the grace period: the request that appended it may have been writing it at
   * that moment (catch-up projects the whole stream of a reservation it touches). Also document
   * updates that change no field: the request's save landed between the projector's read and
   * its write. Not repairs.
   */
  racedWithRequests: number
  passes: number
  /** Reservations catch-up brought up to their streams (most of them already were: not a repair count). */
  projected: number
  /** Claims a pass set right: released where no reservation held them, recorded where one was missing. */
  reconciled: number
}

const WRITES = ['create', 'updateOne', 'deleteOne'] as const

/** Whether `written` says anything `stored` does not; only the keys `written` sets count (groups come back with more). */
const differs = (stored: unknown, written: unknown): boolean => {
  if (written !== null && typeof written === 'object' && stored !== null && typeof stored === 'object') {
    if (Array.isArray(written)) {
      return !Array.isArray(stored) || stored.length !== written.length || written.some((item, i) => differs(stored[i], item))
    }
    return Object.entries(written).some(([key, value]) => differs((stored as Record<string, unknown>)[key], value))
  }
  return JSON.stringify(stored ?? null) !== JSON.stringify(written ?? null)
}

/**
 * Counts what every pass of `catchUp` does from now on, the runtime's own periodic passes
 * included (they call `catchUp.run()`, which this wraps): the claims it reconciles, as its
 * result says, and, through `payload.db`, every reservation document its projection writes.
 * `stop` unwraps all of it and returns the tally once the pass in progress, if any, is done.
 * Concurrent callers share one pass, so each pass is counted once.
 */
export const watchCatchUp = (
  catchUp: CatchUp,
  payload: Payload,
  { collection = 'reservations', graceMs, store }: { collection?: string; graceMs: number; store: EventStore },
): { stop(): Promise<CatchUpTally>; tally: CatchUpTally } => {
  const tally: CatchUpTally = {
    documents: 0,
    documentWrites: [],
    failed: 0,
    failures: [],
    hooks: 0,
    hookWrites: [],
    passes: 0,
    projected: 0,
    racedWithRequests: 0,
    reconciled: 0,
  }

  // Catch-up's handlers run in this context, and so do the database writes they make.
  const inCatchUp = new AsyncLocalStorage<true>()
  const internals = catchUp as unknown as { handlers: CatchUpHandler[] }
  const handlers = internals.handlers
  internals.handlers = internals.handlers.map((handler) => ({ handle: (touched) => inCatchUp.run(true, () => handler.handle(touched)) }))
  const db = payload.db as unknown as Record<(typeof WRITES)[number], (args: Record<string, unknown>) => Promise<unknown>>
  const originals = Object.fromEntries(WRITES.map((name) => [name, db[name]]))
  for (const name of WRITES) {
    const original = originals[name]
    db[name] = async function (this: unknown, args) {
      if (inCatchUp.getStore() && args.collection === collection) {
        const data = (args.data ?? {}) as Record<string, unknown>
        // The projector's writes are conditional: `{ and: [{ id: { equals } }, condition] }`.
        type IdWhere = { and?: IdWhere[]; id?: { equals?: unknown } }
        const idIn = (where: IdWhere | undefined): unknown => where?.id?.equals ?? where?.and?.map(idIn).find((found) => found !== undefined)
        const id = args.id ?? data.id ?? idIn(args.where as IdWhere | undefined)
        // A conditional write whose condition no longer holds writes nothing: not a repair.
        if (name === 'updateOne' && id !== undefined && args.where) {
          const matched = await payload.db.findOne({ collection, where: args.where as Where }).catch(() => null)
          if (!matched) {
            return original.call(this, args)
          }
        }
        const events = id === undefined ? [] : await store.readStream(reservationStream(String(id)))
        const newest = events.length === 0 ? undefined : Date.now() - Date.parse(events[events.length - 1].recordedAt)
        // The hooks checkpoint (with the ledger's updatedAt) is all emitHooks writes.
        const hooks = name === 'updateOne' && Object.keys(data).every((key) => key === 'ledgerHooksRevision' || key === 'updatedAt')
        if (newest !== undefined && newest < graceMs) {
          tally.racedWithRequests++
        } else if (hooks) {
          tally.hooks++
          if (tally.hookWrites.length < 5) {
            const before = (await payload.db.findOne({ collection, where: { id: { equals: id } } }).catch(() => null)) as null | Record<string, unknown>
            const from = typeof before?.ledgerHooksRevision === 'number' ? before.ledgerHooksRevision : null
            const pending = events.filter((event) => event.revision > (from ?? -1)).map((event) => `${event.type}@${event.revision} ${event.recordedAt}`)
            tally.hookWrites.push({ events: pending, from, id: String(id), newestEventAgeMs: newest, to: data.ledgerHooksRevision })
          }
        } else {
          // What the document said before: its revision, and the fields the write changes.
          const before =
            id === undefined
              ? null
              : ((await payload.db.findOne({ collection, where: { id: { equals: id } } }).catch(() => null)) as null | Record<string, unknown>)
          const changed = before ? Object.keys(data).filter((key) => differs(before[key], data[key])) : undefined
          if (name === 'updateOne' && changed?.length === 0) {
            // It writes what the document already says: a request's own save set it right
            // between the projector's read and this write. Nothing was left wrong.
            tally.racedWithRequests++
            return original.call(this, args)
          }
          tally.documents++
          if (tally.documentWrites.length < 5) {
            tally.documentWrites.push({
              at: new Date().toISOString(),
              ...(before ? { changed, from: before.ledgerRevision as number } : {}),
              id: String(id ?? JSON.stringify(args.where)),
              kind: name,
              ...(newest === undefined ? {} : { newestEventAgeMs: newest }),
              ...(typeof data.ledgerRevision === 'number' ? { to: data.ledgerRevision } : {}),
            })
          }
        }
      }
      return original.call(this, args)
    }
  }

  const counted = new WeakSet<Promise<unknown>>()
  const counting = new Set<Promise<unknown>>()
  const run = catchUp.run.bind(catchUp)
  catchUp.run = () => {
    const pass = run()
    if (!counted.has(pass)) {
      counted.add(pass)
      const done = pass.then(
        ({ projected, reconciled }) => {
          tally.passes++
          tally.projected += projected
          tally.reconciled += reconciled
        },
        (error: unknown) => {
          tally.failed++
          if (tally.failures.length < 3) {
            tally.failures.push(String(error instanceof Error ? error.message : error).slice(0, 300))
          }
        },
      )
      counting.add(done)
      void done.finally(() => counting.delete(done))
    }
    return pass
  }
  return {
    async stop() {
      // The prototype's `run` again.
      delete (catchUp as Partial<Pick<CatchUp, 'run'>>).run
      await Promise.all(counting)
      internals.handlers = handlers
      for (const name of WRITES) {
        db[name] = originals[name]
      }
      return tally
    },
    tally,
  }
}
